import { z } from 'zod';
import { lazySchema, type LazyOutput } from '../lazy-schema';

/**
 * The fields of a Shopify refund (refunds/create payload or an entry of order.refunds) that credit notes read.
 * Built on first use: most order workflows never see a refund.
 */
export const ShopifyRefundSchema = lazySchema(() => {
  const money = z.union([z.string(), z.number()]).transform((v) => String(v));
  return z
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
              // Shopify may send null; receivedRefund drops it, as nothing is matched by this id.
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
});

export type ShopifyRefund = LazyOutput<typeof ShopifyRefundSchema>;

/**
 * A refund as Shopify sent it, made fit for the rules, for the two fields Shopify's schema lets be null:
 * - without its creation time it takes `at`, the moment Shopify told us of it (the webhook's triggered-at, or
 *   when we read it). The credit note is dated by it, and a correction belongs to the VAT period in which the
 *   refund happened (§ 17 UStG): the order's date could put it into a period already filed, while `at` is at
 *   most Shopify's retry window after the refund;
 * - a refund line item without id loses the key: it is known by its order line and quantity, as before, and
 *   the order workflow's schema (and so its recorded histories) stays as it was.
 */
export function receivedRefund<T>(refund: T, at: string): T {
  if (!refund || typeof refund !== 'object') return refund;
  const r = refund as Record<string, unknown>;
  const items = Array.isArray(r.refund_line_items) ? (r.refund_line_items as unknown[]) : [];
  const nullIds = items.some((l) => (l as { id?: unknown } | null)?.id === null);
  if (r.created_at != null && !nullIds) return refund;
  return {
    ...r,
    created_at: r.created_at ?? at,
    ...(nullIds
      ? {
          refund_line_items: items.map((l) => {
            const { id, ...rest } = l as Record<string, unknown>;
            return id === null ? rest : l;
          }),
        }
      : {}),
  } as T;
}

/** A webhook body with each refund it carries (refunds/create: itself; orders/*: its `refunds`) as received. */
export function receivedRefunds(topic: string, body: Record<string, unknown>, at: string): Record<string, unknown> {
  if (topic === 'refunds/create') return receivedRefund(body, at);
  if (!Array.isArray(body.refunds)) return body;
  return { ...body, refunds: body.refunds.map((r: unknown) => receivedRefund(r, at)) };
}

/** The refunds of an order snapshot, read leniently (malformed entries are left out). */
export function orderRefunds(order: { refunds: readonly unknown[] }): ShopifyRefund[] {
  return order.refunds.flatMap((r) => {
    const parsed = ShopifyRefundSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}
