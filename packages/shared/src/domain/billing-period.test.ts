import { describe, expect, it } from 'vitest';
import { addMonths, billingPeriod } from './billing-period';

const d = (s: string) => new Date(s);

describe('billingPeriod', () => {
  it('counts a free shop monthly from its installation day, clamped at month ends', () => {
    const basis = { plan: 'free' as const, annual: false, installedAt: d('2026-01-31T10:00:00Z') };
    expect(billingPeriod(basis, d('2026-02-10T00:00:00Z'))).toEqual({
      start: d('2026-01-31T10:00:00Z'),
      end: d('2026-02-28T10:00:00Z'),
    });
    expect(billingPeriod(basis, d('2026-03-01T00:00:00Z'))).toEqual({
      start: d('2026-02-28T10:00:00Z'),
      end: d('2026-03-31T10:00:00Z'),
    });
    expect(billingPeriod(basis, d('2026-01-31T10:00:00Z')).end).toEqual(d('2026-02-28T10:00:00Z'));
    expect(addMonths(d('2026-01-31T10:00:00Z'), 2)).toEqual(d('2026-03-31T10:00:00Z'));
  });

  it("follows Shopify's 30-day cycle, carrying a stale currentPeriodEnd forward", () => {
    const basis = {
      plan: 'paid' as const,
      annual: false,
      installedAt: d('2026-01-01T00:00:00Z'),
      currentPeriodEnd: d('2026-03-01T12:00:00Z'),
    };
    expect(billingPeriod(basis, d('2026-02-15T00:00:00Z'))).toEqual({
      start: d('2026-01-30T12:00:00Z'),
      end: d('2026-03-01T12:00:00Z'),
    });
    expect(billingPeriod(basis, d('2026-03-01T12:00:00Z'))).toEqual({
      start: d('2026-03-01T12:00:00Z'),
      end: d('2026-03-31T12:00:00Z'),
    });
    expect(billingPeriod(basis, d('2026-04-05T00:00:00Z')).end).toEqual(d('2026-04-30T12:00:00Z'));
  });

  it('resets an annual plan every month on the day of its period end', () => {
    const basis = {
      plan: 'paid' as const,
      annual: true,
      installedAt: d('2026-01-01T00:00:00Z'),
      currentPeriodEnd: d('2027-01-15T08:00:00Z'),
    };
    expect(billingPeriod(basis, d('2026-03-20T00:00:00Z'))).toEqual({
      start: d('2026-03-15T08:00:00Z'),
      end: d('2026-04-15T08:00:00Z'),
    });
  });
});
