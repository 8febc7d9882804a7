/**
 * What the overview reads from `GET /api/partner` (spec 3 §3, "Partner").
 * Every part is optional: the gateway may not send all of it yet.
 */
export interface PartnerSummary {
  allowance?: number;
  coupons?: { count?: number; views?: number; redemptions?: number };
  provisions?: { subscribed?: number; verified?: number; declined?: number };
  payouts?: { scheduled?: number; paid?: number };
}

/** Spec 1 §9 and spec 3 §9: partner allowance 0.5, at most 10 coupons. */
export const PARTNER_DEFAULT_ALLOWANCE = 0.5;
export const PARTNER_MAX_COUPONS = 10;
/** Spec 1 §9: payout thresholds and fees by gateway. */
export const PARTNER_PAYOUT = {
  paypal: { label: 'PayPal', threshold: 50, feePercent: 3.5 },
  bank: { label: 'Banküberweisung (SEPA)', threshold: 50, feePercent: 0 },
} as const;
