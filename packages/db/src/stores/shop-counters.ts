import type { Db } from '../connection';
import { fromRow } from '../rows';

/** The shop's statistics counters (stat.*). */
export type ShopCounter = 'contacts_created' | 'contacts_updated' | 'invoices_matched' | 'credits_matched';

export async function countShopEvent(db: Db, shopId: string, counter: ShopCounter): Promise<void> {
  await db('shops').where({ id: shopId }).increment(counter, 1);
}

/** The first document refused for lack of transfers marks when the quota ran out (kept until the rollover). */
export async function markTransfersExhausted(db: Db, shopId: string): Promise<void> {
  await db('shops')
    .where({ id: shopId })
    .whereNull('transfers_exhausted_at')
    .update({ transfers_exhausted_at: db.fn.now() });
}

/** The wizard's master switch of document creation. */
export async function setAutomationEnabled(db: Db, shopId: string, enabled: boolean): Promise<void> {
  await db('shops').where({ id: shopId }).update({ automation_enabled: enabled, updated_at: db.fn.now() });
}

/** The app's start page the merchant chose (general preferences). */
export async function setShopHome(db: Db, shopId: string, home: unknown): Promise<void> {
  await db('shops').where({ id: shopId }).update({ home, updated_at: db.fn.now() });
}

/** Locks the shop row for a preferences change (two saves of one shop never interleave); undefined when not installed. */
export async function lockShopForPreferences(
  db: Db,
  shopId: string,
): Promise<{ shopifyScopes: string[]; planId: string } | undefined> {
  const row = await db('shops').where({ id: shopId }).forUpdate().first('shopify_scopes', 'plan_id');
  return row ? fromRow(row) : undefined;
}

/** The shop has a row (installed once, not redacted). */
export async function shopExists(db: Db, shopId: string): Promise<boolean> {
  return Boolean(await db('shops').where({ id: shopId }).first('id'));
}

/** Installed now: a row, and no app/uninstalled since. */
export async function shopInstalled(db: Db, shopId: string): Promise<boolean> {
  const shop = await db('shops').where({ id: shopId }).first('uninstalled_at');
  return Boolean(shop && !shop.uninstalled_at);
}
