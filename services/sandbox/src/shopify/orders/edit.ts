import { fmt, moneySet } from '../../money.js';
import { shopifyTime } from '../../time.js';
import { buildLineItem, taxFor, taxLine, type IdSource } from './build-lines.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { OrderStateError } from './lifecycle.js';
import type { LineItem, ShippingLine, ShopifyOrder } from './types.js';

/**
 * Shopify's order editing, committed at once (orderEditBegin … orderEditCommit): items added, quantities lowered or
 * items removed, shipping lines added or removed. Like Shopify, a line keeps the `quantity` it was ordered with and
 * says what is left in `current_quantity`; an added item is a line of its own; a removed shipping line stays in the
 * payload with `is_removed`. The order's `current_*` totals follow; the original totals stay.
 */
export interface OrderEditRequest {
  addItems?: AddedItem[];
  /** New current quantities; 0 removes the item. Raising one is refused: an added quantity is its own line. */
  setQuantities?: Array<{ lineItemId: number; quantity: number }>;
  addShipping?: Array<{ title: string; price: number; taxRate: number }>;
  removeShipping?: number[];
  staffNote?: string;
}

/**
 * An item added by an edit: a custom item, or a product variant the shop sells (it keeps its product and variant
 * ids). Shopify lets an edit discount only the items it adds: that is how a price is lowered after the order, the
 * old line removed and the variant added again with a discount.
 */
export interface AddedItem {
  title: string;
  price: number;
  quantity: number;
  taxRate: number;
  sku?: string;
  variantId?: number;
  productId?: number;
  discount?: EditDiscount;
}

/** A discount on an added item, as orderEditAddLineItemDiscount takes it: a fixed amount per piece or a percentage. */
export interface EditDiscount {
  description?: string;
  /** Per piece, in the order's currency. */
  amount?: number;
  percent?: number;
}

/** An added item of a variant the shop has sold, priced and taxed as that variant; undefined for an unknown id. */
export function variantItem(
  orders: Iterable<ShopifyOrder>,
  variantId: number,
  quantity: number,
): AddedItem | undefined {
  for (const o of orders)
    for (const l of o.line_items)
      if (l.variant_id === variantId)
        return {
          title: l.title,
          price: Number(l.price),
          quantity,
          taxRate: l.tax_lines[0]?.rate ?? 0,
          variantId,
          ...(l.product_id !== null ? { productId: l.product_id } : {}),
          ...(l.sku ? { sku: l.sku } : {}),
        };
  return undefined;
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
  for (const a of req.addItems ?? []) {
    if (!a.title || !Number.isInteger(a.quantity) || a.quantity < 1 || !(a.price >= 0))
      throw new OrderStateError('An added item needs a title, a price and a quantity of at least 1');
    const d = a.discount;
    if (d && (d.amount === undefined) === (d.percent === undefined))
      throw new OrderStateError('A discount is either a fixed amount or a percentage');
    if (d?.amount !== undefined && !(d.amount > 0 && d.amount <= a.price))
      throw new OrderStateError('A fixed discount must be more than 0 and at most the price');
    if (d?.percent !== undefined && !(d.percent > 0 && d.percent <= 100))
      throw new OrderStateError('A percentage discount must be more than 0 and at most 100');
  }
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
    if (a.variantId !== undefined) Object.assign(li, { variant_id: a.variantId, product_id: a.productId ?? null });
    if (a.discount) discountAddedLine(order, li, a.discount);
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

/**
 * A discount staged on an added line: a manual discount application of the order, allocated to that line alone, and
 * the line's tax on what is left, as Shopify computes it.
 */
function discountAddedLine(order: ShopifyOrder, li: LineItem, d: EditDiscount): void {
  const gross = cents(li.price) * li.quantity;
  const off =
    d.amount !== undefined
      ? Math.min(gross, Math.round(d.amount * 100) * li.quantity)
      : Math.round((gross * (d.percent ?? 0)) / 100);
  const index = order.discount_applications.length;
  order.discount_applications.push({
    type: 'manual',
    title: d.description ?? '',
    description: d.description ?? '',
    value: d.amount !== undefined ? d.amount.toFixed(2) : (d.percent ?? 0).toFixed(1),
    value_type: d.amount !== undefined ? 'fixed_amount' : 'percentage',
    allocation_method: d.amount !== undefined ? 'each' : 'across',
    target_selection: 'explicit',
    target_type: 'line_item',
  });
  li.discount_allocations = [
    { amount: fmt(off), amount_set: moneySet(off, order.currency), discount_application_index: index },
  ];
  const tax = li.tax_lines[0];
  if (tax) {
    const c = taxFor(gross - off, tax.rate, order.taxes_included);
    li.tax_lines = [taxLine(c, tax.rate, tax.title, order.currency)];
  }
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
