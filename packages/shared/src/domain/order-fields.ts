import { z } from 'zod';
import type { ShopifyOrder } from '../shopify-order';

/**
 * Fields of Shopify's order JSON that the base schema passes through untyped. Each is read
 * leniently: a field that is missing or malformed becomes its empty value, never an error.
 */
const nameValue = z.object({ name: z.string(), value: z.unknown() }).passthrough();
const loose = <T extends z.ZodType>(schema: T, fallback: z.infer<T>) => schema.catch(fallback);

const ExtrasSchema = z
  .object({
    note_attributes: loose(z.array(nameValue), []),
    tax_exempt: loose(z.boolean(), false),
    customer_locale: loose(z.string().nullable(), null),
    total_tip_received: loose(z.string().nullable(), null),
    current_total_price: loose(z.string().nullable(), null),
    order_status_url: loose(z.string().nullable(), null),
    phone: loose(z.string().nullable(), null),
    company: loose(z.object({ id: z.number(), location_id: z.number().nullish() }).passthrough().nullable(), null),
    discount_codes: loose(
      z.array(z.object({ code: z.string(), amount: z.string().optional(), type: z.string().optional() }).passthrough()),
      [],
    ),
    discount_applications: loose(
      z.array(
        z
          .object({
            type: z.string().optional(),
            code: z.string().nullish(),
            title: z.string().nullish(),
            description: z.string().nullish(),
            value: z.string().optional(),
            value_type: z.string().optional(),
            target_type: z.string().optional(),
          })
          .passthrough(),
      ),
      [],
    ),
    fulfillments: loose(
      z.array(
        z
          .object({
            created_at: z.string().optional(),
            status: z.string().optional(),
            tracking_url: z.string().nullish(),
            tracking_urls: z.array(z.string()).optional(),
            tracking_number: z.string().nullish(),
          })
          .passthrough(),
      ),
      [],
    ),
  })
  .passthrough();

export type OrderExtras = z.infer<typeof ExtrasSchema>;

export function orderExtras(order: ShopifyOrder): OrderExtras {
  const parsed = ExtrasSchema.safeParse(order);
  return parsed.success ? parsed.data : ExtrasSchema.parse({});
}

const ItemExtrasSchema = z
  .object({
    name: loose(z.string().nullable(), null),
    vendor: loose(z.string().nullable(), null),
    product_id: loose(z.number().nullable(), null),
    variant_id: loose(z.number().nullable(), null),
    requires_shipping: loose(z.boolean(), true),
    taxable: loose(z.boolean(), true),
    gift_card: loose(z.boolean(), false),
    barcode: loose(z.string().nullable(), null),
    properties: loose(z.array(nameValue), []),
    discount_allocations: loose(
      z.array(z.object({ amount: z.string(), discount_application_index: z.number().optional() }).passthrough()),
      [],
    ),
  })
  .passthrough();

export type ItemExtras = z.infer<typeof ItemExtrasSchema>;
type LineItem = ShopifyOrder['line_items'][number];

export function itemExtras(item: LineItem): ItemExtras {
  const parsed = ItemExtrasSchema.safeParse(item);
  return parsed.success ? parsed.data : ItemExtrasSchema.parse({});
}

const CustomerExtrasSchema = z
  .object({
    note: loose(z.string().nullable(), null),
    tags: loose(z.string(), ''),
    phone: loose(z.string().nullable(), null),
    locale: loose(z.string().nullable(), null),
  })
  .passthrough();

export function customerExtras(order: ShopifyOrder): z.infer<typeof CustomerExtrasSchema> {
  const parsed = CustomerExtrasSchema.safeParse(order.customer ?? {});
  return parsed.success ? parsed.data : CustomerExtrasSchema.parse({});
}

export function splitTags(tags: string | null | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

/** Shopify tips are line items without a product that need no shipping. */
export function isTip(item: LineItem): boolean {
  const x = itemExtras(item);
  return x.product_id === null && !x.requires_shipping && !x.gift_card && /^(tip|trinkgeld)\b/i.test(item.title.trim());
}

/** The country the goods go to: shipping address first, billing address otherwise. */
export function destinationCountry(order: ShopifyOrder): string | null {
  return (order.shipping_address?.country_code ?? order.billing_address?.country_code ?? null)?.toUpperCase() ?? null;
}

/** The latest successful fulfilment, if any. */
export function fulfilledAt(order: ShopifyOrder): string | null {
  const dates = orderExtras(order)
    .fulfillments.filter((f) => f.status !== 'cancelled' && f.created_at)
    .map((f) => f.created_at as string);
  if (dates.length === 0) return null;
  return dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

export function isB2B(order: ShopifyOrder): boolean {
  return Boolean(orderExtras(order).company || order.billing_address?.company);
}
