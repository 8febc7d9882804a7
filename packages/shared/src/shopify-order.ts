import { z } from 'zod';

/**
 * The fields of Shopify's order JSON (as webhooks carry it) that our rules read.
 * Unknown fields pass through untouched; money stays as Shopify's decimal strings.
 */
const money = z.string();
// One instance for every optional field of a kind: zod schemas are immutable and may be shared. Each order workflow
// builds this schema anew in its own sandbox, and a copy per field was a good part of that cost.
const text = z.string().nullish();
const moneyOrNull = money.nullish();
const taxLines = z.array(z.object({ title: z.string().optional(), rate: z.number(), price: money })).default([]);
const address = z
  .object({
    first_name: text,
    last_name: text,
    company: text,
    address1: text,
    address2: text,
    zip: text,
    city: text,
    country_code: text,
  })
  .passthrough();

/** An order's line item: the fields the rules read, the rest passed through. */
export const ShopifyLineItemSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    variant_title: text,
    sku: text,
    quantity: z.number(),
    price: money,
    tax_lines: taxLines,
    discount_allocations: z.array(z.object({ amount: money }).passthrough()).default([]),
  })
  .passthrough();

export const ShopifyOrderSchema = z
  .object({
    id: z.number(),
    admin_graphql_api_id: z.string().optional(),
    name: z.string(),
    email: text,
    created_at: z.string(),
    updated_at: text,
    cancelled_at: text,
    currency: z.string(),
    financial_status: text,
    fulfillment_status: text,
    gateway: text,
    payment_gateway_names: z.array(z.string()).default([]),
    source_name: text,
    tags: z.string().default(''),
    note: text,
    taxes_included: z.boolean().default(true),
    total_price: money,
    // Shopify's schema lets these totals be null; nothing may take null for zero (see orderTaxCents).
    subtotal_price: moneyOrNull,
    total_tax: moneyOrNull,
    total_discounts: moneyOrNull,
    customer: z
      .object({
        id: z.number(),
        email: text,
        first_name: text,
        last_name: text,
      })
      .passthrough()
      .nullish(),
    billing_address: address.nullish(),
    shipping_address: address.nullish(),
    line_items: z.array(ShopifyLineItemSchema),
    shipping_lines: z
      .array(
        z
          .object({
            title: z.string(),
            price: money,
            discounted_price: money.optional(),
            tax_lines: taxLines,
          })
          .passthrough(),
      )
      .default([]),
    refunds: z.array(z.unknown()).default([]),
  })
  .passthrough();

export type ShopifyOrder = z.infer<typeof ShopifyOrderSchema>;

/** Shopify decimal string to integer cents, without float drift. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

const lineTaxCents = (lines: readonly { tax_lines: readonly { price: string }[] }[]) =>
  lines.flatMap((l) => l.tax_lines).reduce((a, t) => a + toCents(t.price), 0);

/**
 * The order's tax in cents. Shopify may send no total (null): a missing total is not a tax of zero but the
 * sum of what the lines and the shipping were taxed, which is what Shopify's total is made of.
 */
export function orderTaxCents(order: Pick<ShopifyOrder, 'total_tax' | 'line_items' | 'shipping_lines'>): number {
  if (order.total_tax != null) return toCents(order.total_tax);
  return lineTaxCents(order.line_items) + lineTaxCents(order.shipping_lines);
}

/**
 * The order's subtotal in cents: its items after discounts, before shipping (and, for net prices, before tax),
 * as Shopify defines subtotal_price; worked out from the lines when Shopify sends none.
 */
export function orderSubtotalCents(order: Pick<ShopifyOrder, 'subtotal_price' | 'line_items'>): number {
  if (order.subtotal_price != null) return toCents(order.subtotal_price);
  return order.line_items.reduce(
    (a, l) => a + toCents(l.price) * l.quantity - l.discount_allocations.reduce((d, x) => d + toCents(x.amount), 0),
    0,
  );
}
