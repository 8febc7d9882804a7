import type { ImportStatus } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';

export const ENDED_IMPORT_STATUSES = ['failed', 'terminated', 'cancelled'] as const satisfies readonly ImportStatus[];
export interface OrderImport {
  shopId: string;
  day: string;
  status: ImportStatus;
  affected: number;
  pages: number;
  workflowId: string | null;
  claimedAt: Date;
}

type Raw = Record<string, unknown>;
const day = (d: unknown) =>
  d instanceof Date
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : String(d);
const IMPORT_COLUMNS = ['shop_id', 'day', 'status', 'affected', 'pages', 'workflow_id', 'imported_at'] as const;
const importFromRow = (r: Raw): OrderImport => {
  const { importedAt, ...row } = fromRow<Omit<OrderImport, 'day' | 'claimedAt'> & { day: unknown; importedAt: Date }>(
    r,
    IMPORT_COLUMNS,
  );
  return { ...row, day: day(row.day), workflowId: row.workflowId ?? null, claimedAt: new Date(importedAt) };
};

export async function getOrderImport(db: Db, shopId: string, since: string): Promise<OrderImport | undefined> {
  const row = await db('order_imports').where({ shop_id: shopId, day: since }).first();
  return row ? importFromRow(row) : undefined;
}

/**
 * Claims the import of `since` for a new run: false when one is running or done. A run that
 * ended without finishing (failed, terminated, cancelled) may be started again and begins from
 * zero; its orders keep the documents they have (the order workflows make each one once).
 */
export async function claimOrderImport(db: Db, shopId: string, since: string, workflowId: string): Promise<boolean> {
  const rows = await db('order_imports')
    .insert({ shop_id: shopId, day: since, workflow_id: workflowId, status: 'running', affected: 0, pages: 0 })
    .onConflict(['shop_id', 'day'])
    .merge({
      workflow_id: workflowId,
      status: 'running',
      affected: 0,
      pages: 0,
      cursor: null,
      imported_at: db.fn.now(),
    })
    .whereIn('order_imports.status', ENDED_IMPORT_STATUSES)
    .returning('day');
  return rows.length > 0;
}

/** Undoes a claim whose workflow could not be started. */
export async function releaseOrderImport(db: Db, shopId: string, since: string): Promise<void> {
  await db('order_imports')
    .where({ shop_id: shopId, day: since, status: 'running', pages: 0 })
    .update({ status: 'failed' });
}

/** Counts a page once: a retried page starts from a cursor the row has already left behind. */
export async function recordImportPage(
  db: Db,
  shopId: string,
  day: string,
  page: { affected: number; after: string | null; next: string | null },
): Promise<void> {
  await db('order_imports')
    .where({ shop_id: shopId, day })
    .whereRaw('cursor is not distinct from ?', [page.after])
    .update({ affected: db.raw('affected + ?', [page.affected]), pages: db.raw('pages + 1'), cursor: page.next ?? '' });
}

export interface ImportDay {
  day: string;
  status: ImportStatus;
  orders: number;
  invoices: number;
  /** When the first of the day's invoices was made; null before. */
  firstInvoiceAt: string | null;
  /** A day that failed because the plan no longer includes the import: the plan it was on then. */
  stoppedOnPlan: string | null;
}

/** The invoices made for the orders of the day `oi` (an `order_imports` row of the outer query). */
const dayInvoices = (db: Db) =>
  db('documents as d')
    .join('orders as o', (j) => j.on('o.shop_id', 'd.shop_id').andOn('o.order_id', 'd.order_id'))
    .whereRaw('d.shop_id = oi.shop_id')
    .where('d.type', 'invoice')
    .whereNotNull('d.lexware_id')
    .whereRaw(`(o.created_at at time zone 'Europe/Berlin')::date = oi.day`);

/**
 * The shop's imported days (the dialog lists them with their counts and excludes them
 * from the calendar), each with the invoices its orders have so far: the progress of a day.
 */
export async function listImportDays(db: Db, shopId: string): Promise<ImportDay[]> {
  const rows = (await db('order_imports as oi')
    .where('oi.shop_id', shopId)
    .orderBy('oi.day')
    .select(
      'oi.day',
      'oi.status',
      'oi.affected',
      dayInvoices(db).count('*').as('invoices'),
      // When the day's first invoice was made: the rate the dialog's estimate goes by.
      dayInvoices(db).min('d.created_at').as('first_invoice_at'),
      // The import's own log entry when a plan without it stopped the day (activities/plan.ts).
      db('event_log as e')
        .whereRaw('e.shop_id = oi.shop_id')
        .where('e.event', 'plan.feature.withheld')
        .whereRaw(`e.body->>'feature' = 'orderImport'`)
        .whereRaw(`e.body->>'day' = to_char(oi.day, 'YYYY-MM-DD')`)
        .orderBy('e.id', 'desc')
        .limit(1)
        .select(db.raw(`e.body->>'plan'`))
        .as('stopped_on_plan'),
    )) as Raw[];
  return rows.map((r) => {
    const row = fromRow<{
      day: unknown;
      status: ImportStatus;
      affected: number;
      invoices: unknown;
      firstInvoiceAt: Date | null;
      stoppedOnPlan: string | null;
    }>(r, ['day', 'status', 'affected', 'invoices', 'first_invoice_at', 'stopped_on_plan']);
    return {
      day: day(row.day),
      status: row.status,
      orders: row.affected,
      invoices: Number(row.invoices),
      firstInvoiceAt: row.firstInvoiceAt ? new Date(row.firstInvoiceAt).toISOString() : null,
      stoppedOnPlan: row.status === 'failed' ? (row.stoppedOnPlan ?? null) : null,
    };
  });
}

