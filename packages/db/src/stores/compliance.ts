import type { Db } from '../connection';
import { fromRow } from '../rows';

/** The customer named in a Shopify compliance webhook. */
export interface ComplianceCustomer {
  id?: number | string | null;
  email?: string | null;
  phone?: string | null;
}

const PII_KEYS = ['customer', 'email', 'contact_email', 'phone', 'billing_address', 'shipping_address'] as const;
const LOG_PII_KEYS = ['email', 'cc', 'bcc', 'customer', 'name', 'vatNumber', 'recipient'] as const;

/** The order ids of the shop that belong to this customer: the listed ones, or by customer id or e-mail. */
async function customerOrderIds(
  db: Db,
  shopId: string,
  customer: ComplianceCustomer,
  orderIds: readonly (string | number)[],
): Promise<string[]> {
  const rows = await db('orders')
    .where({ shop_id: shopId })
    .where((w) => {
      w.whereIn('order_id', orderIds.map(String));
      if (customer.email) w.orWhereRaw('lower(customer_email) = lower(?)', [customer.email]);
      if (customer.id != null) w.orWhereRaw(`snapshot->'customer'->>'id' = ?`, [String(customer.id)]);
    })
    .select('order_id');
  return [...new Set([...orderIds.map(String), ...rows.map((r: { order_id: string }) => r.order_id)])];
}

/**
 * customers/redact: the customer's personal data leaves our order snapshots, the stored
 * webhook bodies and the event log. Documents in Lexware are the merchant's bookkeeping
 * records (statutory retention) and stay; we keep only their numbers and totals.
 */
export async function redactCustomer(
  db: Db,
  shopId: string,
  customer: ComplianceCustomer,
  orderIds: readonly (string | number)[],
): Promise<{ orders: number; logEntries: number; deliveries: number }> {
  return db.transaction(async (trx) => {
    const ids = await customerOrderIds(trx, shopId, customer, orderIds);
    const nulls = JSON.stringify(Object.fromEntries(PII_KEYS.map((k) => [k, null])));
    const orders = ids.length
      ? await trx('orders')
          .where({ shop_id: shopId })
          .whereIn('order_id', ids)
          .update({ customer_email: null, customer_name: null, snapshot: trx.raw('snapshot || ?::jsonb', [nulls]) })
      : 0;
    const deliveries = ids.length
      ? await trx('webhook_inbox')
          .where({ shop_id: shopId })
          .whereIn('resource_id', ids)
          .update({
            body: trx.raw(`case when jsonb_typeof(body) = 'object' then body || ?::jsonb else body end`, [nulls]),
          })
      : 0;
    const logs = trx('event_log')
      .where({ shop_id: shopId })
      .where((w) => {
        if (ids.length) w.whereIn('order_id', ids);
        if (customer.email)
          w.orWhereRaw('body::text ilike ?', [`%${customer.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
        if (!ids.length && !customer.email) w.whereRaw('false');
      });
    const removal = LOG_PII_KEYS.map(() => '- ?').join(' ');
    const logEntries = await logs.update({
      body: trx.raw(`(body ${removal}) || '{"redacted":true}'::jsonb`, [...LOG_PII_KEYS]),
    });
    return { orders, logEntries, deliveries };
  });
}

/** customers/data_request: what we hold about the customer, for the merchant to pass on. */
export async function customerDataReport(
  db: Db,
  shopId: string,
  customer: ComplianceCustomer,
  orderIds: readonly (string | number)[],
) {
  const ids = await customerOrderIds(db, shopId, customer, orderIds);
  const [orders, documents, logEntries] = await Promise.all([
    ids.length
      ? db('orders')
          .where({ shop_id: shopId })
          .whereIn('order_id', ids)
          .select('order_id', 'name', 'customer_email', 'customer_name', 'created_at')
      : [],
    ids.length
      ? db('documents')
          .where({ shop_id: shopId })
          .whereIn('order_id', ids)
          .whereNotNull('lexware_id')
          .select('type', 'number', 'order_id')
      : [],
    ids.length
      ? db('event_log').where({ shop_id: shopId }).whereIn('order_id', ids).count<{ count: number }[]>({ count: '*' })
      : [{ count: 0 }],
  ]);
  return {
    orders: orders.map((o: Record<string, unknown>) => {
      const row = fromRow<{ orderId: string; name: string; customerEmail: string | null; customerName: string | null }>(
        o,
        ['order_id', 'name', 'customer_email', 'customer_name'],
      );
      return {
        id: row.orderId,
        name: row.name,
        email: row.customerEmail ?? null,
        customerName: row.customerName ?? null,
      };
    }),
    documents: documents.map((d: Record<string, unknown>) => {
      const row = fromRow<{ type: string; number: string | null; orderId: string }>(d, ['type', 'number', 'order_id']);
      return { ...row, number: row.number ?? null };
    }),
    logEntries: Number(logEntries[0]?.count ?? 0),
  };
}

/**
 * shop/redact: every row of the shop goes, except the inbox row of this very request
 * (kept as the record that the deletion was asked for and done).
 */
export async function deleteShopData(db: Db, shopId: string, keepWebhookId?: string): Promise<void> {
  await db.transaction(async (trx) => {
    const coupons = trx('coupons').where({ partner_shop_id: shopId }).select('code');
    await trx('redemptions').whereIn('coupon_code', coupons).delete();
    await trx('oauth_states').where({ shop_id: shopId }).delete();
    const inbox = trx('webhook_inbox').where({ shop_id: shopId });
    if (keepWebhookId) inbox.whereNot({ webhook_id: keepWebhookId });
    await inbox.delete();
    // Everything else hangs off shops with ON DELETE CASCADE.
    await trx('shops').where({ id: shopId }).delete();
  });
}
