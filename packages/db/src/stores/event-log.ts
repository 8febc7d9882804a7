import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { DAILY_SKIP_REASONS, type LogOrigin, type LogStatus } from '@belegfluss/shared';

export interface LogEntryInput {
  shopId: string;
  origin: LogOrigin;
  event: string;
  status: LogStatus;
  orderId?: string | null;
  orderName?: string | null;
  ref?: Record<string, string | number | null>;
  body?: Record<string, unknown>;
}

const logRow = (entry: LogEntryInput) => ({
  shop_id: entry.shopId,
  origin: entry.origin,
  event: entry.event,
  status: entry.status,
  order_id: entry.orderId ?? null,
  order_name: entry.orderName ?? null,
  ref: JSON.stringify(entry.ref ?? {}),
  body: JSON.stringify(entry.body ?? {}),
});

export async function writeLog(db: Db, entry: LogEntryInput): Promise<void> {
  await writeLogs(db, [entry]);
}

/** Several entries in one statement. */
export async function writeLogs(db: Db, entries: readonly LogEntryInput[]): Promise<void> {
  const rows = await logRows(db, entries);
  if (rows.length > 0) await logInsert(db, rows);
}

/** The rows of the entries still worth writing (see below), for an insert of the caller's own. */
export async function logRows(db: Db, entries: readonly LogEntryInput[]) {
  return (await withoutRepeatedChoices(db, entries)).map(logRow);
}

/** The insert of such rows, not yet run (a knex query runs once awaited), so it can be part of a larger statement. */
export const logInsert = (db: Db, rows: ReturnType<typeof logRow>[]) => db('event_log').insert(rows);

/**
 * Drops a skip for a merchant's own switch (DAILY_SKIP_REASONS) that the shop's log already holds today
 * (Berlin time) and since the settings last changed, so turning the switch off again is logged anew. Done here, where every entry passes, so the workflows log as they always did and their
 * recorded histories still replay.
 */
async function withoutRepeatedChoices(db: Db, entries: readonly LogEntryInput[]): Promise<LogEntryInput[]> {
  const kept: LogEntryInput[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const reason = entry.body?.reason;
    if (!entry.event.endsWith('.skipped') || typeof reason !== 'string' || !DAILY_SKIP_REASONS.has(reason)) {
      kept.push(entry);
      continue;
    }
    const key = `${entry.shopId}|${entry.event}|${reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const today = await db('event_log')
      .where({ shop_id: entry.shopId, event: entry.event })
      .whereRaw(`body->>'reason' = ?`, [reason])
      .whereRaw(`date >= date_trunc('day', now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin'`)
      .whereRaw(
        `date >= coalesce((select max(updated_at) from shop_preferences where shop_id = ?), '-infinity'::timestamptz)`,
        [entry.shopId],
      )
      .first('id');
    if (!today) kept.push(entry);
  }
  return kept;
}

export interface LogEntry extends Required<Omit<LogEntryInput, 'shopId'>> {
  id: number;
  date: string;
}

const LOG_ENTRY_COLUMNS = ['id', 'date', 'origin', 'event', 'status', 'order_id', 'order_name', 'ref', 'body'] as const;
/** An event_log row as the log pages show it (the recent entries and the log list). */
export const logEntryFromRow = (r: Record<string, unknown>): LogEntry => {
  const row = fromRow<Omit<LogEntry, 'date'> & { date: Date }>(r, LOG_ENTRY_COLUMNS);
  return { ...row, date: isoOf(row.date), orderId: row.orderId ?? null, orderName: row.orderName ?? null };
};

export async function recentLogs(db: Db, shopId: string, limit = 25): Promise<LogEntry[]> {
  const rows = await db('event_log').where({ shop_id: shopId }).orderBy('id', 'desc').limit(limit);
  return rows.map(logEntryFromRow);
}

/** Whether the order's log already holds this event with these body members (a note that should appear once per order). */
export async function orderLogHas(
  db: Db,
  shopId: string,
  orderId: string,
  event: string,
  body: Record<string, unknown>,
): Promise<boolean> {
  const row = await db('event_log')
    .where({ shop_id: shopId, order_id: orderId, event })
    .whereRaw('body @> ?::jsonb', [JSON.stringify(body)])
    .first('id');
  return Boolean(row);
}
