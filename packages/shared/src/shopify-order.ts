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
    subtotal_price: money.optional(),
    total_tax: money.optional(),
    total_discounts: money.optional(),
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
    line_items: z.array(
      z
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
        .passthrough(),
    ),
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
