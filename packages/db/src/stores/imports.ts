import type { Db } from '../connection';

export interface OrderImport { shopId: string; day: string; status: 'running' | 'completed' | 'failed'; affected: number; pages: number; workflowId: string | null }

type Raw = Record<string, unknown>;
const day = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d));
const importFromRow = (r: Raw): OrderImport => ({
  shopId: r.shop_id as string, day: day(r.day), status: r.status as OrderImport['status'], affected: r.affected as number, pages: r.pages as number, workflowId: (r.workflow_id as string | null) ?? null,
});

export async function getOrderImport(db: Db, shopId: string, since: string): Promise<OrderImport | undefined> {
  const row = await db('order_imports').where({ shop_id: shopId, day: since }).first();
  return row ? importFromRow(row) : undefined;
}

/**
 * Claims the import of `since` for a new run: false when one is running or done. A failed
 * run may be started again and begins from zero.
 */
export async function claimOrderImport(db: Db, shopId: string, since: string, workflowId: string): Promise<boolean> {
  const rows = await db('order_imports')
    .insert({ shop_id: shopId, day: since, workflow_id: workflowId, status: 'running', affected: 0, pages: 0 })
    .onConflict(['shop_id', 'day']).merge({ workflow_id: workflowId, status: 'running', affected: 0, pages: 0, cursor: null, imported_at: db.fn.now() })
    .where('order_imports.status', 'failed')
    .returning('day');
  return rows.length > 0;
}

/** Undoes a claim whose workflow could not be started. */
export async function releaseOrderImport(db: Db, shopId: string, since: string): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since, status: 'running', pages: 0 }).update({ status: 'failed' });
}

/** Counts a page once: a retried page starts from a cursor the row has already left behind. */
export async function recordImportPage(db: Db, shopId: string, day: string, page: { affected: number; after: string | null; next: string | null }): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day }).whereRaw('cursor is not distinct from ?', [page.after])
    .update({ affected: db.raw('affected + ?', [page.affected]), pages: db.raw('pages + 1'), cursor: page.next ?? '' });
}

export interface ImportDay { day: string; status: OrderImport['status']; orders: number; invoices: number }

/**
 * The shop's imported days (spec 2: the dialog lists them with their counts and excludes them
 * from the calendar), each with the invoices its orders have so far: the progress of a day.
 */
export async function listImportDays(db: Db, shopId: string): Promise<ImportDay[]> {
  const rows = (await db('order_imports as oi').where('oi.shop_id', shopId).orderBy('oi.day').select(
    'oi.day', 'oi.status', 'oi.affected',
    db('documents as d').join('orders as o', (j) => j.on('o.shop_id', 'd.shop_id').andOn('o.order_id', 'd.order_id'))
      .whereRaw('d.shop_id = oi.shop_id').where('d.type', 'invoice').whereNotNull('d.lexoffice_id')
      .whereRaw(`(o.created_at at time zone 'Europe/Berlin')::date = oi.day`).count('*').as('invoices'),
  )) as Raw[];
  return rows.map((r) => ({ day: day(r.day), status: r.status as OrderImport['status'], orders: r.affected as number, invoices: Number(r.invoices) }));
}

export async function finishOrderImport(db: Db, shopId: string, since: string, status: 'completed' | 'failed'): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since }).update({ status, imported_at: db.fn.now() });
}

/**
 * Whether a day of the shop claimed before this one is still being read: days are imported
 * one at a time, in the order they were started (spec 2), so Shopify's query budget goes to one.
 */
export async function earlierImportRunning(db: Db, shopId: string, day: string): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1 from order_imports other, order_imports mine
     where mine.shop_id = ? and mine.day = ? and other.shop_id = mine.shop_id and other.status = 'running' and other.day <> mine.day
       and (other.imported_at, other.day) < (mine.imported_at, mine.day)
     limit 1`,
    [shopId, day],
  );
  return rows.length > 0;
}
