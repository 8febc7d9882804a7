import { describe, expect, it } from 'vitest';
import {
  checkImportRange,
  daysBefore,
  daysBetween,
  IMPORT_RANGE_MESSAGES,
  importDayEstimate,
  MAX_IMPORT_RANGE_DAYS,
} from './import-range';

const allowed = { first: '2025-03-10', last: '2026-10-15' };

describe('the range of days the historical import takes', () => {
  it('queues every day from start to end, both included, across a month and a daylight-saving change', () => {
    expect(checkImportRange('2026-03-28', '2026-04-02', allowed)).toEqual({
      days: ['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'],
    });
    expect(checkImportRange('2026-10-15', '2026-10-15', allowed)).toEqual({ days: ['2026-10-15'] });
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('counts calendar days back, across a leap day, a year and a daylight-saving change alike', () => {
    expect(daysBefore('2024-03-01', 2)).toBe('2024-02-28');
    expect(daysBefore('2026-11-27', 30)).toBe('2026-10-28');
    expect(daysBefore('2026-11-27', 406)).toBe('2025-10-17');
    expect(daysBetween(daysBefore('2026-11-27', 406), daysBefore('2026-11-27', 30))).toHaveLength(377);
  });

  it('refuses an end before the start', () => {
    expect(checkImportRange('2026-05-02', '2026-05-01', allowed)).toEqual({
      error: IMPORT_RANGE_MESSAGES.endBeforeStart,
      field: 'to',
    });
  });

  it('refuses days before the store opened and after the installation day, naming the day', () => {
    const early = checkImportRange('2025-03-09', '2025-03-12', allowed);
    expect(early).toMatchObject({ field: 'from' });
    expect('error' in early && early.error).toContain('10.03.2025');
    const late = checkImportRange('2026-10-10', '2026-10-16', allowed);
    expect(late).toMatchObject({ field: 'to' });
    expect('error' in late && late.error).toContain('15.10.2026');
    // Shopify not asked yet: the opening day is unknown, the installation day still counts.
    expect(checkImportRange('2020-01-01', '2020-01-02', { first: null, last: '2026-10-15' })).toMatchObject({
      days: ['2020-01-01', '2020-01-02'],
    });
  });

  it('takes a year and a day at most', () => {
    const from = '2025-10-15';
    expect(checkImportRange(from, '2026-10-15', allowed)).toMatchObject({ days: { length: MAX_IMPORT_RANGE_DAYS } });
    expect(checkImportRange('2025-10-14', '2026-10-15', allowed)).toEqual({
      error: IMPORT_RANGE_MESSAGES.tooLong(MAX_IMPORT_RANGE_DAYS + 1),
      field: 'to',
    });
  });

  it('refuses a range overlapping the running one, and any second range while one runs', () => {
    const running = { from: '2026-01-10', to: '2026-01-20' };
    for (const [from, to] of [
      ['2026-01-01', '2026-01-10'],
      ['2026-01-20', '2026-01-25'],
      ['2026-01-12', '2026-01-13'],
      ['2026-01-01', '2026-02-01'],
    ] as const)
      expect(checkImportRange(from, to, { ...allowed, running }), `${from}–${to}`).toEqual({
        error: IMPORT_RANGE_MESSAGES.overlapping('2026-01-10', '2026-01-20'),
        field: 'from',
      });
    expect(checkImportRange('2026-02-01', '2026-02-03', { ...allowed, running })).toEqual({
      error: IMPORT_RANGE_MESSAGES.running,
      field: 'from',
    });
  });
});

describe('when a day of the import will be done', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('waits behind running orders while no invoice of the day is made yet', () => {
    expect(importDayEstimate({ orders: 120, invoices: 0, firstInvoiceAt: null, now })).toEqual({
      waiting: 120,
      seconds: null,
      text: 'wartet hinter laufenden Bestellungen',
    });
  });

  it('carries the rest at the rate measured since the first invoice', () => {
    // 30 invoices in 60 s: half an invoice a second, 90 waiting take 180 s.
    const first = new Date(now - 60_000).toISOString();
    expect(importDayEstimate({ orders: 120, invoices: 30, firstInvoiceAt: first, now })).toEqual({
      waiting: 90,
      seconds: 180,
      text: 'noch etwa 3 Minuten',
    });
    const slow = new Date(now - 3_600_000).toISOString();
    expect(importDayEstimate({ orders: 500, invoices: 100, firstInvoiceAt: slow, now }).text).toBe('noch etwa 4 Std.');
  });

  it('is done when every order has its invoice', () => {
    expect(importDayEstimate({ orders: 5, invoices: 5, firstInvoiceAt: new Date(now).toISOString(), now })).toEqual({
      waiting: 0,
      seconds: 0,
      text: 'fertig',
    });
  });
});
