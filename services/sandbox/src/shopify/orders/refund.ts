import { fmt, moneySet } from '../../money.js';
import { shopifyTime } from '../../time.js';
import type { IdSource } from './build-lines.js';
import { transaction } from './builder.js';
import type { Refund, ShopifyOrder } from './types.js';

export interface RefundRequest {
  /** full: every remaining item and the shipping; items: the given quantities; amount: money only, no items. */
  mode: 'full' | 'items' | 'amount';
  lineItems?: Array<{ lineItemId: number; quantity: number }>;
  amount?: number;
  shipping?: boolean;
  note?: string;
  /** A return's refund (returnProcess): the money that really goes back, when the items' value went elsewhere. */
  transactionCents?: number;
  return?: { id: number; admin_graphql_api_id: string };
}

const cents = (s: string) => Math.round(Number(s) * 100);

export class RefundError extends Error {}

function refundedQuantity(order: ShopifyOrder, lineItemId: number): number {
  return order.refunds
    .flatMap((r) => r.refund_line_items)
    .filter((r) => r.line_item_id === lineItemId)
    .reduce((a, r) => a + r.quantity, 0);
}

function paidCents(order: ShopifyOrder): number {
  const txs = order._transactions.filter((t) => t.status === 'success');
  const sales = txs.filter((t) => t.kind === 'sale' || t.kind === 'capture').reduce((a, t) => a + cents(t.amount), 0);
  const refunds = txs.filter((t) => t.kind === 'refund').reduce((a, t) => a + cents(t.amount), 0);
  return sales - refunds;
}

/** Builds a refund the way Shopify records it: refund line items with numbers, adjustments negative. */
export function applyRefund(order: ShopifyOrder, req: RefundRequest, nextId: IdSource, now: Date): Refund {
  if (!['paid', 'partially_paid', 'partially_refunded'].includes(order.financial_status)) {
    throw new RefundError(`Order is ${order.financial_status}; only paid orders can be refunded`);
  }
  const id = nextId();
  const at = shopifyTime(now);
  const currency = order.currency;
  const wanted =
    req.mode === 'full'
      ? order.line_items.map((l) => ({ lineItemId: l.id, quantity: l.quantity - refundedQuantity(order, l.id) }))
      : req.mode === 'items'
        ? (req.lineItems ?? [{ lineItemId: order.line_items[0]?.id ?? 0, quantity: 1 }])
        : [];
  const refundLineItems: Refund['refund_line_items'] = [];
  for (const w of wanted.filter((x) => x.quantity > 0)) {
    const li = order.line_items.find((l) => l.id === w.lineItemId);
    if (!li) throw new RefundError(`Line item ${w.lineItemId} does not exist`);
    if (w.quantity > li.quantity - refundedQuantity(order, li.id))
      throw new RefundError(`Line item ${li.id} has fewer items left`);
    const share = w.quantity / li.quantity;
    const discount = li.discount_allocations.reduce((a, d) => a + cents(d.amount), 0);
    const subtotal = Math.round((cents(li.price) * li.quantity - discount) * share);
    const tax = Math.round(li.tax_lines.reduce((a, t) => a + cents(t.price), 0) * share);
    li.current_quantity -= w.quantity;
    refundLineItems.push({
      id: nextId(),
      line_item_id: li.id,
      quantity: w.quantity,
      restock_type: 'return',
      location_id: null,
      subtotal: subtotal / 100,
      subtotal_set: moneySet(subtotal, currency),
      total_tax: tax / 100,
      total_tax_set: moneySet(tax, currency),
      line_item: { ...li },
    });
  }
  const adjustments: Refund['order_adjustments'] = [];
  const refundsShipping =
    req.mode === 'full' ? req.shipping !== false && order.refunds.length === 0 : Boolean(req.shipping);
  if (refundsShipping) {
    for (const sl of order.shipping_lines) {
      const tax = sl.tax_lines.reduce((a, t) => a + cents(t.price), 0);
      const amount = order.taxes_included ? cents(sl.price) - tax : cents(sl.price);
      adjustments.push({
        id: nextId(),
        amount: fmt(-amount),
        amount_set: moneySet(-amount, currency),
        kind: 'shipping_refund',
        reason: 'Shipping refund',
        tax_amount: fmt(-tax),
        tax_amount_set: moneySet(-tax, currency),
        order_id: order.id,
        refund_id: id,
      });
    }
  }
  const itemsCents = refundLineItems.reduce(
    (a, r) => a + Math.round(r.subtotal * 100) + (order.taxes_included ? 0 : Math.round(r.total_tax * 100)),
    0,
  );
  const shippingCents = adjustments.reduce((a, x) => a - cents(x.amount) - cents(x.tax_amount), 0);
  let total = req.mode === 'amount' ? Math.round((req.amount ?? 0) * 100) : itemsCents + shippingCents;
  if (req.mode === 'amount') {
    if (total <= 0) throw new RefundError('amount must be positive');
    adjustments.push({
      id: nextId(),
      amount: fmt(-total),
      amount_set: moneySet(-total, currency),
      kind: 'refund_discrepancy',
      reason: 'Refund discrepancy',
      tax_amount: '0.00',
      tax_amount_set: moneySet(0, currency),
      order_id: order.id,
      refund_id: id,
    });
  }
  if (req.transactionCents !== undefined) total = req.transactionCents;
  total = Math.min(total, paidCents(order));
  const parent = order._transactions.find((t) => t.kind === 'sale' || t.kind === 'capture');
  const tx = transaction(order, 'refund', total, order.gateway, nextId, at, parent?.id ?? null);
  order._transactions.push(tx);
  const refund: Refund = {
    id,
    admin_graphql_api_id: `gid://shopify/Refund/${id}`,
    order_id: order.id,
    created_at: at,
    processed_at: at,
    note: req.note ?? null,
    restock: refundLineItems.length > 0,
    user_id: null,
    total_duties_set: moneySet(0, currency),
    duties: [],
    order_adjustments: adjustments,
    refund_line_items: refundLineItems,
    transactions: [tx],
    return: req.return ?? null,
  };
  order.refunds.push(refund);
  order.financial_status = paidCents(order) <= 0 ? 'refunded' : 'partially_refunded';
  order.updated_at = at;
  return refund;
}
