import { ORDER_IMPORT_FACTOR } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';

/** A bought order import multiplies the plan's quota by ORDER_IMPORT_FACTOR for 30 days. */
const ORDER_IMPORT_DAYS = 30;

/** What the transfer rules read of a shop row. */
const transferShopFromRow = (r: Record<string, unknown>) =>
  fromRow<{ id: string; transfersQuota: number; transfersPeriodStart: Date }>(r, [
    'id',
    'transfers_quota',
    'transfers_period_start',
  ]);

/**
 * The transfers the shop may use this period: its plan's quota, times the order-import factor
 * while a bought import is younger than 30 days (a query-time rule: it ends by itself).
 */
export async function transfersQuota(db: Db, shop: { id: string; transfersQuota: number }): Promise<number> {
  return (await importBoostUntil(db, shop)) ? shop.transfersQuota * ORDER_IMPORT_FACTOR : shop.transfersQuota;
}

/** When the bought import's raised quota ends, or null when none is running. */
export async function importBoostUntil(db: Db, shop: { id: string }): Promise<Date | null> {
  const boost = await db('purchases')
    .where({ shop_id: shop.id, feature: 'orderImport', status: 'active' })
    .where('activated_at', '>', db.raw(`now() - make_interval(days => ?)`, [ORDER_IMPORT_DAYS]))
    .orderBy('activated_at', 'desc')
    .first<{ until: Date } | undefined>(
      db.raw(`activated_at + make_interval(days => ?) as until`, [ORDER_IMPORT_DAYS]),
    );
  return boost ? new Date(boost.until) : null;
}

/** Transfers charged in the shop's current period (`shops.transfers_period_start`, kept by the billing workflow). */
export async function transfersUsed(db: Db, shop: { id: string; transfersPeriodStart: Date }): Promise<number> {
  const [row] = await db('transfer_ledger')
    .where({ shop_id: shop.id, reason: 'document' })
    .where('period_start', shop.transfersPeriodStart)
    .sum<{ sum: number | null }[]>({ sum: 'delta' });
  return -Number(row?.sum ?? 0) || 0; // never -0
}

export type ChargeResult =
  | { charged: true; used: number; quota: number }
  | { charged: false; reason: 'NO_CREDITS' | 'ALREADY_CHARGED'; used: number; quota: number };

/**
 * Takes one transfer for a document. The shop row is locked so that two workers
 * can't both take the last transfer; the unique document_id makes a retry a no-op.
 */
export async function chargeTransfer(db: Db, shopId: string, documentId: string): Promise<ChargeResult> {
  return db.transaction(async (trx) => {
    const row = await trx('shops').where({ id: shopId }).forUpdate().first();
    if (!row) throw new Error(`Shop ${shopId} not found`);
    const shop = transferShopFromRow(row);
    const quota = await transfersQuota(trx, shop);
    const start = shop.transfersPeriodStart;
    const existing = await trx('transfer_ledger').where({ document_id: documentId }).first();
    const used = await transfersUsed(trx, shop);
    if (existing) return { charged: false, reason: 'ALREADY_CHARGED', used, quota };
    if (used >= quota) return { charged: false, reason: 'NO_CREDITS', used, quota };
    await trx('transfer_ledger').insert({
      shop_id: shopId,
      document_id: documentId,
      delta: -1,
      reason: 'document',
      period_start: start,
    });
    return { charged: true, used: used + 1, quota };
  });
}

/**
 * Takes the right to make one document before its Lexware call: under the shop row's lock, the transfers
 * charged plus the documents of this period whose call is under way (attempted, not yet completed) must
 * leave one free, and the document is marked attempted in the same transaction. Without it, orders handed
 * over together (the wizard's import on activation, a flash sale) all saw the last transfer free and made
 * one document more each than the plan allows.
 */
export async function reserveTransfer(
  db: Db,
  shopId: string,
  documentId: string,
): Promise<{ ok: boolean; used: number; quota: number }> {
  return db.transaction(async (trx) => {
    const row = await trx('shops').where({ id: shopId }).forUpdate().first();
    if (!row) throw new Error(`Shop ${shopId} not found`);
    const shop = transferShopFromRow(row);
    const [used, quota] = await Promise.all([transfersUsed(trx, shop), transfersQuota(trx, shop)]);
    const [pending] = await trx('documents')
      .where({ shop_id: shopId })
      .whereIn('type', ['invoice', 'credit'])
      .whereNot({ id: documentId })
      .whereNull('lexware_id')
      .where('attempted_at', '>=', shop.transfersPeriodStart)
      .count<{ count: number }[]>({ count: '*' });
    if (used + Number(pending?.count ?? 0) >= quota) return { ok: false, used, quota };
    await trx('documents').where({ id: documentId }).update({ attempted_at: trx.fn.now(), updated_at: trx.fn.now() });
    return { ok: true, used, quota };
  });
}

/** Whether a document may still be created in this period (checked before the Lexware call). */
export async function hasTransfers(db: Db, shopId: string): Promise<{ ok: boolean; used: number; quota: number }> {
  const row = await db('shops').where({ id: shopId }).first();
  if (!row) throw new Error(`Shop ${shopId} not found`);
  const shop = transferShopFromRow(row);
  const [used, quota] = await Promise.all([transfersUsed(db, shop), transfersQuota(db, shop)]);
  return { ok: used < quota, used, quota };
}
