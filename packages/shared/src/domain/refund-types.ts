import { z } from 'zod';

const money = z.union([z.string(), z.number()]).transform((v) => String(v));

/** The fields of a Shopify refund (refunds/create payload or an entry of order.refunds) that credit notes read. */
export const ShopifyRefundSchema = z
  .object({
    id: z.number(),
    order_id: z.number().optional(),
    created_at: z.string(),
    processed_at: z.string().nullish(),
    note: z.string().nullish(),
    refund_line_items: z
      .array(
        z
          .object({
            // Shopify's schema lets it be null: a refunded line is known by its order line and quantity, never by this id.
            id: z.number().nullish(),
            line_item_id: z.number(),
            quantity: z.number(),
            subtotal: money,
            total_tax: money.default('0'),
            line_item: z.object({ id: z.number(), title: z.string() }).passthrough().optional(),
          })
          .passthrough(),
      )
      .default([]),
    order_adjustments: z
      .array(
        z
          .object({
            id: z.number().optional(),
            amount: money,
            tax_amount: money.default('0'),
            kind: z.string(),
            reason: z.string().nullish(),
          })
          .passthrough(),
      )
      .default([]),
    transactions: z
      .array(
        z
          .object({
            id: z.number().optional(),
            kind: z.string(),
            status: z.string(),
            amount: money,
            gateway: z.string().nullish(),
          })
          .passthrough(),
      )
      .default([]),
  })
  .passthrough();

export type ShopifyRefund = z.infer<typeof ShopifyRefundSchema>;

/**
 * Shopify's schema lets a refund come without its creation time, yet the credit note is dated by it. A
 * correction belongs to the VAT period in which the refund happened (§ 17 UStG), so the order's date would put
 * it into a period that may be closed already; the moment Shopify told us of the refund (the webhook's
 * triggered-at, or when we read it) is at most Shopify's retry window after the refund. `at` is that moment.
 */
export function withRefundTime<T>(refund: T, at: string): T {
  if (!refund || typeof refund !== 'object') return refund;
  const r = refund as Record<string, unknown>;
  return r.created_at == null ? ({ ...r, created_at: at } as T) : refund;
}

/** A webhook body with each refund it carries (refunds/create: itself; orders/*: its `refunds`) given a time. */
export function withRefundTimes(topic: string, body: Record<string, unknown>, at: string): Record<string, unknown> {
  if (topic === 'refunds/create') return withRefundTime(body, at);
  if (!Array.isArray(body.refunds)) return body;
  return { ...body, refunds: body.refunds.map((r: unknown) => withRefundTime(r, at)) };
}
