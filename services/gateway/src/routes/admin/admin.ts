import Router from '@koa/router';
import { listShopsForAdmin } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { query } from '../../http';
import { requireStaff } from '../../middleware/staff';
import { couponRoutes } from './coupons';
import { downtimeRoutes } from './downtimes';
import { payoutRunRoutes } from './payouts';
import { supportDeskRoutes } from './support-desk';
import { temporalUiLinks, workflowRoutes } from './workflows';
import { ShopListQuery } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.shops': 'Shop list for the people in SUPPORT_STAFF or OPERATOR_STAFF',
});

/**
 * /api/admin/*: only for the people in SUPPORT_STAFF or OPERATOR_STAFF; the routes that move money or
 * grant rights narrow it to the operator.
 */
export function adminRoutes(gw: GatewayContext, api: Router): void {
  const admin = new Router({ prefix: '/api/admin' });
  admin.use(requireStaff(gw, 'shops.view'));

  admin.get('admin.shops', '/shops', async (ctx) => {
    const q = query(ctx, ShopListQuery);
    const { items, hasNext } = await listShopsForAdmin(gw.db, q);
    // Support staff open a shop's workflows in the Temporal UI, filtered by the ShopDomain search attribute.
    const links = temporalUiLinks(gw);
    ctx.body = {
      items: items.map((s) => ({ ...s, workflowsUrl: links.shop(s.shop) })),
      page: q.page,
      hasPrevious: q.page > 1,
      hasNext,
    };
  });

  workflowRoutes(gw, admin);
  downtimeRoutes(gw, admin);
  couponRoutes(gw, admin);
  payoutRunRoutes(gw, admin);
  supportDeskRoutes(gw, admin);
  api.use(admin.routes(), admin.allowedMethods());
}
