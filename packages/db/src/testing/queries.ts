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

/**
 * Per shop, when a bench's backlog passed each stage: its first and last webhook in the inbox, its last signal to
 * Temporal, and its last transferred document. Tells a skew in delivery from a skew in the drain.
 */
export async function drainStagesPerShop(
  db: Db,
): Promise<{ shopId: string; firstReceived: Date; lastReceived: Date; lastSignalled: Date | null; done: Date }[]> {
  const rows = (await db('webhook_inbox as i')
    .join(
      db('documents')
        .whereNotNull('lexware_id')
        .groupBy('shop_id')
        .select('shop_id', db.raw('max(updated_at) as done'))
        .as('d'),
      'd.shop_id',
      'i.shop_id',
    )
    .groupBy('i.shop_id', 'd.done')
    .select(
      'i.shop_id',
      db.raw('min(i.received_at) as first_received'),
      db.raw('max(i.received_at) as last_received'),
      db.raw('max(i.signalled_at) as last_signalled'),
      'd.done',
    )) as { shop_id: string; first_received: Date; last_received: Date; last_signalled: Date | null; done: Date }[];
  return rows.map((r) => ({
    shopId: r.shop_id,
    firstReceived: r.first_received,
    lastReceived: r.last_received,
    lastSignalled: r.last_signalled,
    done: r.done,
  }));
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

/**
 * Transactions this database has finished (committed or rolled back): a statement outside a transaction counts
 * one. The benches read it before and after a run for the database round trips per invoice or per webhook.
 * PostgreSQL publishes a connection's counts when it goes idle (within a second), so the count is read until
 * it stays put (the reads are transactions too: a handful, against thousands in a run).
 */
export async function finishedTransactions(db: Db): Promise<number> {
  const read = async () => {
    const { rows } = await db.raw(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number((rows as { n: string }[])[0]!.n);
  };
  let last = await read();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1100));
    const now = await read();
    if (now - last <= 1) return now;
    last = now;
  }
}
