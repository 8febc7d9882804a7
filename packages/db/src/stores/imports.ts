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
    .onConflict(['shop_id', 'day']).merge({ workflow_id: workflowId, status: 'running', affected: 0, pages: 0, imported_at: db.fn.now() })
    .where('order_imports.status', 'failed')
    .returning('day');
  return rows.length > 0;
}

/** Undoes a claim whose workflow could not be started. */
export async function releaseOrderImport(db: Db, shopId: string, since: string): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since, status: 'running', pages: 0 }).update({ status: 'failed' });
}

export async function recordImportPage(db: Db, shopId: string, since: string, affected: number): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since }).increment({ affected, pages: 1 });
}

export async function finishOrderImport(db: Db, shopId: string, since: string, status: 'completed' | 'failed'): Promise<void> {
  await db('order_imports').where({ shop_id: shopId, day: since }).update({ status, imported_at: db.fn.now() });
}
