import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import type { LogOrigin, LogStatus } from '@belegfluss/shared';

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
  await db('event_log').insert(logRow(entry));
}

/** Several entries in one statement. */
export async function writeLogs(db: Db, entries: readonly LogEntryInput[]): Promise<void> {
  if (entries.length > 0) await db('event_log').insert(entries.map(logRow));
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
