import type { EInvoiceDecision } from '@belegfluss/shared';
import { planInvoice } from '@belegfluss/shared/workflow';
import type { OrderState } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities, shopifyActivities } from './activity-options';
import { decisionContext, logDecision, type StepOutcome } from './decisions';

const { issueInvoiceWithContact } = lexwareActivities;
const { resolveEInvoice } = shopifyActivities;

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
  const plan = eInvoice.xRechnung || eInvoice.net ? planInvoice(order, ctx, [], decisionContext(state), eInvoice) : due;
  if (plan.action === 'skip') return 'skipped'; // the same decision as above: planning again changes only the e-invoice part
  if (plan.action === 'unprocessable') {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', plan.reason, 'warning', { message: plan.message });
    return 'unprocessable';
  }
  const { regime } = plan;
  const contact = { ...plan.contact, shopDomain: shopId };
  // One activity for contact and invoice (it names the contact it used). It builds with this same context (plus
  // the order's metafields) instead of loading the settings again.
  const result = await issueInvoiceWithContact(shopId, order, contact, regime, ctx);
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
  state.lastDecision = result.outcome;
  state.waitingFor = null;
  return 'successful';
}
