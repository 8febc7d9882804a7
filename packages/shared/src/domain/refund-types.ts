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
            id: z.number().optional(),
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
