import { fmt, moneySet } from '../../money.js';
import { shopifyTime } from '../../time.js';
import { buildLineItem, taxFor, taxLine, type IdSource } from './build-lines.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { OrderStateError } from './lifecycle.js';
import type { ShippingLine, ShopifyOrder } from './types.js';

/**
 * Shopify's order editing, committed at once (orderEditBegin … orderEditCommit): items added, quantities lowered or
 * items removed, shipping lines added or removed. Like Shopify, a line keeps the `quantity` it was ordered with and
 * says what is left in `current_quantity`; an added item is a line of its own; a removed shipping line stays in the
 * payload with `is_removed`. The order's `current_*` totals follow; the original totals stay.
 */
export interface OrderEditRequest {
  addItems?: Array<{ title: string; price: number; quantity: number; taxRate: number; sku?: string }>;
  /** New current quantities; 0 removes the item. Raising one is refused: an added quantity is its own line. */
  setQuantities?: Array<{ lineItemId: number; quantity: number }>;
  addShipping?: Array<{ title: string; price: number; taxRate: number }>;
  removeShipping?: number[];
  staffNote?: string;
}

/** The body of `orders/edited`: what the edit added and removed, by line id and how many. */
export interface OrderEditPayload {
  order_edit: {
    id: number;
    app_id: number | null;
    created_at: string;
    committed_at: string;
    notify_customer: boolean;
    order_id: number;
    staff_note: string;
    user_id: number | null;
    line_items: { additions: Array<{ id: number; delta: number }>; removals: Array<{ id: number; delta: number }> };
    discounts: { line_item: { additions: unknown[]; removals: unknown[] } };
    shipping_lines: { additions: Array<{ id: number }>; removals: Array<{ id: number }> };
  };
}

