import type { Db } from '../connection';
import { fromRow } from '../rows';
import type { MailSendTestRow } from './tables';

/** The app's own tables in the test database (migration bookkeeping aside), to fingerprint what a request changed. */
export async function appTableNames(db: Db): Promise<string[]> {
  const names = (await db('pg_tables')
    .where({ schemaname: db.client.config.searchPath ?? 'public' })
    .pluck('tablename')) as string[];
  return names.filter((t) => !t.startsWith('knex_'));
}

/** Per shop, when its last transferred document changed: a bench's drain time. */
export async function lastTransferPerShop(db: Db): Promise<{ shopId: string; done: Date }[]> {
  const rows = (await db('documents')
    .whereNotNull('lexware_id')
    .groupBy('shop_id')
    .select('shop_id', db.raw('max(updated_at) as done'))) as { shop_id: string; done: Date }[];
  return rows.map((r) => ({ shopId: r.shop_id, done: r.done }));
}

/** A shop's first mail send in `status` (of one order's documents, when given). */
export async function mailSendOfShop(
  db: Db,
  where: { shopId: string; orderId?: string; status: string },
): Promise<MailSendTestRow | undefined> {
  const row = (await db('mail_sends as s')
    .join('documents as d', 'd.id', 's.document_id')
    .where({ 'd.shop_id': where.shopId, 's.status': where.status })
    .modify((q) => {
      if (where.orderId !== undefined) void q.where('d.order_id', where.orderId);
    })
    .first('s.*')) as Record<string, unknown> | undefined;
  return row && fromRow<MailSendTestRow>(row);
}
