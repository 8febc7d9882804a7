import Router from '@koa/router';
import { partnerOverview } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { requirePartner } from '../../middleware/permissions';
import { sessionOf } from '../../middleware/session';

/** /api/partner/*: only shops with the partner flag (spec 3 §6). */
export function partnerRoutes(gw: GatewayContext, api: Router): void {
  const partner = new Router({ prefix: '/api/partner' });
  partner.use(requirePartner(gw));

  /** The overview: allowance, coupon statistics, provision sums by status, payout sums. */
  partner.get('/', async (ctx) => {
    ctx.body = await partnerOverview(gw.db, sessionOf(ctx).shop);
  });

  api.use(partner.routes(), partner.allowedMethods());
}
