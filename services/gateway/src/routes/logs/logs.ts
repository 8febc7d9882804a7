import type Router from '@koa/router';
import { entryLacksNumber, getShop, listLogs, type LogEntry } from '@belegfluss/db';
import { planById, searchLogCatalogue } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { query } from '../../http';
import { sessionOf } from '../../middleware/session';
import { staffOf } from '../../middleware/staff';
import { LogListQuery } from './schema';
import { fillShownNumbers } from '../documents/numbers';
import { describeRoutes } from '../../route-list';

describeRoutes({
  logs: "?sortBy&sortDir&search&origin&status&order&page&pageSize: the shop's log",
});

/**
 * Stack traces belong to critical entries and only admins see them; everyone else
 * gets the entry without it. `_key` and `order` are the names the log screens read.
 */
export function logView(entry: LogEntry, admin: boolean) {
  const { stack, ...body } = entry.body ?? {};
  const trace = admin && entry.status === 'critical' && typeof stack === 'string' ? { stack } : {};
  return { ...entry, body, _key: String(entry.id), order: entry.orderId, ...trace };
}

export function logRoutes(gw: GatewayContext, api: Router): void {
  /**
   * The event log. Retention follows the plan's logMaxAge: the daily
   * housekeeping workflow deletes older entries; a read only leaves them out.
   */
  api.get('logs', '/api/shop/logs', async (ctx) => {
    const q = query(ctx, LogListQuery);
    const { shop } = sessionOf(ctx);
    const row = await getShop(gw.db, shop);
    if (!row) throw NotFound('Dieser Shop ist nicht installiert.');
    const maxAge = planById(row.planId).logMaxAge;
    // The merchant searches the sentences they read, not the codes behind them.
    const list = () => listLogs(gw.db, shop, { ...q, ...(q.search ? searchLogCatalogue(q.search) : {}) }, maxAge);
    let page = await list();
    // A made document's number is learned from Lexware's voucher list when a screen first shows it.
    if (page.items.some(entryLacksNumber) && (await fillShownNumbers(gw, shop))) page = await list();
    const admin = Boolean(staffOf(gw, ctx));
    ctx.body = { ...page, items: page.items.map((e) => logView(e, admin)), page: q.page, pageSize: q.pageSize, maxAge };
  });
}
