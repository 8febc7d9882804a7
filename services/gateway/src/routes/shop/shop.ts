import type Router from '@koa/router';
import { shopView } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { shopFlags } from '../../config';
import { NotFound } from '../../errors';
import { sessionOf } from '../../middleware/session';
import { staffOf } from '../../middleware/staff';
import { describeRoutes } from '../../route-list';

describeRoutes({
  shop: 'The shop with isAdmin, staff, isShopify, isDev',
});

export function shopRoutes(gw: GatewayContext, api: Router): void {
  api.get('shop', '/api/shop', async (ctx) => {
    const view = await shopView(gw.db, sessionOf(ctx).shop);
    if (!view) throw NotFound('Dieser Shop ist nicht installiert.');
    const person = staffOf(gw, ctx);
    ctx.body = {
      ...view,
      ...shopFlags(gw.options, view.shop),
      isAdmin: Boolean(person),
      staff: person ? { role: person.role, userId: person.userId, shop: person.shop, name: person.name } : null,
    };
  });
}
