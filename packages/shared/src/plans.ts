/** Plans and their limits, exactly as the product specification lists them. */
export type PlanId = 'free' | 'basic' | 'standard' | 'premium' | 'business' | 'corporate' | 'enterprise' | 'custom';

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  transfersQuota: number;
  logMaxAge: number;
  /** null: the plan has no price of its own (see orderImportPrice). */
  importPrice: number | null;
  private: boolean;
}

export const PLANS: readonly Plan[] = [
  { id: 'free', name: 'Free', monthlyPrice: 0, transfersQuota: 10, logMaxAge: 7, importPrice: null, private: false },
  {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: 8.99,
    transfersQuota: 100,
    logMaxAge: 14,
    importPrice: 99,
    private: false,
  },
  {
    id: 'standard',
    name: 'Standard',
    monthlyPrice: 18.99,
    transfersQuota: 300,
    logMaxAge: 30,
    importPrice: 129,
    private: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    monthlyPrice: 38.99,
    transfersQuota: 1000,
    logMaxAge: 60,
    importPrice: 239,
    private: false,
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPrice: 88.99,
    transfersQuota: 3000,
    logMaxAge: 90,
    importPrice: 379,
    private: false,
  },
  {
    id: 'corporate',
    name: 'Corporate',
    monthlyPrice: 228.99,
    transfersQuota: 25000,
    logMaxAge: 180,
    importPrice: 1999,
    private: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 798.99,
    transfersQuota: 100000,
    logMaxAge: 360,
    importPrice: 8999,
    private: true,
  },
  {
    id: 'custom',
    name: 'Custom',
    monthlyPrice: 9999,
    transfersQuota: 1000,
    logMaxAge: 360,
    importPrice: 9999,
    private: true,
  },
];

export function planById(id: string): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Below this share of transfers left, the shop is notified. */
export const TRANSFERS_NOTIFY_THRESHOLD = 0.2;
export const TRIAL_DAYS = 7;
export const ANNUAL_DISCOUNT = 0.16;
export const ORDER_IMPORT_FACTOR = 5;
/** The general one-time price of the historical order import, for a paid plan without a price of its own. */
export const ORDER_IMPORT_PRICE = 109;
/** What Basic saves in tax per order (Basic is for small shops; the plan page shows it). */
export const BASIC_TAX_SAVING_PER_ORDER = 0.99;
/** Orders created more than this many days before installation are not processed. */
export const TOO_OLD_DAYS = 60;

export const isPlanId = (id: string): id is PlanId => PLANS.some((p) => p.id === id);

/** Basic is only offered to shops on these Shopify plans. */
export const BASIC_PLAN_SHOPIFY_PLANS = ['basic', 'trial', 'partner_test', 'affiliate', 'paid_trial', 'staff'] as const;

/** Whether a shop on this Shopify plan may choose `planId` (only basic is restricted). */
export function planOffered(planId: string, shopifyPlan: string | null | undefined): boolean {
  if (planId !== 'basic') return true;
  const normalized = (shopifyPlan ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (BASIC_PLAN_SHOPIFY_PLANS as readonly string[]).includes(normalized);
}

/**
 * "Annual discount 16 percent (annual price per year is the monthly
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

/** The price after a coupon, never below zero, in whole cents. */
export function discountedPrice(price: number, coupon: { type: 'percent' | 'amount'; value: number } | null): number {
  if (!coupon) return price;
  const cents = Math.round(price * 100);
  const off = coupon.type === 'percent' ? Math.round((cents * coupon.value) / 100) : Math.round(coupon.value * 100);
  return Math.max(0, cents - off) / 100;
}

/**
 * The one-time price of the historical order import on a plan: none on the free plan (the import is disabled
 * there), else the plan's own import price, else the general price.
 */
export function orderImportPrice(planId: string): number | null {
  const plan = PLANS.find((p) => p.id === planId);
  if (!plan || plan.monthlyPrice === 0) return null;
  return plan.importPrice ?? ORDER_IMPORT_PRICE;
}

/** One-time unlocks; only the historical order import has a price (the plan's import price). */
export const PURCHASABLE_FEATURES = ['orderImport'] as const;
export type PurchasableFeature = (typeof PURCHASABLE_FEATURES)[number];

/** The special coupon PARTNER shows only plans above 1999 transfers. */
export const PARTNER_COUPON = 'PARTNER';
export const PARTNER_COUPON_MIN_TRANSFERS = 1999;

/** Whether a coupon may be used for a plan as far as its code goes: PARTNER only above 1999 transfers. */
export function couponCodeAllowsPlan(code: string, planId: string): boolean {
  if (code !== PARTNER_COUPON) return true;
  const plan = PLANS.find((p) => p.id === planId);
  return Boolean(plan && plan.transfersQuota > PARTNER_COUPON_MIN_TRANSFERS);
}

/** The plans a coupon is valid for (empty: all), narrowed by what its code allows. */
export function couponPlans(code: string, plans: readonly string[]): string[] {
  if (code !== PARTNER_COUPON) return [...plans];
  const all = plans.length > 0 ? plans : PLANS.map((p) => p.id);
  return all.filter((id) => couponCodeAllowsPlan(code, id));
}

/** The partner programme's constants. */
export const PARTNER_ALLOWANCE = 0.5;
/** Billing intervals of a referred shop the partner's provision is paid for. */
export const PARTNER_PROVISION_INTERVALS = 1;
export const MAX_PARTNER_COUPONS = 10;
export const PARTNER_RELEASE_DAYS = 46;

/** The discount types a partner chooses for a coupon: percent off for so many months. */
export const PARTNER_COUPON_TYPES = [
  { id: '12', months: 12, percent: 10, popular: false },
  { id: '6', months: 6, percent: 25, popular: false },
  { id: '3', months: 3, percent: 50, popular: true },
  { id: '1', months: 1, percent: 75, popular: false },
] as const;
export type PartnerCouponTypeId = (typeof PARTNER_COUPON_TYPES)[number]['id'];

export const PAYOUT_GATEWAYS = {
  paypal: { threshold: 50, fee: 0.035 },
  bank: { threshold: 50, fee: 0 },
} as const;
export type PayoutGateway = keyof typeof PAYOUT_GATEWAYS;

/** Coupon statuses. */
export const REDEMPTION_STATUSES = [
  'pending',
  'redeemed',
  'subscribed',
  'cancelled',
  'declined',
  'verified',
  'paid',
] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
