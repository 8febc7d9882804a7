import { ORDER_IMPORT_FACTOR } from '@belegfluss/shared';
import type { Knex } from 'knex';
import type { Db } from '../connection';
import { fromRow, joinTransaction } from '../rows';

/** A bought order import multiplies the plan's quota by ORDER_IMPORT_FACTOR for 30 days. */
const ORDER_IMPORT_DAYS = 30;

/** What the transfer rules read of a shop row. */
const transferShopFromRow = (r: Record<string, unknown>) =>
  fromRow<{ id: string; transfersQuota: number; transfersPeriodStart: Date }>(r, [
    'id',
    'transfers_quota',
    'transfers_period_start',
  ]);

/** The quota with a bought import running until `boostUntil` (or none): the plan's, times the import factor. */
const quotaWith = (shop: { transfersQuota: number }, boostUntil: Date | null) =>
  boostUntil ? shop.transfersQuota * ORDER_IMPORT_FACTOR : shop.transfersQuota;

/**
 * The transfers the shop may use this period: its plan's quota, times the order-import factor
 * while a bought import is younger than 30 days (a query-time rule: it ends by itself).
 */
export async function transfersQuota(db: Db, shop: { id: string; transfersQuota: number }): Promise<number> {
  return quotaWith(shop, await importBoostUntil(db, shop));
}

/** The running bought import's end, as a query (one row, `until`), to run alone or inside a larger statement. */
const boostQuery = (db: Db, shop: { id: string }) =>
  db('purchases')
    .where({ shop_id: shop.id, feature: 'orderImport', status: 'active' })
    .where('activated_at', '>', db.raw(`now() - make_interval(days => ?)`, [ORDER_IMPORT_DAYS]))
    .orderBy('activated_at', 'desc')
    .limit(1)
    .select(db.raw(`activated_at + make_interval(days => ?) as until`, [ORDER_IMPORT_DAYS]));

/** When the bought import's raised quota ends, or null when none is running. */
export async function importBoostUntil(db: Db, shop: { id: string }): Promise<Date | null> {
  const [boost] = (await boostQuery(db, shop)) as { until: Date }[];
  return boost ? new Date(boost.until) : null;
}

/** The sum of the period's document charges (negative, or null when none), as a query like boostQuery. */
const chargesQuery = (db: Db, shop: { id: string; transfersPeriodStart: Date }) =>
  db('transfer_ledger')
    .where({ shop_id: shop.id, reason: 'document' })
    .where('period_start', shop.transfersPeriodStart)
    .sum({ sum: 'delta' });

const usedOf = (sum: number | null | undefined) => -Number(sum ?? 0) || 0; // never -0

/** Transfers charged in the shop's current period (`shops.transfers_period_start`, kept by the billing workflow). */
export async function transfersUsed(db: Db, shop: { id: string; transfersPeriodStart: Date }): Promise<number> {
  const [row] = (await chargesQuery(db, shop)) as { sum: number | null }[];
  return usedOf(row?.sum);
}

/**
 * What a charge or a reservation decides with, read in one statement once the shop row is locked: the transfers
 * used this period and the quota, plus the statement's own `extra` columns. Each was a round trip of its own.
 */
async function usedAndQuota<E extends Record<string, unknown>>(
  trx: Db,
  shop: { id: string; transfersQuota: number; transfersPeriodStart: Date },
  extra: Record<keyof E, Knex.QueryBuilder | Knex.Raw>,
): Promise<{ used: number; quota: number } & E> {
  const [row] = (await trx.select({
    ...extra,
    sum: chargesQuery(trx, shop),
    until: boostQuery(trx, shop),
  })) as ({ sum: number | null; until: Date | null } & E)[];
  const { sum, until, ...rest } = row!;
  return { ...(rest as unknown as E), used: usedOf(sum), quota: quotaWith(shop, until ? new Date(until) : null) };
}

export type ChargeResult =
  | { charged: true; used: number; quota: number }
  | { charged: false; reason: 'NO_CREDITS' | 'ALREADY_CHARGED'; used: number; quota: number };

/**
 * Takes one transfer for a document. The shop row is locked so that two workers
 * can't both take the last transfer; the unique document_id makes a retry a no-op.
 */
export async function chargeTransfer(db: Db, shopId: string, documentId: string): Promise<ChargeResult> {
  // A document's completion charges in its own transaction (see makeOnce): joined, not nested.
  return joinTransaction(db, async (trx) => {
    const row = await trx('shops').where({ id: shopId }).forUpdate().first();
    if (!row) throw new Error(`Shop ${shopId} not found`);
    const shop = transferShopFromRow(row);
    const start = shop.transfersPeriodStart;
    const { used, quota, existing } = await usedAndQuota<{ existing: boolean }>(trx, shop, {
      existing: trx.raw('exists (?)', [trx('transfer_ledger').where({ document_id: documentId }).select(1)]),
    });
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
    const { used, quota, pending } = await usedAndQuota<{ pending: number }>(trx, shop, {
      pending: trx('documents')
        .where({ shop_id: shopId })
        .whereIn('type', ['invoice', 'credit'])
        .whereNot({ id: documentId })
        .whereNull('lexware_id')
        .where('attempted_at', '>=', shop.transfersPeriodStart)
        .count({ count: '*' }),
    });
    if (used + Number(pending ?? 0) >= quota) return { ok: false, used, quota };
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
