import type { Db } from '../connection';

export interface AdminShopEntry {
  shop: string;
  name: string;
  plan: { id: string; name: string };
  isConnected: boolean;
  createdAt: string;
  uninstalledAt: string | null;
  partner: boolean;
}

/** Every installed shop for the admin area, newest first, optionally filtered by domain or name. */
export async function listShopsForAdmin(db: Db, q: { search?: string; page: number; pageSize: number }): Promise<{ items: AdminShopEntry[]; hasNext: boolean }> {
  const query = db('shops as s').join('plans as p', 'p.id', 's.plan_id').leftJoin('lexoffice_connections as l', 'l.shop_id', 's.id')
    .select('s.id', 's.name', 's.plan_id', 'p.name as plan_name', 's.created_at', 's.uninstalled_at', 's.partner', db.raw('l.shop_id is not null as connected'));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((w) => {
      void w.whereILike('s.id', like).orWhereILike('s.name', like);
    });
  }
  const rows = await query.orderBy('s.created_at', 'desc').orderBy('s.id').limit(q.pageSize + 1).offset((q.page - 1) * q.pageSize);
  return {
    hasNext: rows.length > q.pageSize,
    items: rows.slice(0, q.pageSize).map((r: Record<string, unknown>) => ({
      shop: r.id as string, name: r.name as string, plan: { id: r.plan_id as string, name: r.plan_name as string },
      isConnected: Boolean(r.connected), createdAt: (r.created_at as Date).toISOString(),
      uninstalledAt: r.uninstalled_at ? (r.uninstalled_at as Date).toISOString() : null, partner: r.partner as boolean,
    })),
  };
}
