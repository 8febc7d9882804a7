import { proxyActivities } from '@temporalio/workflow';
import {
  chooseTaxRegime, decideCreditNote, decideInvoice, defaultRegime, type LogOrigin, type ShopifyRefund,
} from '@belegfluss/shared';
import type { LexofficeEvent, OrderState } from '../api';
import type { Activities, ShopContext } from '../activities';

const { writeLog } = proxyActivities<Activities>({ startToCloseTimeout: '30s', retry: { initialInterval: '1s', maximumInterval: '1m' } });

// Lexware calls share a 2 requests/s budget per connection and may meet 429s: retry patiently.
const { ensureContact, issueInvoice, issueCreditNote, refreshDocument, markOrderPaid } = proxyActivities<Activities>({
  startToCloseTimeout: '15m',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '5m', nonRetryableErrorTypes: ['LEXOFFICE_REJECTED', 'NOT_INSTALLED'] },
});

/** Outcomes that count as processed, not as failures (spec 2 §8). */
const PROCESSED = new Set<string>(['UNCHANGED', 'EXISTING', 'RECEIPT_NOT_FOUND']);

export type StepOutcome = 'successful' | 'skipped' | 'unprocessable';

async function logDecision(shopId: string, state: OrderState, origin: LogOrigin, reason: string, status: 'info' | 'warning', extra: Record<string, unknown> = {}) {
  const order = state.order!;
  if (state.lastDecision === reason) return; // the same answer again is not news
  state.lastDecision = reason;
  await writeLog({ shopId, origin, event: `${origin}.skipped`, status, orderId: String(order.id), orderName: order.name, body: { reason, ...extra } });
}

/** Creates the order's invoice once it is due; every other answer is logged with its reason. */
export async function issueInvoiceIfDue(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.invoice) return 'skipped';
  const decision = decideInvoice(order, ctx.invoice);
  if (decision.action === 'skip') {
    state.waitingFor = decision.reason === 'WAIT' ? `WAIT:${ctx.invoice.invoiceEvent}` : null;
    await logDecision(shopId, state, 'invoice', decision.reason, decision.reason === 'WAIT' ? 'info' : 'warning');
    return 'skipped';
  }
  const chosen = chooseTaxRegime(order, ctx.profile ?? { smallBusiness: false }, { ...ctx.prefs.invoice, ...ctx.prefs.contact });
  if (!chosen.ok) {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', chosen.reason, 'warning', { message: chosen.message });
    return 'unprocessable';
  }
  const regime = chosen.regime;
  const contactId = await ensureContact(shopId, order, {
    prefs: ctx.prefs.contact, vatId: regime.vatId, required: regime.taxFree && regime.taxType !== 'vatfree', shopDomain: shopId,
  });
  const result = await issueInvoice(shopId, order, contactId, regime);
  if (result.outcome === 'NO_CREDITS') {
    state.lastDecision = 'NO_CREDITS';
    state.waitingFor = 'NO_CREDITS';
    return 'skipped';
  }
  state.invoice = { documentId: result.documentId, lexofficeId: result.lexofficeId, number: result.number, status: result.status, contactId };
  state.regime = regime;
  state.lastDecision = result.outcome;
  state.waitingFor = null;
  return 'successful';
}

/** Turns each pending refund into a credit note linked to the invoice, or says why not. */
export async function creditRefunds(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.pendingRefunds.length === 0) return 'skipped';
  let outcome: StepOutcome = 'skipped';
  const stillPending: ShopifyRefund[] = [];
  for (const refund of state.pendingRefunds) {
    const decision = decideCreditNote(order, refund, ctx.credit, {
      invoice: state.invoice ? { id: state.invoice.lexofficeId, status: state.invoice.status as 'open' } : null,
      invoiceDecision: state.invoice ? undefined : decideInvoice(order, ctx.invoice),
      existingCredit: state.credits.some((c) => c.refundId === refund.id),
    });
    if (decision.action === 'wait') {
      stillPending.push(refund);
      state.waitingFor = decision.reason;
      await logDecision(shopId, state, 'credit', decision.reason, 'info', { refund: refund.id });
      continue;
    }
    state.settledRefundIds.push(refund.id);
    if (decision.action === 'skip') {
      await logDecision(shopId, state, 'credit', decision.reason, PROCESSED.has(decision.reason) ? 'info' : 'warning', { refund: refund.id });
      continue;
    }
    const result = await issueCreditNote(shopId, order, refund, { lexofficeId: decision.precedingInvoiceId, contactId: state.invoice?.contactId ?? null }, state.regime ?? defaultRegime(order));
    if (result.outcome === 'NO_CREDITS') {
      state.settledRefundIds.pop();
      stillPending.push(refund);
      state.waitingFor = 'NO_CREDITS';
      continue;
    }
    state.credits.push({ documentId: result.documentId, lexofficeId: result.lexofficeId, number: result.number, status: result.status, refundId: refund.id });
    outcome = 'successful';
  }
  state.pendingRefunds = stillPending;
  if (stillPending.length === 0 && state.waitingFor?.startsWith('WAIT_FOR')) state.waitingFor = null;
  return outcome;
}

/**
 * Lexware says one of the order's documents changed (paid, voided…): read its status,
 * and when the invoice is paid and the shop wants it, mark the Shopify order paid too.
 */
export async function applyLexofficeEvents(shopId: string, state: OrderState, ctx: ShopContext, events: LexofficeEvent[]): Promise<void> {
  for (const resourceId of [...new Set(events.map((e) => e.resourceId))]) {
    const doc = state.invoice?.lexofficeId === resourceId ? state.invoice : state.credits.find((c) => c.lexofficeId === resourceId);
    if (!doc) continue;
    const fresh = await refreshDocument(shopId, resourceId);
    if (!fresh) continue;
    doc.status = fresh.status;
    if (doc === state.invoice && fresh.status === 'paid' && ctx.prefs.orderHandling.syncOrderPayment && state.order) {
      if ((await markOrderPaid(shopId, state.order)) === 'marked') state.order = { ...state.order, financial_status: 'paid' };
    }
  }
}
