/**
 * Spec 1 §9, verbatim. These belong in packages/shared (owned elsewhere);
 * until they are there, this is the shell's only copy.
 */
export interface PlanDefinition {
  id: string;
  name: string;
  monthlyPrice: number;
  transfersPerMonth: number;
  logDays: number;
  /** One-time price of the historical order import; null when not offered. */
  importPrice: number | null;
  private: boolean;
}

export const PLANS: readonly PlanDefinition[] = [
  { id: 'free', name: 'Free', monthlyPrice: 0, transfersPerMonth: 10, logDays: 7, importPrice: null, private: false },
  { id: 'basic', name: 'Basic', monthlyPrice: 8.99, transfersPerMonth: 100, logDays: 14, importPrice: 99, private: false },
  { id: 'standard', name: 'Standard', monthlyPrice: 18.99, transfersPerMonth: 300, logDays: 30, importPrice: 129, private: false },
  { id: 'premium', name: 'Premium', monthlyPrice: 38.99, transfersPerMonth: 1000, logDays: 60, importPrice: 239, private: false },
  { id: 'business', name: 'Business', monthlyPrice: 88.99, transfersPerMonth: 3000, logDays: 90, importPrice: 379, private: false },
  { id: 'corporate', name: 'Corporate', monthlyPrice: 228.99, transfersPerMonth: 25000, logDays: 180, importPrice: 1999, private: true },
  { id: 'enterprise', name: 'Enterprise', monthlyPrice: 798.99, transfersPerMonth: 100000, logDays: 360, importPrice: 8999, private: true },
  { id: 'custom', name: 'Custom', monthlyPrice: 9999, transfersPerMonth: 1000, logDays: 360, importPrice: 9999, private: true },
];

/** Spec 1 §9: basic is only offered to shops on these Shopify plans. */
export const BASIC_PLAN_SHOPIFY_PLANS = ['basic', 'trial', 'partner_test', 'affiliate', 'paid_trial', 'staff'] as const;

export const TRIAL_DAYS = 7;

/** Public plans, plus the shop's own plan when it is a private one. */
export function visiblePlans(activePlanId: string | undefined): PlanDefinition[] {
  return PLANS.filter((plan) => !plan.private || plan.id === activePlanId);
}
