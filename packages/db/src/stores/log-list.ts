import { planById } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';
import { logEntryFromRow, type LogEntry } from './event-log';

export type LogSortField = 'date' | 'status' | 'origin' | 'event' | 'order';
const SORT_COLUMNS: Record<LogSortField, string> = {
  date: 'date',
  status: 'status',
  origin: 'origin',
  event: 'event',
  order: 'order_name',
};

export interface LogListQuery {
  sortBy: LogSortField;
  sortDir: 'asc' | 'desc';
  search?: string;
  /** Events and reason codes whose German sentence contains the search (the catalogue lives in shared). */
  searchEvents?: string[];
  searchReasons?: string[];
  origin?: string[];
  status?: string[];
  order?: string;
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How long one page of the log may take. A text search reads every entry's body; on a large log a broad
 * one would hold a connection and a core for as long as it likes, and a client can ask again and again.
 */
export const LOG_LIST_TIMEOUT_MS = 5_000;

/**
 * One page of the event log; one row more than the page is read to know whether another page follows.
 * PostgreSQL ends it past `timeoutMs` (error code 57014, query_canceled).
 */
export async function listLogs(
  db: Db,
  shopId: string,
  q: LogListQuery,
  maxAgeDays?: number,
  timeoutMs = LOG_LIST_TIMEOUT_MS,
): Promise<{ items: LogEntry[]; hasPrevious: boolean; hasNext: boolean }> {
  return db.transaction(async (trx) => {
    // Local to this transaction, so the pooled connection goes back without the limit.
    await trx.raw(`select set_config('statement_timeout', ?, true)`, [String(timeoutMs)]);
    return logPage(trx, shopId, q, maxAgeDays);
  });
}

async function logPage(
  db: Db,
  shopId: string,
  q: LogListQuery,
  maxAgeDays?: number,
): Promise<{ items: LogEntry[]; hasPrevious: boolean; hasNext: boolean }> {
  const query = db('event_log').where({ shop_id: shopId });
  // The daily retention job deletes what is past the plan's age; until it has run, such entries are not shown.
  if (maxAgeDays !== undefined) query.where('date', '>=', db.raw(`now() - make_interval(days => ?)`, [maxAgeDays]));
  if (q.origin?.length) query.whereIn('origin', q.origin);
  if (q.status?.length) query.whereIn('status', q.status);
  if (q.order)
    query.where((w) => {
      void w.where('order_id', q.order!).orWhere('order_name', q.order!);
    });
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    query.where((w) => {
      void w.whereILike('event', like).orWhereILike('order_name', like).orWhereRaw('body::text ilike ?', [like]);
      if (q.searchEvents?.length) void w.orWhereIn('event', q.searchEvents);
      if (q.searchReasons?.length) void w.orWhereRaw("body->>'reason' = any(?)", [q.searchReasons]);
    });
  }
  const rows = await query
    .orderByRaw(`${SORT_COLUMNS[q.sortBy]} ${q.sortDir} nulls last, id ${q.sortDir}`)
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
  const items: LogEntry[] = rows.slice(0, q.pageSize).map(logEntryFromRow);
  return {
    hasPrevious: q.page > 1,
    hasNext: rows.length > q.pageSize,
    items: await withDocumentNumbers(db, shopId, items),
  };
}

/** The Lexware document an entry is about (a made or matched invoice or credit note). */
const documentOfEntry = (e: LogEntry): string | undefined => {
  const id = e.ref?.invoice ?? e.ref?.credit;
  return typeof id === 'string' ? id : undefined;
};

/** An entry about a document whose number was not known when it was written (Lexware's create answers only the id). */
export const entryLacksNumber = (e: LogEntry): boolean => Boolean(documentOfEntry(e)) && e.body?.number == null;

/** Entries written before their document's number was learned show the number known now. */
async function withDocumentNumbers(db: Db, shopId: string, items: LogEntry[]): Promise<LogEntry[]> {
  const ids = items.filter(entryLacksNumber).map((e) => documentOfEntry(e)!);
  if (ids.length === 0) return items;
  const rows = await db('documents')
    .where({ shop_id: shopId })
    .whereIn('lexware_id', ids)
    .whereNotNull('number')
    .select('lexware_id', 'number');
  const numbers = new Map(
    rows
      .map((r: Record<string, unknown>) => fromRow<{ lexwareId: string; number: string }>(r, ['lexware_id', 'number']))
      .map((d) => [d.lexwareId, d.number]),
  );
  return items.map((e) => {
    const number = entryLacksNumber(e) ? numbers.get(documentOfEntry(e)!) : undefined;
    return number ? { ...e, body: { ...e.body, number } } : e;
  });
}

/**
 * Retention by plan, run by the daily housekeeping job: every shop's entries older
 * than its plan's `logMaxAge` at `now` go. Returns how many were deleted.
 */
export async function pruneExpiredLogs(db: Db, now: Date): Promise<number> {
  const plans = (await db('shops').distinct('plan_id').pluck('plan_id')) as string[];
  let deleted = 0;
  for (const planId of plans) {
    const cutoff = new Date(now.getTime() - planById(planId).logMaxAge * 86_400_000);
    deleted += await db('event_log')
      .whereIn('shop_id', db('shops').where({ plan_id: planId }).select('id'))
      .where('date', '<', cutoff)
      .delete();
  }
  return deleted;
}

/** OAuth states live ten minutes; the expired ones nobody came back for go. */
export async function purgeExpiredOauthStates(db: Db, now: Date): Promise<number> {
  return db('oauth_states').where('expires_at', '<', now).delete();
}
