import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

export interface AdminShopEntry {
  shop: string;
  name: string;
  plan: { id: string; name: string };
  isConnected: boolean;
  createdAt: string;
  uninstalledAt: string | null;
  partner: boolean;
}

interface AdminShopRow {
  id: string;
  name: string;
  planId: string;
  planName: string;
  createdAt: Date;
  uninstalledAt: Date | null;
  partner: boolean;
  connected: boolean;
}
const ADMIN_SHOP_COLUMNS = [
  'id',
  'name',
  'plan_id',
  'plan_name',
  'created_at',
  'uninstalled_at',
  'partner',
  'connected',
] as const;
const adminShopFromRow = (r: Record<string, unknown>): AdminShopEntry => {
  const row = fromRow<AdminShopRow>(r, ADMIN_SHOP_COLUMNS);
  return {
    shop: row.id,
    name: row.name,
    plan: { id: row.planId, name: row.planName },
    isConnected: Boolean(row.connected),
    createdAt: isoOf(row.createdAt),
    uninstalledAt: isoOf(row.uninstalledAt),
    partner: row.partner,
  };
};

/** Every installed shop for the admin area, newest first, optionally filtered by domain or name. */
export async function listShopsForAdmin(
  db: Db,
  q: { search?: string; page: number; pageSize: number },
): Promise<{ items: AdminShopEntry[]; hasNext: boolean }> {
  const query = db('shops as s')
    .join('plans as p', 'p.id', 's.plan_id')
    .leftJoin('lexware_connections as l', 'l.shop_id', 's.id')
    .select(
      's.id',
      's.name',
      's.plan_id',
      'p.name as plan_name',
      's.created_at',
      's.uninstalled_at',
      's.partner',
      db.raw('l.shop_id is not null as connected'),
    );
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((w) => {
      void w.whereILike('s.id', like).orWhereILike('s.name', like);
    });
  }
  const rows = await query
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id')
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
  return { hasNext: rows.length > q.pageSize, items: rows.slice(0, q.pageSize).map(adminShopFromRow) };
}

export interface ShopSupportSettings {
  permissions: string[];
  partner: boolean;
  allowance: number;
}

/** What support may change on a shop: its permissions, the partner flag and the partner's allowance. */
export async function shopSupportSettings(db: Db, shopId: string): Promise<ShopSupportSettings | undefined> {
  const row = await db('shops as s')
    .leftJoin('partners as p', 'p.shop_id', 's.id')
    .where('s.id', shopId)
    .first('s.permissions', 's.partner', 'p.allowance');
  if (!row) return undefined;
  const settings = fromRow<Omit<ShopSupportSettings, 'allowance'> & { allowance: number | null }>(row, [
    'permissions',
    'partner',
    'allowance',
  ]);
  return { ...settings, allowance: settings.allowance == null ? 0.5 : Number(settings.allowance) };
}

/** Changes them in one transaction; a partner's allowance lives with the partner row, created on first change. */
export async function updateShopSupportSettings(
  db: Db,
  shopId: string,
  change: Partial<ShopSupportSettings>,
): Promise<ShopSupportSettings | undefined> {
  await db.transaction(async (trx) => {
    const shop: Record<string, unknown> = {};
    if (change.permissions) shop.permissions = [...new Set(change.permissions)];
    if (change.partner !== undefined) shop.partner = change.partner;
    if (Object.keys(shop).length)
      await trx('shops')
        .where({ id: shopId })
        .update({ ...shop, updated_at: trx.fn.now() });
    if (change.allowance !== undefined) {
      await trx('partners')
        .insert({ shop_id: shopId, allowance: change.allowance })
        .onConflict('shop_id')
        .merge({ allowance: change.allowance });
    }
  });
  return shopSupportSettings(db, shopId);
}
