import type Router from '@koa/router';
import { getShop, listLogs } from '@belegfluss/db';
import { planById } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { query } from '../../http';
import { sessionOf } from '../../middleware/session';
import { LogListQuery } from './schema';

export function logRoutes(gw: GatewayContext, api: Router): void {
  /**
   * The event log (spec 2 §2, §7). Retention follows the plan's logMaxAge: the daily
   * housekeeping workflow deletes older entries; a read only leaves them out.
   */
  api.get('/api/shop/logs', async (ctx) => {
    const q = query(ctx, LogListQuery);
    const { shop } = sessionOf(ctx);
    const row = await getShop(gw.db, shop);
    if (!row) throw NotFound('Dieser Shop ist nicht installiert.');
    const maxAge = planById(row.planId).logMaxAge;
    const page = await listLogs(gw.db, shop, q, maxAge);
    // `_key` and `order` are the names the log screens read (spec 2 §3).
    ctx.body = { ...page, items: page.items.map((e) => ({ ...e, _key: String(e.id), order: e.orderId })), page: q.page, pageSize: q.pageSize, maxAge };
  });
}
