import type { Context, Next } from 'koa';
import { getShop } from '@belegfluss/db';
import { featureRequiredMessage, planIncludes, type PlanFeature } from '@belegfluss/shared';
import type { GatewayContext } from './context';
import { NotFound, PaymentRequired } from './errors';
import { sessionOf } from './middleware/session';

/** The one place the server refuses a feature the shop's plan lacks, with 402 and the text of the feature map. */
export function assertPlanFeatures(planId: string, features: readonly PlanFeature[]): void {
  const missing = features.find((feature) => !planIncludes(planId, feature));
  if (missing) throw PaymentRequired('PLAN_FEATURE', featureRequiredMessage(missing), missing);
}

/** A route guard: the session's shop must be on a plan with `feature`. */
export function requireFeature(gw: GatewayContext, feature: PlanFeature) {
  return async (ctx: Context, next: Next) => {
    const row = await getShop(gw.db, sessionOf(ctx).shop);
    if (!row) throw NotFound('Dieser Shop ist nicht installiert.');
    assertPlanFeatures(row.planId, [feature]);
    await next();
  };
}
