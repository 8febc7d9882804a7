/**
 * Billing periods. Pure, so that the workflow, the activities and the tests
 * all compute the same dates. Every date is an instant; months are counted in UTC on the
 * anchor's day, clamped to the month's last day (installed on the 31st → 28 Feb → 31 Mar).
 */

const DAY_MS = 86_400_000;
/** Shopify bills EVERY_30_DAYS subscriptions in cycles of exactly 30 days. */
export const SHOPIFY_CYCLE_DAYS = 30;

/** The anchor plus `months` calendar months, on the anchor's day where the month has it. */
export function addMonths(anchor: Date, months: number): Date {
  const d = new Date(anchor);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface BillingBasis {
  /** free: monthly from installation; paid: Shopify's cycle. */
  plan: 'free' | 'paid';
  annual: boolean;
  installedAt: Date;
  /** `currentPeriodEnd` of the active subscription, as Shopify last reported it. */
  currentPeriodEnd?: Date | null;
}

export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** The monthly period around `now` counted from `anchor` (anchor + k months ≤ now < anchor + k+1 months). */
function monthlyAround(anchor: Date, now: Date): BillingPeriod {
  let k = Math.max(
    0,
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1,
  );
  while (addMonths(anchor, k + 1) <= now) k++;
  while (k > 0 && addMonths(anchor, k) > now) k--;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

/**
 * The transfer period that contains `now`:
 * - free plan: monthly from the installation day;
 * - paid monthly plan: Shopify's 30-day cycle ending at `currentPeriodEnd` (a value Shopify has
 *   not advanced yet is carried forward by whole cycles, so a late webhook never stalls the quota);
 * - paid annual plan: the year ends at `currentPeriodEnd`, transfers are counted per month on
 *   the same day as that end date.
 */
export function billingPeriod(basis: BillingBasis, now: Date): BillingPeriod {
  const end = basis.currentPeriodEnd;
  if (basis.plan === 'free' || !end) return monthlyAround(basis.installedAt, now);
  if (basis.annual) return monthlyAround(addMonths(end, -12), now);
  const cycle = SHOPIFY_CYCLE_DAYS * DAY_MS;
  let periodEnd = end.getTime();
  if (periodEnd <= now.getTime()) periodEnd += Math.ceil((now.getTime() - periodEnd + 1) / cycle) * cycle;
  else periodEnd -= Math.floor((periodEnd - now.getTime() - 1) / cycle) * cycle;
  return { start: new Date(periodEnd - cycle), end: new Date(periodEnd) };
}
