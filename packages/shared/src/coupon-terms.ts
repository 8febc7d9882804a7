import { formatEuro } from './domain/money';

/**
 * What a coupon is worth and how it reaches Shopify on each billing interval.
 *
 * A coupon is defined in months: `value` percent, or `value` euros, off each of its first
 * `intervals` months. Shopify counts `durationLimitInIntervals` in billing intervals, so on an
 * annual plan the same number would mean years: a three-month coupon would become three
 * discounted years. Instead the coupon keeps its worth: what it takes off N months is taken off
 * the first year's price (off the first ⌈N/12⌉ years, spread evenly, when it runs longer than a
 * year). 50 % for 3 months becomes 12.5 % off the first year, which is the same money measured in
 * the annual plan's own monthly rate, and is one percentage for one interval, which Shopify
 * charges exactly. Rounding up to whole years would give a three-month coupon four times the
 * worth its issuer offered (a one-month coupon twelve times); refusing such coupons on annual plans
 * would punish the merchant who commits for longer. When the spread does not come out even, the odd hundredth of a percent or cent is
 * rounded in the merchant's favour, and the text shows the very value Shopify is asked for.
 */

/** A coupon as it is stored: `value` percent or euros off each of its first `intervals` months. */
export interface CouponValue {
  type: 'percent' | 'amount';
  value: number;
  intervals: number;
}

/** What Shopify is asked for: `value` off each billing interval, for the first `intervals` of them. */
export type IntervalDiscount = CouponValue;

export interface CouponTerms {
  discount: IntervalDiscount;
  /** The German sentence the plan page shows before the merchant saves. */
  text: string;
}

const MONTHS_PER_YEAR = 12;

const formatPercent = (value: number) => `${String(value).replace('.', ',')} %`;
const formatValue = (type: CouponValue['type'], value: number) =>
  type === 'percent' ? formatPercent(value) : formatEuro(Math.round(value * 100));

const monthsText = (n: number) => (n === 1 ? 'den ersten Monat' : `die ersten ${n} Monate`);
const yearsText = (n: number) => (n === 1 ? 'das erste Jahr' : `die ersten ${n} Jahre`);

/** "50 % Rabatt auf …"; an amount off several intervals is off each of them ("je"). */
function sentence(type: CouponValue['type'], value: number, intervals: number, length: string): string {
  const each = type === 'amount' && intervals > 1 ? 'je ' : '';
  return `${each}${formatValue(type, value)} Rabatt auf ${length}`;
}

/** The coupon's discount on a plan billed every 30 days (`annual` false) or once a year. */
export function couponTerms(coupon: CouponValue, annual: boolean): CouponTerms {
  const months = Math.max(1, Math.round(coupon.intervals));
  if (!annual) {
    const discount = { type: coupon.type, value: coupon.value, intervals: months };
    return { discount, text: sentence(coupon.type, coupon.value, months, monthsText(months)) };
  }
  const years = Math.ceil(months / MONTHS_PER_YEAR);
  // Counted in hundredths of a percent or in cents. A percent off one month is a twelfth of that
  // percent off the year; euros off one month are the same euros off the year.
  const perYear = coupon.type === 'percent' ? MONTHS_PER_YEAR : 1;
  const steps = Math.ceil((Math.round(coupon.value * 100) * months) / (perYear * years));
  const discount = { type: coupon.type, value: steps / 100, intervals: years };
  const text = sentence(coupon.type, discount.value, years, yearsText(years));
  if (months === years * MONTHS_PER_YEAR) return { discount, text };
  const original = sentence(coupon.type, coupon.value, months, `${months} ${months === 1 ? 'Monat' : 'Monate'}`);
  return { discount, text: `${text} (entspricht ${original})` };
}
