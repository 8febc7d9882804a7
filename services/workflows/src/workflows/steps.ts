import { patched, proxyActivities } from '@temporalio/workflow';
import {
  chooseTaxRegime, contactRequired, decideCreditNote, decideInvoice, defaultRegime, type EInvoiceDecision, type InvoiceDecisionContext, type LogOrigin, type ShopifyRefund,
} from '@belegfluss/shared';
import type { LexofficeEvent, OrderState } from '../api';
import type { Activities, ShopContext } from '../activities';

const { writeLog } = proxyActivities<Activities>({ startToCloseTimeout: '30s', retry: { initialInterval: '1s', maximumInterval: '1m' } });

// Lexware calls share a 2 requests/s budget per connection and may meet 429s: retry patiently.
const { ensureContact, issueInvoice, issueCreditNote, refreshDocument, markOrderPaid, resolveEInvoice } = proxyActivities<Activities>({
  startToCloseTimeout: '15m',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '5m', nonRetryableErrorTypes: ['LEXOFFICE_REJECTED', 'NOT_INSTALLED'] },
});

// A mail waits for a busy or unreachable SMTP server for about an hour, then the merchant is told.
const { sendDocumentMail } = proxyActivities<Activities>({
  startToCloseTimeout: '5m',
  heartbeatTimeout: '30s',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '10m', maximumAttempts: 10 },
});

/** Outcomes that count as processed, not as failures (spec 2 §8). */
const PROCESSED = new Set<string>(['UNCHANGED', 'EXISTING', 'RECEIPT_NOT_FOUND']);

export type StepOutcome = 'successful' | 'skipped' | 'unprocessable';

/**
 * Logs a decision unless the same step already said the same: the same answer again is
 * not news. Each step (the invoice, each refund) remembers its own last answer, so the
 * invoice's WAIT does not hide a refund's WAIT_FOR_INVOICE and vice versa.
 */
async function logDecision(shopId: string, state: OrderState, origin: LogOrigin, reason: string, status: 'info' | 'warning', extra: Record<string, unknown> = {}, step: string = origin) {
  const order = state.order!;
  if (patched('log-decisions-per-step')) {
    const said = (state.said ??= {});
    if (said[step] === reason) return;
    said[step] = reason;
  } else if (state.lastDecision === reason) return;
  state.lastDecision = reason;
  await writeLog({ shopId, origin, event: `${origin}.skipped`, status, orderId: String(order.id), orderName: order.name, body: { reason, ...extra } });
}

/**
 * How the rules judge the order: an order the paid import brought is historical (no TOO_OLD,
 * no SKIP_DATE). Histories recorded before the origin existed keep judging as a webhook.
 */
function decisionContext(state: OrderState): InvoiceDecisionContext {
  return state.origin === 'historical' && patched('historical-origin') ? { origin: 'historical' } : {};
}

/**
 * Issue 19: the e-invoice decision (Leitweg-ID, net for B2B). Histories recorded before it existed replay
 * without the activity, as no e-invoice.
 */
async function eInvoiceOf(shopId: string, order: NonNullable<OrderState['order']>): Promise<EInvoiceDecision> {
  return patched('einvoice-leitweg') ? resolveEInvoice(shopId, order) : { ok: true, xRechnung: null, net: false };
}

