/** Plans and their limits, exactly as spec 1 §9 lists them. */
export type PlanId = 'free' | 'basic' | 'standard' | 'premium' | 'business' | 'corporate' | 'enterprise' | 'custom';

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  creditsQuota: number;
  logMaxAge: number;
  importPrice: number | null;
  private: boolean;
}

export const PLANS: readonly Plan[] = [
  { id: 'free', name: 'Free', monthlyPrice: 0, creditsQuota: 10, logMaxAge: 7, importPrice: null, private: false },
  { id: 'basic', name: 'Basic', monthlyPrice: 8.99, creditsQuota: 100, logMaxAge: 14, importPrice: 99, private: false },
  { id: 'standard', name: 'Standard', monthlyPrice: 18.99, creditsQuota: 300, logMaxAge: 30, importPrice: 129, private: false },
  { id: 'premium', name: 'Premium', monthlyPrice: 38.99, creditsQuota: 1000, logMaxAge: 60, importPrice: 239, private: false },
  { id: 'business', name: 'Business', monthlyPrice: 88.99, creditsQuota: 3000, logMaxAge: 90, importPrice: 379, private: false },
  { id: 'corporate', name: 'Corporate', monthlyPrice: 228.99, creditsQuota: 25000, logMaxAge: 180, importPrice: 1999, private: true },
  { id: 'enterprise', name: 'Enterprise', monthlyPrice: 798.99, creditsQuota: 100000, logMaxAge: 360, importPrice: 8999, private: true },
  { id: 'custom', name: 'Custom', monthlyPrice: 9999, creditsQuota: 1000, logMaxAge: 360, importPrice: 9999, private: true },
];

export function planById(id: string): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Below this share of transfers left, the shop is notified (spec 1 §9). */
export const CREDITS_NOTIFY_THRESHOLD = 0.2;
export const TRIAL_DAYS = 7;
export const ANNUAL_DISCOUNT = 0.16;
export const ORDER_IMPORT_FACTOR = 5;
/** Orders created more than this many days before installation are not processed. */
export const TOO_OLD_DAYS = 60;