const cents = (s: string) => Math.round(Number(s) * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function checkEditable(order: ShopifyOrder, req: OrderEditRequest): void {
  if (order.cancelled_at) throw new OrderStateError('Order is cancelled and cannot be edited');
  const nothing =
    !req.addItems?.length && !req.setQuantities?.length && !req.addShipping?.length && !req.removeShipping?.length;
  if (nothing) throw new OrderStateError('The order edit has no changes');
  for (const a of req.addItems ?? [])
    if (!a.title || !Number.isInteger(a.quantity) || a.quantity < 1 || !(a.price >= 0))
      throw new OrderStateError('An added item needs a title, a price and a quantity of at least 1');
  for (const w of req.setQuantities ?? []) {
    const li = order.line_items.find((l) => l.id === w.lineItemId);
    if (!li) throw new OrderStateError(`Line item ${w.lineItemId} does not exist`);
    if (!Number.isInteger(w.quantity) || w.quantity < 0)
      throw new OrderStateError(`Line item ${w.lineItemId}: quantity must be a whole number of at least 0`);
    if (w.quantity > li.current_quantity)
      throw new OrderStateError(`Line item ${w.lineItemId}: only ${li.current_quantity} left; add an item instead`);
    const fulfilled = li.quantity - li.fulfillable_quantity;
    if (li.requires_shipping && w.quantity < fulfilled - (li.quantity - li.current_quantity))
      throw new OrderStateError(`Line item ${w.lineItemId}: fulfilled items cannot be removed`);
  }
  for (const id of req.removeShipping ?? []) {
    const sl = order.shipping_lines.find((s) => s.id === id);
    if (!sl || sl.is_removed) throw new OrderStateError(`Shipping line ${id} does not exist`);
  }
}

/** Scenario settings the new lines are built with: the order's price mode and tax title. */
function scenarioOf(order: ShopifyOrder): Scenario {
  return {
    ...SCENARIOS.de_b2c,
    taxesIncluded: order.taxes_included,
    taxExempt: order.tax_exempt,
    discount: undefined,
    taxTitle: order.tax_lines[0]?.title ?? SCENARIOS.de_b2c.taxTitle,
  };
}

/** Applies one committed edit and returns the body of its `orders/edited`. */
export function applyOrderEdit(
  order: ShopifyOrder,
  req: OrderEditRequest,
  nextId: IdSource,
  now: Date,
): OrderEditPayload {
  checkEditable(order, req);
  const at = shopifyTime(now);
  const currency = order.currency;
  const scenario = scenarioOf(order);
  const additions: Array<{ id: number; delta: number }> = [];
  const removals: Array<{ id: number; delta: number }> = [];
  for (const w of req.setQuantities ?? []) {
    const li = order.line_items.find((l) => l.id === w.lineItemId)!;
    const delta = li.current_quantity - w.quantity;
    if (delta === 0) continue;
    li.current_quantity = w.quantity;
    li.fulfillable_quantity = Math.max(0, li.fulfillable_quantity - delta);
    removals.push({ id: li.id, delta });
  }
  for (const a of req.addItems ?? []) {
    const li = buildLineItem(
      {
        title: a.title,
        sku: a.sku ?? '',
        priceCents: Math.round(a.price * 100),
        quantity: a.quantity,
        taxRate: a.taxRate,
      },
      scenario,
      currency,
      nextId,
    );
    order.line_items.push(li);
    additions.push({ id: li.id, delta: a.quantity });
  }
  const shippingAdded: Array<{ id: number }> = [];
  for (const s of req.addShipping ?? []) {
    const line = shippingLine(s, scenario, currency, nextId);
    order.shipping_lines.push(line);
    shippingAdded.push({ id: line.id });
  }
  for (const id of req.removeShipping ?? []) order.shipping_lines.find((s) => s.id === id)!.is_removed = true;
  recomputeCurrentTotals(order);
  order.updated_at = at;
  return {
    order_edit: {
      id: nextId(),
      app_id: null,
      created_at: at,
      committed_at: at,
      notify_customer: false,
      order_id: order.id,
      staff_note: req.staffNote ?? '',
      user_id: null,
      line_items: { additions, removals },
      discounts: { line_item: { additions: [], removals: [] } },
      shipping_lines: { additions: shippingAdded, removals: (req.removeShipping ?? []).map((id) => ({ id })) },
    },
  };
}

function shippingLine(
  s: { title: string; price: number; taxRate: number },
  scenario: Scenario,
  currency: string,
  nextId: IdSource,
): ShippingLine {
  const priceCents = Math.round(s.price * 100);
  const rate = scenario.taxExempt ? 0 : s.taxRate;
  const tax = taxFor(priceCents, rate, scenario.taxesIncluded);
  return {
    id: nextId(),
    title: s.title,
    code: s.title,
    source: 'shopify',
    price: fmt(priceCents),
    price_set: moneySet(priceCents, currency),
    discounted_price: fmt(priceCents),
    discounted_price_set: moneySet(priceCents, currency),
    carrier_identifier: null,
    phone: null,
    requested_fulfillment_service_id: null,
    tax_lines: rate > 0 ? [taxLine(tax, rate, scenario.taxTitle, currency)] : [],
    discount_allocations: [],
    is_removed: false,
  };
}

/**
 * The order's `current_*` totals from what is left of each line (its tax and discounts in proportion, as a refund
 * splits them) and the shipping lines not removed. What was paid stays; a dearer order owes the rest.
 */
export function recomputeCurrentTotals(order: ShopifyOrder): void {
  const currency = order.currency;
  const share = (amount: number, part: number, whole: number) =>
    whole === 0 ? 0 : Math.round((amount * part) / whole);
  const items = order.line_items.map((li) => ({
    subtotal: share(
      cents(li.price) * li.quantity - sum(li.discount_allocations.map((d) => cents(d.amount))),
      li.current_quantity,
      li.quantity,
    ),
    discount: share(sum(li.discount_allocations.map((d) => cents(d.amount))), li.current_quantity, li.quantity),
    tax: share(sum(li.tax_lines.map((t) => cents(t.price))), li.current_quantity, li.quantity),
  }));
  const shipping = order.shipping_lines.filter((s) => !s.is_removed);
  const shippingCents = sum(shipping.map((s) => cents(s.discounted_price)));
  const shippingTax = sum(shipping.flatMap((s) => s.tax_lines.map((t) => cents(t.price))));
  const subtotal = sum(items.map((i) => i.subtotal));
  const tax = sum(items.map((i) => i.tax)) + shippingTax;
  const total = subtotal + shippingCents + (order.taxes_included ? 0 : tax);
  Object.assign(order, {
    current_subtotal_price: fmt(subtotal),
    current_subtotal_price_set: moneySet(subtotal, currency),
    current_total_discounts: fmt(sum(items.map((i) => i.discount))),
    current_total_discounts_set: moneySet(sum(items.map((i) => i.discount)), currency),
    current_total_tax: fmt(tax),
    current_total_tax_set: moneySet(tax, currency),
    current_total_price: fmt(total),
    current_total_price_set: moneySet(total, currency),
    current_shipping_price_set: moneySet(shippingCents, currency),
  });
  const txs = order._transactions.filter((t) => t.status === 'success');
  const paid =
    sum(txs.filter((t) => t.kind === 'sale' || t.kind === 'capture').map((t) => cents(t.amount))) -
    sum(txs.filter((t) => t.kind === 'refund').map((t) => cents(t.amount)));
  if (order.financial_status === 'pending') {
    order.total_outstanding = fmt(total);
    return;
  }
  const outstanding = Math.max(0, total - paid);
  order.total_outstanding = fmt(outstanding);
  if (outstanding > 0 && order.financial_status === 'paid') order.financial_status = 'partially_paid';
}
