import { couponCodeAllowsPlan, PARTNER_COUPON, PLANS, planOffered, type Plan } from '@belegfluss/shared';

// The price rules live once, beside the plans, for the gateway and the screens alike.
export { annualPrice, planPrice } from '@belegfluss/shared';

/** Public plans, the shop's own private plan, and with the PARTNER coupon only the big plans. */
export function visiblePlans(options: { activePlanId?: string; shopifyPlan?: string; coupon?: string } = {}): Plan[] {
  return PLANS.filter((plan) => {
    if (plan.id === options.activePlanId) return true;
    if (options.coupon === PARTNER_COUPON) return couponCodeAllowsPlan(PARTNER_COUPON, plan.id) && !plan.private;
    if (plan.private) return false;
    return !options.shopifyPlan || planOffered(plan.id, options.shopifyPlan);
  });
}

export interface PlanSelection {
  id: string;
  quota: number;
  annual: boolean;
}

/** The save bar appears when id, quota or annual flag differ from the active plan. */
export function selectionDiffers(selected: PlanSelection, active: PlanSelection): boolean {
  return selected.id !== active.id || selected.quota !== active.quota || selected.annual !== active.annual;
}