export async function finishOrderImport(
  db: Db,
  shopId: string,
  since: string,
  status: 'completed' | 'failed',
): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since }).update({ status, imported_at: db.fn.now() });
}

/** The shop's days whose runs the table still calls running: the ones to hold against Temporal. */
export async function runningOrderImports(db: Db, shopId: string, days?: string[]): Promise<OrderImport[]> {
  const q = db('order_imports')
    .where({ shop_id: shopId, status: 'running' })
    .whereNotNull('workflow_id')
    .orderBy([{ column: 'imported_at' }, { column: 'day' }]);
  if (days) q.whereIn('day', days);
  return ((await q) as Raw[]).map(importFromRow);
}

/**
 * Records how a run ended that could not say so itself (terminated, cancelled, timed out, or
 * gone): only while the row still names that run as running, so a newer run is never touched.
 */
export async function settleOrderImport(
  db: Db,
  shopId: string,
  day: string,
  workflowId: string,
  status: Exclude<ImportStatus, 'running'>,
): Promise<void> {
  await db('order_imports')
    .where({ shop_id: shopId, day, workflow_id: workflowId, status: 'running' })
    .update({ status });
}

/**
 * The first day of the shop claimed before this one that is still being read, if any: days are
 * imported one at a time, in the order they were started, so Shopify's query budget
 * goes to one.
 */
export async function earlierImportRunning(db: Db, shopId: string, day: string): Promise<OrderImport | undefined> {
  const { rows } = await db.raw(
    `select other.* from order_imports other, order_imports mine
     where mine.shop_id = ? and mine.day = ? and other.shop_id = mine.shop_id and other.status = 'running' and other.day <> mine.day
       and (other.imported_at, other.day) < (mine.imported_at, mine.day)
     order by other.imported_at, other.day
     limit 1`,
    [shopId, day],
  );
  const row = (rows as Raw[])[0];
  return row ? importFromRow(row) : undefined;
}

export type ImportRangeStatus = 'running' | 'completed' | 'stopped' | 'failed';
export interface ImportRange {
  workflowId: string;
  shopId: string;
  from: string;
  to: string;
  status: ImportRangeStatus;
  /** Days the range has dealt with, from its first on: imported, or skipped as imported already. */
  daysDone: number;
  stopRequested: boolean;
  startedAt: Date;
}
const rangeFromRow = (r: Raw): ImportRange => ({
  workflowId: String(r.workflow_id),
  shopId: String(r.shop_id),
  from: day(r.first_day),
  to: day(r.last_day),
  status: r.status as ImportRangeStatus,
  daysDone: Number(r.days_done),
  stopRequested: r.stop_requested_at != null,
  startedAt: new Date(r.started_at as string),
});

/** Claims the shop's one running range: false while another runs (the partial unique index decides). */
export async function claimImportRange(
  db: Db,
  range: { shopId: string; workflowId: string; from: string; to: string },
): Promise<boolean> {
  const rows = await db('order_import_ranges')
    .insert({ workflow_id: range.workflowId, shop_id: range.shopId, first_day: range.from, last_day: range.to })
    .onConflict(db.raw(`(shop_id) where status = 'running'`))
    .ignore()
    .returning('workflow_id');
  return rows.length > 0;
}

/** Undoes a claim whose workflow could not be started: nothing was queued. */
export async function releaseImportRange(db: Db, workflowId: string): Promise<void> {
  await db('order_import_ranges').where({ workflow_id: workflowId, days_done: 0 }).delete();
}

/** The shop's running range, else its latest one (the dialog shows how it ended). */
export async function latestImportRange(db: Db, shopId: string): Promise<ImportRange | undefined> {
  const row = (await db('order_import_ranges')
    .where({ shop_id: shopId })
    .orderByRaw(`status = 'running' desc, started_at desc`)
    .first()) as Raw | undefined;
  return row ? rangeFromRow(row) : undefined;
}

/** How far the range's workflow got; counted once however often a retry writes it. */
export async function recordImportRangeDays(db: Db, workflowId: string, daysDone: number): Promise<void> {
  await db('order_import_ranges')
    .where({ workflow_id: workflowId })
    .where('days_done', '<', daysDone)
    .update({ days_done: daysDone });
}

/** The merchant asked to stop: the days not started stay so, the running day finishes. */
export async function requestImportRangeStop(db: Db, workflowId: string): Promise<void> {
  await db('order_import_ranges')
    .where({ workflow_id: workflowId, status: 'running' })
    .update({ stop_requested_at: db.raw('coalesce(stop_requested_at, now())') });
}

/** The range's end, written by its workflow, or by whoever finds it ended from outside. */
export async function finishImportRange(
  db: Db,
  workflowId: string,
  status: Exclude<ImportRangeStatus, 'running'>,
): Promise<void> {
  await db('order_import_ranges')
    .where({ workflow_id: workflowId, status: 'running' })
    .update({ status, finished_at: db.fn.now() });
}

/** The orchestration package's ImportRunStore and ImportRangeStore: the runs it brings in line with Temporal. */
export const importRunStore = (db: Db) => ({
  finishImportRange: (workflowId: string, status: 'failed') => finishImportRange(db, workflowId, status),
  runningOrderImports: (shopId: string, days?: string[]) => runningOrderImports(db, shopId, days),
  settleOrderImport: (shopId: string, day: string, workflowId: string, end: Exclude<ImportStatus, 'running'>) =>
    settleOrderImport(db, shopId, day, workflowId, end),
});
