import type { ShopifyRefund, ShopifyReturn } from '@belegfluss/shared';
import {
  defaultRegime,
  exchangeAmounts,
  exchangeIntentKey,
  exchangeOrder,
  isExchange,
  refundReturnId,
  ShopifyReturnSchema,
} from '@belegfluss/shared/workflow';
import type { OrderDocument, OrderState, ReturnRecord } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities } from './activity-options';
import { invoiceCoverage } from './corrections';
import { log, logDecision, type StepOutcome } from './decisions';

const { issueExchangeCreditNote, issueSupplementaryInvoice } = lexwareActivities;

/** A processed return, noted once: an exchange waits for its documents, a plain return lets its refund credit. */
export function absorbReturn(state: OrderState, raw: unknown): void {
  const parsed = ShopifyReturnSchema.safeParse(raw);
  if (!parsed.success) return;
  const ret = parsed.data;
  const returns = (state.returns ??= []);
  if (returns.some((r) => r.returnId === ret.id)) return;
  returns.push({
    returnId: ret.id,
    exchange: isExchange(ret),
    credit: null,
    invoice: null,
    returned: ret.return_line_items.map((l) => ({
      lineItemId: l.fulfillment_line_item.line_item.id,
      quantity: l.quantity,
    })),
    exchangeLineIds: ret.exchange_line_items.flatMap((x) => (x.line_item ? [x.line_item.id] : [])),
  });
  if (isExchange(ret)) (state.pendingReturns ??= []).push(ret);
}

/** A refund names a return the order has not heard of as processed: the order may show an exchange not yet known. */
export const returnUnderway = (state: OrderState): boolean =>
  state.pendingRefunds.some((r) => refundOfReturn(state, r) === 'wait');

/**
 * How a refund that names a return is settled: `exchange` when the exchange's credit note and invoice cover it,
 * `wait` while its return is not processed yet (we can't tell an exchange from a plain return before), `credit` for
 * a plain return's refund and every refund of its own, which become a credit note as always.
 */
export function refundOfReturn(state: OrderState, refund: ShopifyRefund): 'exchange' | 'wait' | 'credit' {
  const returnId = refundReturnId(refund);
  if (returnId === null) return 'credit';
  const known = state.returns?.find((r) => r.returnId === returnId);
  if (!known) return 'wait';
  return known.exchange ? 'exchange' : 'credit';
}

const doc = (r: { documentId: string; lexwareId: string; number: string | null; status: string }): OrderDocument => ({
  documentId: r.documentId,
  lexwareId: r.lexwareId,
  number: r.number,
  status: r.status,
});

/**
 * Each processed exchange gets one credit note for what came back (at the invoiced price, following the order's
 * invoice) and one invoice for what went out. They wait for the order's finalised invoice, as a credit note does.
 */
export async function settleExchanges(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  const pending = state.pendingReturns ?? [];
  if (!order || pending.length === 0) return 'skipped';
  let outcome: StepOutcome = 'skipped';
  const still: ShopifyReturn[] = [];
  for (const ret of pending) {
    const record = state.returns!.find((r) => r.returnId === ret.id)!;
    const step = `exchange:${ret.id}`;
    if (!ctx.credit.automationEnabled || !ctx.credit.connected || !ctx.credit.creditCreate) {
      await logDecision(shopId, state, 'credit', 'DISABLED_CREDIT_CREATE', 'warning', { return: ret.id }, step);
      continue;
    }
    const invoice = state.invoice;
    if (!invoice || invoice.status === 'draft') {
      still.push(ret);
      const reason = invoice ? 'WAIT_FOR_FINALIZED_INVOICE' : 'WAIT_FOR_INVOICE';
      state.waitingFor = reason;
      await logDecision(shopId, state, 'credit', reason, 'info', { return: ret.id }, step);
      continue;
    }
    const preceding = { lexwareId: invoice.lexwareId, contactId: invoice.contactId };
    const regime = state.regime ?? defaultRegime(order);
    const made = await makeBoth(shopId, state, ret, record, { ...preceding, number: invoice.number }, regime, ctx);
    if (!made) {
      still.push(ret);
      state.waitingFor = 'NO_CREDITS';
      continue;
    }
    outcome = 'successful';
  }
  state.pendingReturns = still;
  if (still.length === 0 && (state.waitingFor === 'NO_CREDITS' || state.waitingFor?.startsWith('WAIT_FOR')))
    state.waitingFor = null;
  return outcome;
}

/** The credit note, then the invoice; false while transfers are out (what exists stays, the rest comes later). */
async function makeBoth(
  shopId: string,
  state: OrderState,
  ret: ShopifyReturn,
  record: ReturnRecord,
  preceding: { lexwareId: string; contactId: string | null; number: string | null },
  regime: NonNullable<OrderState['regime']>,
  ctx: ShopContext,
): Promise<boolean> {
  const order = state.order!;
  if (!record.credit) {
    const credit = await issueExchangeCreditNote(shopId, order, ret, preceding, regime);
    if (credit.outcome === 'NO_CREDITS') return false;
    record.credit = doc(credit);
  }
  if (!record.invoice) {
    // What went out is billed like an edit's added items: a supplementary invoice of those positions.
    const positions = invoiceCoverage(exchangeOrder(order, ret), ctx, regime);
    const invoice = await issueSupplementaryInvoice(
      shopId,
      order,
      { intentKey: exchangeIntentKey('invoice', ret.id), positions, regime, invoice: preceding, reason: 'Umtausch' },
      ctx,
    );
    if (invoice.outcome === 'NO_CREDITS') return false;
    record.invoice = doc(invoice);
  }
  const { creditCents, invoiceCents } = exchangeAmounts(order, ret);
  await log({
    shopId,
    origin: 'order',
    event: 'exchange.created',
    status: 'success',
    orderId: String(order.id),
    orderName: order.name,
    ref: { credit: record.credit.lexwareId, invoice: record.invoice.lexwareId },
    body: {
      returnId: ret.id,
      name: ret.name ?? null,
      creditAmount: creditCents / 100,
      invoiceAmount: invoiceCents / 100,
      differenceCents: creditCents - invoiceCents,
    },
  });
  return true;
}
