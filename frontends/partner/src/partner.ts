/**
 * What the overview reads from `GET /api/partner` ("Partner").
 * Every part is optional: the gateway may not send all of it yet.
 */
export interface PartnerSummary {
  allowance?: number;
  coupons?: { count?: number; views?: number; redemptions?: number };
  provisions?: { subscribed?: number; verified?: number; declined?: number };
  payouts?: { scheduled?: number; paid?: number };
}

/** Who may see the partner area: what it says to everyone else, whether the shop or the gateway found out. */
export const PARTNERS_ONLY = 'Das Partnerprogramm steht nur Shops offen, die als Partner freigeschaltet sind.';
