import { getOrderSnapshot, type Db, type OrderListEntry } from '@belegfluss/db';
import { cents, orderBalance, ShopifyOrderSchema } from '@belegfluss/shared';

/**
 * What the order page shows beside the documents: the items, the customer, fulfilment
 * and payment status from the latest snapshot, and the balance between documents and
 * order. Null fields where the snapshot does not parse, never made-up values.
 */
export async function orderDetails(db: Db, shopId: string, order: OrderListEntry) {
  const parsed = ShopifyOrderSchema.safeParse(await getOrderSnapshot(db, shopId, order.id));
  if (!parsed.success) return { items: [], customer: null, fulfillmentStatus: null, balance: null };
  const o = parsed.data;
  const docs = (type: 'invoice' | 'credit') =>
    order.receipts
      .filter((r) => r.type === type && r.total != null)
      .map((r) => ({ totalCents: Math.round((r.total ?? 0) * 100), status: r.status.toLowerCase() }));
  const invoices = docs('invoice');
  // Without an invoice there is nothing to balance: an order whose invoice still waits for its payment (or another
  // chosen event) showed its whole total as "Abweichung". Why it has none is the log's and the audit's to say.
  const balance = invoices.length > 0 ? orderBalance(o, invoices, docs('credit')) : null;
  const name =
    [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' ') ||
    [o.billing_address?.first_name, o.billing_address?.last_name].filter(Boolean).join(' ');
  return {
    items: o.line_items.map((l) => ({
      id: l.id,
      title: l.variant_title ? `${l.title} – ${l.variant_title}` : l.title,
      sku: l.sku ?? null,
      quantity: l.quantity,
      price: cents(l.price) / 100,
    })),
    customer:
      o.customer || o.billing_address
        ? {
            name: name || null,
            email: o.customer?.email ?? o.email ?? null,
            company: o.billing_address?.company ?? null,
            city: o.billing_address?.city ?? null,
            country: o.billing_address?.country_code ?? null,
          }
        : null,
    fulfillmentStatus: o.fulfillment_status ?? 'unfulfilled',
    balance: balance && {
      documents: balance.documentsCents / 100,
      expected: balance.expectedCents / 100,
      difference: balance.diffCents / 100,
      complete: balance.complete,
    },
  };
}
