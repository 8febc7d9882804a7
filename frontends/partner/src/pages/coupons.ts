import { PARTNER_COUPON_TYPES } from '@belegfluss/shared';

/** One row of `GET /api/partner/coupons`. */
export interface PartnerCoupon {
  code: string;
  type: string | null;
  value: number;
  intervals: number;
  views: number;
  redemptions: number;
  createdAt: string;
}

export interface CouponList {
  items: PartnerCoupon[];
  max: number;
}

/** Upper case, only A–Z, 0–9 and hyphens, repeated hyphens collapse. */
export function normalizePartnerCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

export const CODE_MIN = 4;
export const CODE_MAX = 30;

/** The partner coupon rules, checked before the gateway checks again (with its error codes). */
export function partnerCodeError(code: string): string | undefined {
  if (code === '') return 'Darf nicht leer sein';
  if (code.length < CODE_MIN) return `Mindestens ${CODE_MIN} Zeichen`;
  if (code.length > CODE_MAX) return `Maximal ${CODE_MAX} Zeichen`;
  if (!/^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/.test(code)) return 'Der Code ist ungültig';
  return undefined;
}

export function couponTypeLabel(type: (typeof PARTNER_COUPON_TYPES)[number]): string {
  return `${type.percent} % für ${type.months} ${type.months === 1 ? 'Monat' : 'Monate'}${type.popular ? ' (beliebt)' : ''}`;
}

/** The tabs the gateway's list can tell apart. */
export const COUPON_TABS = [
  { id: 'all', label: 'Alle', keep: () => true },
  { id: 'unused', label: 'Unbenutzt', keep: (c: PartnerCoupon) => c.views === 0 && c.redemptions === 0 },
  { id: 'viewed', label: 'Angesehen', keep: (c: PartnerCoupon) => c.views > 0 },
  { id: 'redeemed', label: 'Eingelöst', keep: (c: PartnerCoupon) => c.redemptions > 0 },
] as const;
