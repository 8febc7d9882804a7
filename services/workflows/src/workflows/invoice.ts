import type { EInvoiceDecision, VatIdVerdict } from '@belegfluss/shared';
import { afterViesUnavailable, planInvoice } from '@belegfluss/shared/workflow';
import type { OrderState } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities, shopifyActivities, viesActivities } from './activity-options';
import { invoiceCoverage } from './corrections';
import { decisionContext, log, logDecision, type StepOutcome } from './decisions';

const { issueInvoiceWithContact } = lexwareActivities;
const { resolveEInvoice } = shopifyActivities;
const { checkVatId, tellVatIdUnconfirmed } = viesActivities;

/**
 * The e-invoice decision (the buyer's Leitweg-ID, net for B2B). Asked only of shops that set it up,
 * so other orders cost no extra activity.
 */
async function eInvoiceOf(
  shopId: string,
  order: NonNullable<OrderState['order']>,
  ctx: ShopContext,
): Promise<EInvoiceDecision> {
  const configured = ctx.prefs.contact.leitwegSource !== 'none' || ctx.prefs.contact.eInvoiceNet;
  return configured ? resolveEInvoice(shopId, order) : { ok: true, xRechnung: null, net: false };
}

/** Creates the order's invoice once it is due; every other answer is logged with its reason. */
export async function issueInvoiceIfDue(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.invoice) return 'skipped';
  const due = planInvoice(order, ctx, [], decisionContext(state));
  if (due.action === 'skip') {
    state.waitingFor = due.reason === 'WAIT' ? `WAIT:${ctx.invoice.invoiceEvent}` : null;
    await logDecision(shopId, state, 'invoice', due.reason, due.reason === 'WAIT' ? 'info' : 'warning');
    return 'skipped';
  }
  const eInvoice = await eInvoiceOf(shopId, order, ctx);
  if (!eInvoice.ok) {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', eInvoice.reason, 'warning', { leitwegId: eInvoice.value });
    return 'unprocessable';
  }
  let plan = eInvoice.xRechnung || eInvoice.net ? planInvoice(order, ctx, [], decisionContext(state), eInvoice) : due;
  if (plan.action === 'skip') return 'skipped'; // the same decision as above: planning again changes only the e-invoice part
  if (plan.action === 'unprocessable') {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', plan.reason, 'warning', { message: plan.message });
    return 'unprocessable';
  }
  // A tax-free intra-community invoice only on an ID VIES confirmed; otherwise the same rule plans it with VAT.
  if (plan.regime.kind === 'intraCommunitySupply' && plan.regime.vatId) {
    const verdict = await confirmVatId(shopId, state, ctx, plan.regime.vatId);
    if (verdict === 'wait') return 'skipped';
    if (verdict !== 'valid')
      plan = planInvoice(order, ctx, [], { ...decisionContext(state), vatIdVerdict: verdict }, eInvoice);
    if (plan.action !== 'create') return 'skipped'; // planned as above: only the tax rule's input changed
  }
  const { regime } = plan;
  const contact = { ...plan.contact, shopDomain: shopId };
  // One activity for contact and invoice (it names the contact it used). It reads the shop's settings itself: they
  // are in this history once already (the round's context), and the activity needs them in full.
  const result = await issueInvoiceWithContact(shopId, order, contact, regime);
  if (result.outcome === 'NO_CREDITS') {
    state.lastDecision = 'NO_CREDITS';
    state.waitingFor = 'NO_CREDITS';
    return 'skipped';
  }
  // The result names the invoice's contact: a new one when Lexware refused ours and the activity made it anew.
  state.invoice = {
    documentId: result.documentId,
    lexwareId: result.lexwareId,
    number: result.number,
    status: result.status,
    contactId: result.contactId ?? null,
  };
  state.regime = regime;
  // What this invoice covers, so a later edit of the order is corrected for the difference.
  state.covered = invoiceCoverage(order, ctx, regime);
  state.lastDecision = result.outcome;
  state.waitingFor = null;
  return 'successful';
}

/**
 * Asks VIES about the buyer's USt-IdNr. and logs its answer with the evidence. While VIES or the member state's
 * register can't answer, the order waits (`state.viesWait`, the loop's durable timer asks again) until the
 * merchant's wait is over, then follows their choice: invoice with VAT, or keep waiting; they are told either way.
 */
async function confirmVatId(
  shopId: string,
  state: OrderState,
  ctx: ShopContext,
  vatId: string,
): Promise<VatIdVerdict | 'wait'> {
  const order = state.order!;
  const orderId = String(order.id);
  const entry = { shopId, origin: 'invoice' as const, orderId, orderName: order.name };
  const { check, retryMs } = await checkVatId(shopId, vatId, ctx.prefs.contact.ownVatId || null, {
    email: order.email ?? null,
    orderId,
  });
  if (check.status === 'answered') {
    const { evidence } = check;
    state.viesWait = null;
    await log({
      ...entry,
      event: evidence.valid ? 'vatid.confirmed' : 'vatid.invalid',
      status: evidence.valid ? 'success' : 'warning',
      body: { ...evidence },
    });
    if (evidence.valid) return 'valid';
    await tellVatIdUnconfirmed(shopId, { orderId, orderName: order.name, vatId, outcome: 'invalid' });
    return 'invalid';
  }
  const now = Date.now();
  const earlier = state.viesWait?.vatId === vatId ? state.viesWait : null;
  const wait = earlier ?? { vatId, since: now, retryAt: now, told: false };
  const step = afterViesUnavailable(ctx.prefs.contact, { since: wait.since, now, retryMs });
  if (step.action === 'invoiceWithVat') {
    state.viesWait = null;
    await log({ ...entry, event: 'vatid.unconfirmed', status: 'warning', body: { vatId, outcome: 'withVat' } });
    await tellVatIdUnconfirmed(shopId, { orderId, orderName: order.name, vatId, outcome: 'withVat' });
    return 'unconfirmed';
  }
  // Once per wait, not per attempt: a day of retries would otherwise fill the log.
  if (!earlier)
    await log({
      ...entry,
      event: 'vatid.unavailable',
      status: 'info',
      body: { vatId, error: check.error, message: check.message, retryAt: new Date(step.retryAt).toISOString() },
    });
  if (step.over && !wait.told) {
    await log({ ...entry, event: 'vatid.unconfirmed', status: 'warning', body: { vatId, outcome: 'waiting' } });
    await tellVatIdUnconfirmed(shopId, { orderId, orderName: order.name, vatId, outcome: 'waiting' });
  }
  state.viesWait = { vatId, since: wait.since, retryAt: step.retryAt, told: wait.told || step.over };
  state.waitingFor = 'VIES';
  return 'wait';
}
