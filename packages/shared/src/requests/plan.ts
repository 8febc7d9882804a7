/** The coupon errors the shell shows, keyed by the code the gateway answers. */
export const COUPON_MESSAGES = {
  INVALID: 'Der Code scheint ungültig zu sein',
  USED: 'Du hast diesen Coupon bereits verwendet',
  SELF_REDEMPTION: 'Eigene Coupons kannst du nicht einlösen',
  EXPIRED: 'Der Code ist abgelaufen',
  PLAN: 'Dieser Coupon gilt nicht für den gewählten Tarif',
} as const;
