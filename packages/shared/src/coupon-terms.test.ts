import { describe, expect, it } from 'vitest';
import { couponTerms } from './coupon-terms';
import {
  PARTNER_COUPON_TYPES,
  annualPrice,
  couponCodeAllowsPlan,
  couponPlans,
  discountedPrice,
  ORDER_IMPORT_PRICE,
  orderImportPrice,
  PARTNER_COUPON_MIN_TRANSFERS,
  PLANS,
} from './plans';

describe('a coupon on a monthly plan', () => {
  it('is its months as 30-day intervals', () => {
    expect(couponTerms({ type: 'percent', value: 50, intervals: 3 }, false)).toEqual({
      discount: { type: 'percent', value: 50, intervals: 3 },
      text: '50 % Rabatt auf die ersten 3 Monate',
    });
    expect(couponTerms({ type: 'percent', value: 75, intervals: 1 }, false).text).toBe(
      '75 % Rabatt auf den ersten Monat',
    );
    expect(couponTerms({ type: 'amount', value: 5, intervals: 3 }, false)).toEqual({
      discount: { type: 'amount', value: 5, intervals: 3 },
      text: 'je 5,00 € Rabatt auf die ersten 3 Monate',
    });
  });
});

describe('a coupon on an annual plan', () => {
  it('takes what it is worth over its months off the first year, never a discounted year per month', () => {
    expect(couponTerms({ type: 'percent', value: 50, intervals: 3 }, true)).toEqual({
      discount: { type: 'percent', value: 12.5, intervals: 1 },
      text: '12,5 % Rabatt auf das erste Jahr (entspricht 50 % Rabatt auf 3 Monate)',
    });
    expect(couponTerms({ type: 'amount', value: 5, intervals: 3 }, true)).toEqual({
      discount: { type: 'amount', value: 15, intervals: 1 },
      text: '15,00 € Rabatt auf das erste Jahr (entspricht je 5,00 € Rabatt auf 3 Monate)',
    });
    expect(couponTerms({ type: 'percent', value: 75, intervals: 1 }, true).text).toBe(
      '6,25 % Rabatt auf das erste Jahr (entspricht 75 % Rabatt auf 1 Monat)',
    );
  });

  it('is each partner type exactly, as the same money at the annual plan’s own monthly rate', () => {
    const year = annualPrice(18.99);
    for (const type of PARTNER_COUPON_TYPES) {
      const { discount } = couponTerms({ type: 'percent', value: type.percent, intervals: type.months }, true);
      expect(discount.intervals).toBe(1);
      const saved = year - discountedPrice(year, discount);
      const monthly = (year / 12) * (type.percent / 100) * type.months;
      expect(Math.abs(saved - monthly)).toBeLessThan(0.01);
    }
    expect(couponTerms({ type: 'percent', value: 10, intervals: 12 }, true).text).toBe(
      '10 % Rabatt auf das erste Jahr',
    );
  });

  it('spreads a coupon longer than a year evenly over the years it touches', () => {
    expect(couponTerms({ type: 'percent', value: 50, intervals: 24 }, true)).toEqual({
      discount: { type: 'percent', value: 50, intervals: 2 },
      text: '50 % Rabatt auf die ersten 2 Jahre',
    });
    expect(couponTerms({ type: 'percent', value: 50, intervals: 18 }, true)).toEqual({
      discount: { type: 'percent', value: 37.5, intervals: 2 },
      text: '37,5 % Rabatt auf die ersten 2 Jahre (entspricht 50 % Rabatt auf 18 Monate)',
    });
    expect(couponTerms({ type: 'amount', value: 5, intervals: 18 }, true).text).toBe(
      'je 45,00 € Rabatt auf die ersten 2 Jahre (entspricht je 5,00 € Rabatt auf 18 Monate)',
    );
  });

  it('rounds an uneven spread up to the next hundredth of a percent, in the merchant’s favour', () => {
    expect(couponTerms({ type: 'percent', value: 20, intervals: 5 }, true)).toEqual({
      discount: { type: 'percent', value: 8.34, intervals: 1 },
      text: '8,34 % Rabatt auf das erste Jahr (entspricht 20 % Rabatt auf 5 Monate)',
    });
  });
});

describe('constants with a rule', () => {
  it('the order import costs the plan’s own price, the general 109 on a paid plan without one, nothing on free', () => {
    expect(ORDER_IMPORT_PRICE).toBe(109);
    expect(orderImportPrice('free')).toBeNull();
    expect(orderImportPrice('basic')).toBe(99);
    expect(orderImportPrice('business')).toBe(379);
    const basic = PLANS.find((p) => p.id === 'basic')!;
    const price = basic.importPrice;
    try {
      basic.importPrice = null;
      expect(orderImportPrice('basic')).toBe(109);
    } finally {
      basic.importPrice = price;
    }
  });

  it('PARTNER is valid only for plans above 1,999 transfers; other codes for their own plans', () => {
    expect(PARTNER_COUPON_MIN_TRANSFERS).toBe(1999);
    expect(couponPlans('PARTNER', [])).toEqual(['business', 'corporate', 'enterprise']);
    expect(couponPlans('PARTNER', ['premium', 'business'])).toEqual(['business']);
    expect(couponCodeAllowsPlan('PARTNER', 'premium')).toBe(false);
    expect(couponCodeAllowsPlan('PARTNER', 'business')).toBe(true);
    expect(couponPlans('SOMMER-25', ['premium'])).toEqual(['premium']);
    expect(couponCodeAllowsPlan('SOMMER-25', 'free')).toBe(true);
  });
});
