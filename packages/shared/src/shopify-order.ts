import { z } from 'zod';

/**
 * The fields of Shopify's order JSON (as webhooks carry it) that our rules read.
 * Unknown fields pass through untouched; money stays as Shopify's decimal strings.
 */
const money = z.string();
const taxLine = z.object({ title: z.string().optional(), rate: z.number(), price: money });
const address = z
  .object({
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    company: z.string().nullish(),
    address1: z.string().nullish(),
    address2: z.string().nullish(),
    zip: z.string().nullish(),
    city: z.string().nullish(),
    country_code: z.string().nullish(),
  })
  .passthrough();

/** An order's line item: the fields the rules read, the rest passed through. */
export const ShopifyLineItemSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    variant_title: z.string().nullish(),
    sku: z.string().nullish(),
    quantity: z.number(),
    price: money,
    tax_lines: z.array(taxLine).default([]),
    discount_allocations: z.array(z.object({ amount: money }).passthrough()).default([]),
  })
  .passthrough();

export const ShopifyOrderSchema = z
  .object({
    id: z.number(),
    admin_graphql_api_id: z.string().optional(),
    name: z.string(),
    email: z.string().nullish(),
    created_at: z.string(),
    updated_at: z.string().nullish(),
    cancelled_at: z.string().nullish(),
    currency: z.string(),
    financial_status: z.string().nullish(),
    fulfillment_status: z.string().nullish(),
    gateway: z.string().nullish(),
    payment_gateway_names: z.array(z.string()).default([]),
    source_name: z.string().nullish(),
    tags: z.string().default(''),
    note: z.string().nullish(),
    taxes_included: z.boolean().default(true),
    total_price: money,
    // Shopify's schema lets these totals be null; nothing may take null for zero (see orderTaxCents).
    subtotal_price: money.nullish(),
    total_tax: money.nullish(),
    total_discounts: money.nullish(),
    customer: z
      .object({
        id: z.number(),
        email: z.string().nullish(),
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
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
            tax_lines: z.array(taxLine).default([]),
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
