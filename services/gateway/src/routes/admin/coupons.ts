import type Router from '@koa/router';
import { createAdminCoupon, listAdminCoupons } from '@belegfluss/db';
import { ADMIN_COUPON_MESSAGES } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { Conflict } from '../../errors';
import { body } from '../../http';
import { sessionOf } from '../../middleware/session';
import { requireStaff } from '../../middleware/staff';
import { auditAdminAction } from './support-desk';
import { AdminCouponBody } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.coupons': 'Coupons without a partner (PARTNER among them)',
  'admin.coupon.create': 'Create one (operator)',
});

/**
 * Coupons without a partner behind them (PARTNER among them): every shop may redeem them on the plan page.
 * Partners make their own under /api/partner/coupons.
 */
export function couponRoutes(gw: GatewayContext, admin: Router): void {
  admin.get('admin.coupons', '/coupons', async (ctx) => {
    ctx.body = { items: await listAdminCoupons(gw.db) };
  });

  admin.post('admin.coupon.create', '/coupons', requireStaff(gw, 'coupon.create'), async (ctx) => {
    const req = await body(ctx, AdminCouponBody);
    const coupon = await createAdminCoupon(gw.db, req);
    if (!coupon) throw Conflict('EXISTS', ADMIN_COUPON_MESSAGES.exists, 'code');
    ctx.status = 201;
    ctx.body = { coupon, message: ADMIN_COUPON_MESSAGES.created };
    await auditAdminAction(gw, ctx, sessionOf(ctx).shop, 'coupon.create', { coupon: coupon.code });
  });
}
