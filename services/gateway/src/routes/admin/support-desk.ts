import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  getShop,
  listHelpRequests,
  listLogs,
  shopSupportSettings,
  updateShopSupportSettings,
  writeLog,
} from '@belegfluss/db';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { ForbiddenWith, NotFound } from '../../errors';
import { body, query, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { requireStaff, staffOf } from '../../middleware/staff';
import { logView } from '../logs/logs';
import { LogListQuery } from '../logs/schema';
import { HelpListQuery, ShopDomainParam, SupportSettingsPatch } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.helpRequests': 'Help requests of all shops (support desk)',
  'admin.shop.logs': "A shop's log, as the merchant's log page lists it",
  'admin.shop.settings': "A shop's support settings: permissions, partner flag, allowance",
  'admin.shop.settings.patch': "Change a shop's support settings (operator, not for their own shop)",
});

async function knownShop(gw: GatewayContext, raw: string | undefined): Promise<string> {
  const shop = validate(ShopDomainParam, raw);
  if (!(await getShop(gw.db, shop))) throw NotFound('Diesen Shop kennt Belegfluss nicht.');
  return shop;
}

/**
 * Every support action goes into the affected shop's event log with the acting person (their Shopify
 * user, the shop whose session they used, their configured name and role), so the merchant and the
 * next admin see who changed what.
 */
export async function auditAdminAction(
  gw: GatewayContext,
  ctx: Context,
  targetShop: string,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { shop: admin, userId } = sessionOf(ctx);
  const person = staffOf(gw, ctx);
  await writeLog(gw.db, {
    shopId: targetShop,
    origin: 'shop',
    event: 'admin.action',
    status: 'info',
    body: {
      action,
      admin,
      adminUser: userId,
      adminName: person?.name ?? null,
      adminRole: person?.role ?? null,
      ...details,
    },
  });
}

/** The admin area's support desk: help requests, a shop's event log with stack traces, its permissions and partner flag. */
export function supportDeskRoutes(gw: GatewayContext, admin: Router): void {
  admin.get('admin.helpRequests', '/help-requests', async (ctx) => {
    const q = query(ctx, HelpListQuery);
    const { items, hasNext } = await listHelpRequests(gw.db, { shopId: q.shop, page: q.page, pageSize: q.pageSize });
    ctx.body = { items, page: q.page, hasPrevious: q.page > 1, hasNext };
  });

  admin.get('admin.shop.logs', '/shops/:shop/logs', async (ctx) => {
    const shop = await knownShop(gw, ctx.params.shop);
    const q = query(ctx, LogListQuery);
    const result = await listLogs(gw.db, shop, q);
    ctx.body = { ...result, items: result.items.map((e) => logView(e, true)), page: q.page, pageSize: q.pageSize };
  });

  admin.get('admin.shop.settings', '/shops/:shop/settings', async (ctx) => {
    const shop = await knownShop(gw, ctx.params.shop);
    ctx.body = await shopSupportSettings(gw.db, shop);
  });

  admin.patch('admin.shop.settings.patch', '/shops/:shop/settings', requireStaff(gw, 'shop.settings'), async (ctx) => {
    const shop = await knownShop(gw, ctx.params.shop);
    // Rights and money of the shop one works from would let a person raise their own stake.
    if (shop === sessionOf(ctx).shop) throw ForbiddenWith('OWN_SHOP', STAFF_MESSAGES.ownShop);
    const change = await body(ctx, SupportSettingsPatch);
    const before = await shopSupportSettings(gw.db, shop);
    const after = await updateShopSupportSettings(gw.db, shop, change);
    await auditAdminAction(gw, ctx, shop, 'settings', { before, after });
    ctx.body = after;
  });
}
