import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { logInsert, logRows, type LogEntryInput } from './event-log';

export interface WebhookDelivery {
  webhookId: string;
  eventId: string | null;
  shopId: string;
  topic: string;
  resourceId: string | null;
  triggeredAt: string | null;
  body: unknown;
}

export type WebhookStatus = 'received' | 'started' | 'skipped' | 'unprocessable' | 'failed' | 'successful';

/**
 * One insert is both the durable record and the dedupe: a repeated webhook id, or
 * the same event id for the same topic, inserts nothing and returns false.
 */
export async function recordDelivery(db: Db, d: WebhookDelivery): Promise<boolean> {
  const result = await db.raw(
    `insert into webhook_inbox (webhook_id, event_id, shop_id, topic, resource_id, triggered_at, body)
     values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning webhook_id`,
    [d.webhookId, d.eventId, d.shopId, d.topic, d.resourceId, d.triggeredAt, JSON.stringify(d.body)],
  );
  return (result.rows as unknown[]).length > 0;
}

/** A delivery with its body as the JSON text it arrived in (stored as is; saves serialising it again). */
export type DeliveryToRecord = WebhookDelivery & { json?: string };

/**
 * One statement text for any number of rows (seven arrays, unnested), prepared once per connection: under a
 * burst the gateway's group commit sends a batch per statement without PostgreSQL parsing and planning each.
 */
const RECORD_DELIVERIES = {
  name: 'record_deliveries',
  text: `insert into webhook_inbox (webhook_id, event_id, shop_id, topic, resource_id, triggered_at, body)
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::jsonb[])
    on conflict do nothing returning webhook_id`,
};

interface PgConnection {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Many deliveries in one insert (the gateway's group commit). Answers, per delivery, whether it was new:
 * a delivery whose webhook id or event is already stored, or came earlier in the same batch, was not.
 */
export async function recordDeliveries(db: Db, ds: readonly DeliveryToRecord[]): Promise<boolean[]> {
  if (ds.length === 0) return [];
  const values = [
    ds.map((d) => d.webhookId),
    ds.map((d) => d.eventId),
    ds.map((d) => d.shopId),
    ds.map((d) => d.topic),
    ds.map((d) => d.resourceId),
    ds.map((d) => d.triggeredAt),
    ds.map((d) => d.json ?? JSON.stringify(d.body)),
  ];
  // knex would spread each array into a list of parameters; the pooled pg connection takes them as arrays.
  const connection = (await db.client.acquireConnection()) as PgConnection;
  let result: { rows: unknown[] };
  try {
    result = await connection.query({ ...RECORD_DELIVERIES, values });
  } finally {
    await db.client.releaseConnection(connection);
  }
  const inserted = new Set((result.rows as { webhook_id: string }[]).map((r) => r.webhook_id));
  return ds.map((d) => inserted.delete(d.webhookId));
}

/** One update for a round's deliveries (the order workflow settles all webhooks it handled together). */
export async function setDeliveriesStatus(db: Db, webhookIds: readonly string[], status: WebhookStatus): Promise<void> {
  if (webhookIds.length === 0) return;
  await db('webhook_inbox').whereIn('webhook_id', webhookIds).update({ status, error: null });
}

/**
 * The end of an order workflow's round: the decisions it logged and its deliveries' status, in one
 * statement (the log's insert as its CTE), so a delivery is never settled without its log entries. One statement is
 * one transaction in PostgreSQL: every order round pays one round trip here instead of four (begin, insert, update,
 * commit).
 */
export async function settleRound(
  db: Db,
  logs: readonly LogEntryInput[],
  webhookIds: readonly string[],
  status: WebhookStatus,
): Promise<void> {
  const rows = await logRows(db, logs);
  if (rows.length === 0) return setDeliveriesStatus(db, webhookIds, status);
  if (webhookIds.length === 0) return void (await logInsert(db, rows));
  await db
    .with('logged', logInsert(db, rows))
    .table('webhook_inbox')
    .whereIn('webhook_id', webhookIds)
    .update({ status, error: null });
}

/** Deliveries that reached Temporal, in one update (the gateway's dispatcher collects them for a few ms). */
export async function markSignalled(db: Db, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db('webhook_inbox').whereIn('webhook_id', webhookIds).update({ signalled_at: db.fn.now() });
}

export async function setDeliveryStatus(
  db: Db,
  webhookId: string,
  status: WebhookStatus,
  error?: string,
): Promise<void> {
  await db('webhook_inbox')
    .where({ webhook_id: webhookId })
    .update({ status, error: error ?? null });
}

const DELIVERY_COLUMNS = ['webhook_id', 'event_id', 'shop_id', 'topic', 'resource_id', 'triggered_at', 'body'] as const;
const deliveryFromRow = (r: Record<string, unknown>): WebhookDelivery => {
  const row = fromRow<Omit<WebhookDelivery, 'triggeredAt'> & { triggeredAt: Date | null }>(r, DELIVERY_COLUMNS);
  return {
    ...row,
    eventId: row.eventId ?? null,
    resourceId: row.resourceId ?? null,
    triggeredAt: isoOf(row.triggeredAt),
  };
};

/** Where a pass over the unsignalled deliveries stopped (they are read in the order they arrived). */
export interface InboxCursor {
  /** As PostgreSQL prints it: a Date would lose the microseconds, and a pass would read rows twice. */
  receivedAt: string;
  webhookId: string;
}

/**
 * Deliveries answered 200 but never signalled (Temporal was down, the gateway died, or a burst outran its
 * queue), oldest first, `limit` after `after`, with the cursor of the last one.
 */
export async function unsignalledDeliveries(
  db: Db,
  olderThanMs: number,
  limit = 100,
  after?: InboxCursor,
): Promise<{ deliveries: WebhookDelivery[]; cursor?: InboxCursor }> {
  const query = db('webhook_inbox')
    .whereNull('signalled_at')
    .where('received_at', '<', new Date(Date.now() - olderThanMs));
  if (after) query.whereRaw('(received_at, webhook_id) > (?::timestamptz, ?)', [after.receivedAt, after.webhookId]);
  const rows = await query
    .select('*', db.raw('received_at::text as received_cursor'))
    .orderBy([{ column: 'received_at' }, { column: 'webhook_id' }])
    .limit(limit);
  const last = rows.at(-1) as { received_cursor: string; webhook_id: string } | undefined;
  return {
    deliveries: rows.map(deliveryFromRow),
    ...(last ? { cursor: { receivedAt: last.received_cursor, webhookId: last.webhook_id } } : {}),
  };
}
