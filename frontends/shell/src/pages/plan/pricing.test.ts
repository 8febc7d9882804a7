import { PLANS } from '@belegfluss/shared';
import { describe, expect, it } from 'vitest';
import { canRedeem, couponErrorCode, couponErrorText, normalizeCoupon } from './coupon';
import { annualPrice, selectionDiffers, visiblePlans } from './pricing';
import { ApiError } from '@belegfluss/frontend-kit';

describe('annual prices', () => {
  it('takes twelve months less 16 %, floors to whole euros and subtracts one cent', () => {
    const yearly = Object.fromEntries(PLANS.map((plan) => [plan.id, annualPrice(plan.monthlyPrice)]));
    expect(yearly).toEqual({
      free: 0,
      basic: 89.99, // 8.99 × 12 × 0.84 = 90.62
      standard: 190.99, // 191.42
      premium: 392.99, // 393.02
      business: 896.99, // 897.02
      corporate: 2307.99, // 2308.22
      enterprise: 8052.99, // 8053.82
      custom: 100788.99, // 100789.92
    });
  });

  it('is not thrown off by float rounding on the floor', () => {
    // 10 × 12 × 0.84 = 100.8 exactly; 1.19 × 12 × 0.84 = 11.9952.
    expect(annualPrice(10)).toBe(99.99);
    expect(annualPrice(1.19)).toBe(10.99);
  });
});

describe('plan choice', () => {
  it('hides private plans unless active, and PARTNER shows only plans above 1999 transfers', () => {
    expect(visiblePlans().map((plan) => plan.id)).toEqual(['free', 'basic', 'standard', 'premium', 'business']);
    expect(visiblePlans({ activePlanId: 'corporate' }).map((plan) => plan.id)).toContain('corporate');
    expect(visiblePlans({ coupon: 'PARTNER' }).map((plan) => plan.id)).toEqual(['business']);
    expect(visiblePlans({ shopifyPlan: 'shopify_plus' }).map((plan) => plan.id)).not.toContain('basic');
  });

  it('differs in id, quota or annual flag', () => {
    const active = { id: 'basic', quota: 100, annual: false };
    expect(selectionDiffers(active, { ...active })).toBe(false);
    expect(selectionDiffers({ ...active, annual: true }, active)).toBe(true);
    expect(selectionDiffers({ ...active, quota: 200 }, active)).toBe(true);
    expect(selectionDiffers({ ...active, id: 'standard' }, active)).toBe(true);
  });
});

describe('coupon input and errors', () => {
  it('upper-cases, turns spaces into hyphens and stops at 20 characters', () => {
    expect(normalizeCoupon('summer sale 2025')).toBe('SUMMER-SALE-2025');
    expect(normalizeCoupon('a'.repeat(25))).toHaveLength(20);
    // The help allows capitals, digits and hyphens only: an emoji or an umlaut does not count against the 20.
    expect(normalizeCoupon('😀😀😀😀')).toBe('');
    expect(normalizeCoupon('Grüße 😀 10')).toBe('GRSSE--10');
    expect(canRedeem('ABC')).toBe(false);
    expect(canRedeem('ABCD')).toBe(true);
  });

  it('maps error codes to the German texts, each with a sad emoji', () => {
    expect(couponErrorText('USED', () => 0)).toBe('Du hast diesen Coupon bereits verwendet 😢');
    expect(couponErrorText('SELF_REDEMPTION', () => 0.99)).toMatch(
      /^Eigene Coupons kannst du nicht einlösen \p{Extended_Pictographic}/u,
    );
    expect(couponErrorText('whatever', () => 0)).toBe('Der Code scheint ungültig zu sein 😢');
    expect(couponErrorCode(new ApiError(400, 'Coupon error: EXPIRED'))).toBe('EXPIRED');
    expect(couponErrorCode(new ApiError(400, 'nope', 'INVALID'))).toBe('INVALID');
    expect(couponErrorText('PLAN', () => 0)).toBe('Dieser Coupon gilt nicht für den gewählten Tarif 😢');
    expect(couponErrorCode(new ApiError(404, 'Not Found'))).toBeUndefined();
    expect(couponErrorCode(new ApiError(0, 'Der Server ist nicht erreichbar.'))).toBeUndefined();
  });
});
