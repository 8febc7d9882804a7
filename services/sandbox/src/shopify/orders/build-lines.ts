import { fmt, moneySet, round } from '../../money.js';
import type { DiscountAllocation, LineItem, ShippingLine, TaxLine } from './types.js';
import type { Scenario, ScenarioItem } from './scenarios.js';

/** Ids come from the caller so that all ids in the sandbox stay unique. */
export type IdSource = () => number;

export function taxLine(cents: number, rate: number, title: string, currency: string): TaxLine {
  return { channel_liable: false, price: fmt(cents), price_set: moneySet(cents, currency), rate, title };
}

/** Tax on an amount, included (extracted from gross) or added on top, rounded per line as Shopify does. */
export function taxFor(amountCents: number, rate: number, included: boolean): number {
  if (rate === 0) return 0;
  return included ? Math.round(round((amountCents * rate) / (1 + rate), 4)) : Math.round(round(amountCents * rate, 4));
}

function allocation(cents: number, currency: string): DiscountAllocation[] {
  return cents > 0
    ? [{ amount: fmt(cents), amount_set: moneySet(cents, currency), discount_application_index: 0 }]
    : [];
}

export function buildLineItem(item: ScenarioItem, s: Scenario, currency: string, nextId: IdSource): LineItem {
  const id = nextId();
  const gross = item.priceCents * item.quantity;
  const taxable = item.taxable !== false && !s.taxExempt;
  const discount = s.discount && !item.isTip ? Math.round((gross * s.discount.percent) / 100) : 0;
  const rate = taxable ? item.taxRate : 0;
  const tax = taxFor(gross - discount, rate, s.taxesIncluded);
  const productId = item.isTip ? null : nextId();
  return {
    id,
    admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
    title: item.title,
    name: item.variantTitle ? `${item.title} - ${item.variantTitle}` : item.title,
    variant_title: item.variantTitle ?? null,
    sku: item.sku || null,
    vendor: item.isTip ? null : 'Belegfluss Demo',
    product_id: productId,
    variant_id: productId === null ? null : nextId(),
    quantity: item.quantity,
    current_quantity: item.quantity,
    fulfillable_quantity: item.requiresShipping === false ? 0 : item.quantity,
    fulfillment_status: null,
    fulfillment_service: 'manual',
    price: fmt(item.priceCents),
    price_set: moneySet(item.priceCents, currency),
    total_discount: '0.00',
    total_discount_set: moneySet(0, currency),
    taxable,
    requires_shipping: item.requiresShipping !== false,
    gift_card: false,
    grams: item.isTip ? 0 : 250,
    product_exists: !item.isTip,
    properties: [],
    tax_lines: rate > 0 ? [taxLine(tax, rate, s.taxTitle, currency)] : [],
    discount_allocations: allocation(discount, currency),
    duties: [],
  };
}

export function buildShippingLine(s: Scenario, currency: string, nextId: IdSource): ShippingLine | null {
  if (!s.shipping) return null;
  const rate = s.taxExempt ? 0 : s.shipping.taxRate;
  const cents = s.shipping.priceCents;
  const tax = taxFor(cents, rate, s.taxesIncluded);
  return {
    id: nextId(),
    title: s.shipping.title,
    code: s.shipping.title,
    source: 'shopify',
    price: fmt(cents),
    price_set: moneySet(cents, currency),
    discounted_price: fmt(cents),
    discounted_price_set: moneySet(cents, currency),
    carrier_identifier: null,
    phone: null,
    requested_fulfillment_service_id: null,
    tax_lines: rate > 0 ? [taxLine(tax, rate, s.taxTitle, currency)] : [],
    discount_allocations: [],
    is_removed: false,
  };
}

/** The order-level tax_lines: one entry per rate, summed over items and shipping. */
export function sumTaxLines(lines: TaxLine[][], currency: string): TaxLine[] {
  const byRate = new Map<number, { cents: number; title: string }>();
  for (const tl of lines.flat()) {
    const entry = byRate.get(tl.rate) ?? { cents: 0, title: tl.title };
    entry.cents += Math.round(Number(tl.price) * 100);
    byRate.set(tl.rate, entry);
  }
  return [...byRate.entries()].map(([rate, e]) => taxLine(e.cents, rate, e.title, currency));
}
