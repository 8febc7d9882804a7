import { ANNUAL_DISCOUNT, PLANS, type Plan } from '@belegfluss/shared';

/** Spec 1 §9: basic is only offered to shops on these Shopify plans. */
export const BASIC_PLAN_SHOPIFY_PLANS = ['basic', 'trial', 'partner_test', 'affiliate', 'paid_trial', 'staff'] as const;

/** Spec 1 §9: the special coupon PARTNER shows only plans above 1999 transfers. */
export const PARTNER_COUPON = 'PARTNER';

/**
 * Spec 1 §9: "Annual discount 16 percent (annual price per year is the monthly
 * price floored, minus one cent)". Twelve monthly prices less 16 %, floored to
 * whole euros, minus one cent: 8.99 → 89.99 a year. Computed in cents, so no
 * float rounding can move the floor. A free plan stays free.
 */
export function annualPrice(monthlyPrice: number): number {
  const monthlyCents = Math.round(monthlyPrice * 100);
  if (monthlyCents <= 0) return 0;
  const discountPercent = Math.round(ANNUAL_DISCOUNT * 100);
  const yearEuros = Math.floor((monthlyCents * 12 * (100 - discountPercent)) / 100 / 100);
  return (yearEuros * 100 - 1) / 100;
}

/** What the shop pays per billing period for a plan. */
export function planPrice(plan: Pick<Plan, 'monthlyPrice'>, annual: boolean): number {
  return annual ? annualPrice(plan.monthlyPrice) : plan.monthlyPrice;
}

/** Public plans, the shop's own private plan, and with the PARTNER coupon only the big plans. */
export function visiblePlans(options: { activePlanId?: string; shopifyPlan?: string; coupon?: string } = {}): Plan[] {
  return PLANS.filter((plan) => {
    if (plan.id === options.activePlanId) return true;
    if (options.coupon === PARTNER_COUPON) return plan.creditsQuota > 1999 && !plan.private;
    if (plan.private) return false;
    if (plan.id === 'basic' && options.shopifyPlan) return (BASIC_PLAN_SHOPIFY_PLANS as readonly string[]).includes(options.shopifyPlan);
    return true;
  });
}

export interface PlanSelection {
  id: string;
  quota: number;
  annual: boolean;
}

/** Spec 1 §2: the save bar appears when id, quota or annual flag differ from the active plan. */
export function selectionDiffers(selected: PlanSelection, active: PlanSelection): boolean {
  return selected.id !== active.id || selected.quota !== active.quota || selected.annual !== active.annual;
}