/** Creates the order's invoice once it is due; every other answer is logged with its reason. */
export async function issueInvoiceIfDue(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.invoice) return 'skipped';
  const decision = decideInvoice(order, ctx.invoice, decisionContext(state));
  if (decision.action === 'skip') {
    state.waitingFor = decision.reason === 'WAIT' ? `WAIT:${ctx.invoice.invoiceEvent}` : null;
    await logDecision(shopId, state, 'invoice', decision.reason, decision.reason === 'WAIT' ? 'info' : 'warning');
    return 'skipped';
  }
  const eInvoice = await eInvoiceOf(shopId, order);
  if (!eInvoice.ok) {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', eInvoice.reason, 'warning', { leitwegId: eInvoice.value });
    return 'unprocessable';
  }
  const chosen = chooseTaxRegime(order, ctx.profile ?? { smallBusiness: false }, { ...ctx.prefs.invoice, ...ctx.prefs.contact, b2bAsNet: ctx.prefs.invoice.b2bAsNet || eInvoice.net });
  if (!chosen.ok) {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', chosen.reason, 'warning', { message: chosen.message });
    return 'unprocessable';
  }
  const regime = chosen.regime;
  const contactId = await ensureContact(shopId, order, {
    prefs: ctx.prefs.contact, vatId: regime.vatId, required: contactRequired(regime) || Boolean(eInvoice.xRechnung), shopDomain: shopId, xRechnung: eInvoice.xRechnung,
  });
  const result = await issueInvoice(shopId, order, contactId, regime);
  if (result.outcome === 'NO_CREDITS') {
    state.lastDecision = 'NO_CREDITS';
    state.waitingFor = 'NO_CREDITS';
    return 'skipped';
  }
  // The activity names the contact it used when Lexware refused ours and it made the customer's contact anew.
  state.invoice = { documentId: result.documentId, lexofficeId: result.lexofficeId, number: result.number, status: result.status, contactId: result.contactId ?? contactId };
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
      invoiceDecision: state.invoice ? undefined : decideInvoice(order, ctx.invoice, decisionContext(state)),
      existingCredit: state.credits.some((c) => c.refundId === refund.id),
    });
    if (decision.action === 'wait') {
      stillPending.push(refund);
      state.waitingFor = decision.reason;
      await logDecision(shopId, state, 'credit', decision.reason, 'info', { refund: refund.id }, `credit:${refund.id}`);
      continue;
    }
    state.settledRefundIds.push(refund.id);
    if (decision.action === 'skip') {
      await logDecision(shopId, state, 'credit', decision.reason, PROCESSED.has(decision.reason) ? 'info' : 'warning', { refund: refund.id }, `credit:${refund.id}`);
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

// Shopify's GraphQL budget refills within seconds; a missing scope is answered, not thrown.
const { writeOrderMetafields } = proxyActivities<Activities>({
  startToCloseTimeout: '1m',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '5m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
});

/**
 * Writes the order's document values to its metafields (spec 1 §3) once a document was
 * made. The activity writes only what differs, so a repeat or a retry changes nothing.
 */
export async function writeMetafields(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  if (!state.order || (!state.invoice && state.credits.length === 0) || !ctx.metafields?.write.length) return;
  if (!patched('order-metafields')) return;
  await writeOrderMetafields(shopId, state.order);
}

// Bank transactions share the Lexware budget, so they retry as patiently as documents.
const { bookOrderPayments } = proxyActivities<Activities>({
  startToCloseTimeout: '15m',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '5m', nonRetryableErrorTypes: ['LEXOFFICE_REJECTED', 'NOT_INSTALLED'] },
});

const PAID_STATUSES = new Set(['paid', 'partially_paid', 'partially_refunded', 'refunded']);

/**
 * Books the order's payments as bank transactions, with fee and assignment hint (spec 3),
 * once it is invoiced and paid. It asks again when a newer snapshot or a new invoice status
 * arrives; the activity reads the switches and books each payment only once.
 */
export async function bookPayments(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  const { order, invoice } = state;
  if (!order || !invoice || !PAID_STATUSES.has(order.financial_status ?? '')) return;
  if (!ctx.invoice.connected || !ctx.invoice.automationEnabled || ctx.invoice.invoiceCreate === false) return;
  const key = `${order.updated_at ?? order.created_at}|${invoice.status}`;
  if (state.paymentsBookedFor === key || !patched('bank-transactions')) return;
  await bookOrderPayments(shopId, order, { documentId: invoice.documentId, lexofficeId: invoice.lexofficeId, status: invoice.status });
  state.paymentsBookedFor = key;
}

/**
 * Mails each new finalised invoice and credit note once, when the shop's settings say so at
 * the time it is created (turning mail on later does not mail old documents). Documents of a
 * pass recorded before this step existed are marked, not mailed, when their history replays.
 */
export async function mailDocuments(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  const said = (state.said ??= {});
  const creditMail = ctx.prefs.credit.creditSendMailEnabled && ctx.prefs.credit.creditFinalize;
  const docs = [
    ...(state.invoice ? [{ doc: state.invoice, enabled: ctx.prefs.invoice.invoiceSendMail.enabled }] : []),
    ...state.credits.map((doc) => ({ doc, enabled: creditMail })),
  ].filter(({ doc }) => said[`mail:${doc.documentId}`] === undefined);
  for (const { doc, enabled } of docs) {
    const key = `mail:${doc.documentId}`;
    if (!enabled || doc.status === 'draft') {
      said[key] = enabled ? 'DRAFT' : 'disabled';
      continue;
    }
    if (!patched('mail-documents')) {
      said[key] = 'before-mail';
      continue;
    }
    try {
      said[key] = (await sendDocumentMail(shopId, doc.documentId)).outcome;
    } catch (error) {
      said[key] = 'failed';
      const order = state.order;
      await writeLog({
        shopId, origin: 'mail', event: 'mail.failed', status: 'critical', orderId: order ? String(order.id) : null, orderName: order?.name ?? null,
        body: { number: doc.number, error: (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message },
      });
    }
  }
}
