/**
 * What a webhook body looks like for the API version it is delivered in. The sandbox keeps one order and one
 * refund in the newest shape; each delivery drops what its version no longer sends and, when a knob asks,
 * sends null where Shopify's published schema allows null, so the app meets what real Shopify may send.
 */

/** Top-level fields Shopify stopped sending in a version's order topics (`orders/*`), from that version on. */
export const ORDER_FIELDS_DROPPED: ReadonlyArray<{ from: string; fields: readonly string[]; source: string }> = [
  {
    // The sandbox still keeps the order's gateway for the transactions it makes; the order body no longer has it.
    from: '2023-04',
    fields: ['gateway', 'payment_details', 'processing_method'],
    source: 'https://shopify.dev/changelog/payment-properties-deprecation-on-the-admin-api-order-resource',
  },
  {
    from: '2026-04',
    fields: ['checkout_id'],
    source: 'https://shopify.dev/changelog/removed-checkout-id-from-checkouts-and-orders-webhooks',
  },
];

/** Fields the sandbox can send as null, all allowed to be null by Shopify's published schema. */
export const PUBLISHED_NULLS = ['orderTotals', 'refundCreatedAt', 'refundLineItemIds'] as const;
export type PublishedNull = (typeof PUBLISHED_NULLS)[number];

const ORDER_TOTALS = [
  'subtotal_price',
  'subtotal_price_set',
  'total_tax',
  'total_tax_set',
  'total_discounts',
  'total_discounts_set',
] as const;

/** Versions are `YYYY-MM`, so they sort as text; `unstable` sorts after every one, as it is the newest. */
const atLeast = (version: string, from: string) => version >= from;

export function droppedOrderFields(apiVersion: string): string[] {
  return ORDER_FIELDS_DROPPED.filter((d) => atLeast(apiVersion, d.from)).flatMap((d) => d.fields);
}

type Json = Record<string, unknown>;

function refundWithNulls(refund: Json, nulls: readonly PublishedNull[]): Json {
  const out: Json = { ...refund };
  if (nulls.includes('refundCreatedAt')) Object.assign(out, { created_at: null, processed_at: null });
  if (nulls.includes('refundLineItemIds') && Array.isArray(out.refund_line_items))
    out.refund_line_items = out.refund_line_items.map((l: Json) => ({ ...l, id: null }));
  return out;
}

/** The body of one delivery of `topic` in `apiVersion`. */
export function webhookPayload(
  topic: string,
  payload: unknown,
  apiVersion: string,
  nulls: readonly PublishedNull[] = [],
): unknown {
  if (!payload || typeof payload !== 'object') return payload;
  if (topic === 'refunds/create') return refundWithNulls(payload as Json, nulls);
  // An edit's body is the edit, not the order.
  if (!topic.startsWith('orders/') || topic === 'orders/edited') return payload;
  const order: Json = { ...(payload as Json) };
  for (const field of droppedOrderFields(apiVersion)) delete order[field];
  if (nulls.includes('orderTotals')) for (const field of ORDER_TOTALS) order[field] = null;
  if (Array.isArray(order.refunds)) order.refunds = order.refunds.map((r: Json) => refundWithNulls(r, nulls));
  return order;
}
