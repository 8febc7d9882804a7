import { billingPeriod, type BillingPeriod } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { getShop } from './shops';

export interface PeriodChange {
  shopId: string;
  start: Date;
  end: Date;
  rolled: boolean;
  active: boolean;
}

/**
 * Puts the shop into the billing period that contains `now`. `now` comes from the
 * caller (the billing workflow's clock), never from the database, so that a test may let months
 * pass. Moving to a new period is the reset: usage is counted per `period_start`, every earlier
 * period's rows stay in the ledger, and a `reset` row records when it happened. `force` starts
 * a fresh period at `now` (support's goodwill rollover), ending when the regular one would.
 */
export async function syncBillingPeriod(
  db: Db,
  shopId: string,
  now: Date,
  opts: { force?: boolean } = {},
): Promise<PeriodChange> {
  return db.transaction(async (trx) => {
    const row = await trx('shops').where({ id: shopId }).forUpdate().first();
    if (!row) throw new Error(`Shop ${shopId} not found`);
    const shop = (await getShop(trx, shopId))!;
    const period: BillingPeriod = billingPeriod(
      {
        plan: shop.planId === 'free' ? 'free' : 'paid',
        annual: shop.planAnnual,
        installedAt: shop.installedAt,
        currentPeriodEnd: shop.currentPeriodEnd,
      },
      now,
    );
    const start = opts.force ? now : period.start;
    const active = !shop.uninstalledAt;
    const rolled = start.getTime() > shop.transfersPeriodStart.getTime();
    // A period that moved back (plan back to free, Shopify's end corrected) keeps its start: never a second quota for the same days.
    const next = rolled ? { start, end: period.end } : { start: shop.transfersPeriodStart, end: period.end };
    if (rolled || next.end.getTime() !== shop.transfersResetAt.getTime()) {
      await trx('shops')
        .where({ id: shopId })
        .update({
          transfers_period_start: next.start,
          transfers_reset_at: next.end,
          updated_at: trx.fn.now(),
          ...(rolled ? { transfers_exhausted_at: null } : {}),
        });
    }
    if (rolled)
      await trx('transfer_ledger').insert({
        shop_id: shopId,
        delta: 0,
        reason: 'reset',
        period_start: next.start,
        created_at: now,
      });
    return { shopId, start: next.start, end: next.end, rolled, active };
  });
}

/** Shopify's `currentPeriodEnd` of the active subscription (null when the shop has none). */
export async function saveCurrentPeriodEnd(db: Db, shopId: string, end: Date | null): Promise<void> {
  await db('shops').where({ id: shopId }).update({ current_period_end: end });
}

export interface PeriodUsage {
  periodStart: string;
  used: number;
  resetAt: string | null;
}

const periodUsageFromRow = (r: Record<string, unknown>): PeriodUsage => {
  const row = fromRow<{ periodStart: Date; used: number | null; resetAt: Date | null }>(r, [
    'period_start',
    'used',
    'reset_at',
  ]);
  return { periodStart: isoOf(row.periodStart), used: Number(row.used ?? 0), resetAt: isoOf(row.resetAt) };
};

/** Every period's usage, oldest first: the ledger's history. */
export async function periodUsage(db: Db, shopId: string): Promise<PeriodUsage[]> {
  const rows = await db('transfer_ledger')
    .where({ shop_id: shopId })
    .groupBy('period_start')
    .orderBy('period_start')
    .select(
      'period_start',
      db.raw(`-sum(delta) filter (where reason = 'document') as used`),
      db.raw(`min(created_at) filter (where reason = 'reset') as reset_at`),
    );
  return rows.map(periodUsageFromRow);
}

/** A document refused for want of transfers waits; it no longer does once it exists. */
export async function markWaiting(db: Db, documentId: string): Promise<void> {
  await db('documents')
    .where({ id: documentId })
    .whereNull('lexware_id')
    .update({ waiting_since: db.fn.now(), resumed_at: null });
}

export interface WaitingDocument {
  documentId: string;
  orderId: string;
  orderName: string | null;
  type: string;
  waitingSince: Date;
  snapshot: unknown;
  /** The connect wizard's import handed the order over: a workflow started anew must judge it as that import. */
  wizardImport: boolean;
}

const WAITING_DOCUMENT_COLUMNS = [
  'id',
  'order_id',
  'order_name',
  'type',
  'waiting_since',
  'snapshot',
  'wizard_import',
] as const;
const waitingDocumentFromRow = (r: Record<string, unknown>): WaitingDocument => {
  const { id, ...row } = fromRow<Omit<WaitingDocument, 'documentId'> & { id: string }>(r, WAITING_DOCUMENT_COLUMNS);
  return { documentId: id, ...row, orderName: row.orderName ?? null };
};

/**
 * The documents waiting for transfers that have not been resumed since they were refused, oldest
 * order first, at most `limit` (the transfers available): one order resumed per free transfer.
 */
export async function waitingDocuments(db: Db, shopId: string, limit: number): Promise<WaitingDocument[]> {
  if (limit <= 0) return [];
  const rows = await db('documents as d')
    .join('orders as o', (j) => j.on('o.shop_id', 'd.shop_id').andOn('o.order_id', 'd.order_id'))
    .where('d.shop_id', shopId)
    .whereNotNull('d.waiting_since')
    .whereNull('d.lexware_id')
    .where((w) => void w.whereNull('d.resumed_at').orWhereRaw('d.resumed_at < d.waiting_since'))
    .orderBy([{ column: 'o.created_at' }, { column: 'd.waiting_since' }])
    .limit(limit)
    .select(
      'd.id',
      'd.order_id',
      'd.order_name',
      'd.type',
      'd.waiting_since',
      'o.snapshot',
      db.raw('o.wizard_imported_at is not null and o.handed_over_at is not null as wizard_import'),
    );
  return rows.map(waitingDocumentFromRow);
}

export async function markResumed(db: Db, documentId: string): Promise<void> {
  await db('documents').where({ id: documentId }).update({ resumed_at: db.fn.now() });
}

/** Orders of the shop with a document waiting for transfers (the order list's "wartet auf Übertragungen"). */
export async function ordersWaitingForTransfers(db: Db, shopId: string, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db('documents')
    .where({ shop_id: shopId })
    .whereIn('order_id', orderIds)
    .whereNotNull('waiting_since')
    .whereNull('lexware_id')
    .pluck('order_id');
  return new Set(rows as string[]);
}

/** Shops that should have a billing workflow: installed ones. */
export async function installedShopIds(db: Db): Promise<string[]> {
  return (await db('shops').whereNull('uninstalled_at').orderBy('id').pluck('id')) as string[];
}
