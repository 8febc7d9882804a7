import type { Db } from '../connection';
import type { ShopifyOrder } from '@belegfluss/shared';

/** Keeps the newest snapshot: an older webhook arriving late never overwrites a newer one. */
export async function upsertOrder(db: Db, shopId: string, order: ShopifyOrder): Promise<void> {
  const customerName = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ') || null;
  const row = {
    shop_id: shopId,
    order_id: String(order.id),
    name: order.name,
    created_at: order.created_at,
    updated_at: order.updated_at ?? order.created_at,
    financial_status: order.financial_status ?? null,
    fulfillment_status: order.fulfillment_status ?? null,
    gateway: order.payment_gateway_names[0] ?? order.gateway ?? null,
    source_name: order.source_name ?? null,
    total: Number(order.total_price),
    currency: order.currency,
    customer_email: order.customer?.email ?? order.email ?? null,
    customer_name: customerName,
    tags: order.tags,
    snapshot: JSON.stringify(order),
  };
  await db('orders')
    .insert(row)
    .onConflict(['shop_id', 'order_id'])
    .merge()
    .where('orders.updated_at', '<=', row.updated_at);
}

/** When the shop's first order we know of was placed (webhook or import), or null before any. */
export async function firstOrderAt(db: Db, shopId: string): Promise<Date | null> {
  const row = (await db('orders').where({ shop_id: shopId }).min('created_at as first').first()) as
    { first: Date | null } | undefined;
  return row?.first ?? null;
}

/** The shop's orders with these names (e.g. the names a Lexware document mentions). */
export async function ordersByName(
  db: Db,
  shopId: string,
  names: string[],
): Promise<{ orderId: string; name: string }[]> {
  if (names.length === 0) return [];
  const rows = (await db('orders').where({ shop_id: shopId }).whereIn('name', names).select('order_id', 'name')) as {
    order_id: string;
    name: string;
  }[];
  return rows.map((r) => ({ orderId: r.order_id, name: r.name }));
}

/** Marks the orders the connect wizard's import stored, so its hand-over on activation finds them (and only them). */
export async function markWizardImported(db: Db, shopId: string, orderIds: string[]): Promise<void> {
  for (let i = 0; i < orderIds.length; i += 500)
    await db('orders')
      .where({ shop_id: shopId })
      .whereIn('order_id', orderIds.slice(i, i + 500))
      .whereNull('wizard_imported_at')
      .update({ wizard_imported_at: db.fn.now() });
}

/**
 * The wizard's imported orders that have no Lexware document and were not handed to their workflow yet,
 * oldest first, with their newest snapshot: what activating invoice creation still has to judge.
 */
export async function importedOrdersToHandOver(db: Db, shopId: string): Promise<ShopifyOrder[]> {
  const rows = (await db('orders as o')
    .where({ 'o.shop_id': shopId })
    .whereNotNull('o.wizard_imported_at')
    .whereNull('o.handed_over_at')
    .whereNotExists(
      db('documents as d')
        .whereRaw('d.shop_id = o.shop_id and d.order_id = o.order_id')
        .whereNotNull('d.lexware_id')
        .select(db.raw('1')),
    )
    .orderBy([{ column: 'o.created_at' }, { column: 'o.order_id' }])
    .select('o.snapshot')) as { snapshot: ShopifyOrder }[];
  return rows.map((r) => r.snapshot);
}

/** The order went through the hand-over (handed to its workflow, or its skip logged): never again. */
export async function markHandedOver(db: Db, shopId: string, orderId: string): Promise<void> {
  await db('orders').where({ shop_id: shopId, order_id: orderId }).update({ handed_over_at: db.fn.now() });
}
