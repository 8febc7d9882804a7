import { describe, expect, it } from 'vitest';
import { sandboxOrder } from './fixtures/sandbox-orders';
import { invoiceDates, shiftDate } from './invoice-dates';
import { InvoicePreferencesSchema, normalizeInvoicePreferences, type InvoicePreferencesInput } from '../preferences';
import { buildInvoice } from './invoice-draft';

const created = '2026-11-20T10:15:00Z';
const fulfilled = '2026-11-23T16:00:00Z';
const { order } = sandboxOrder('de_b2c', { paid: true, createdAt: created, fulfilledAt: fulfilled });
const dates = (p: InvoicePreferencesInput) => invoiceDates(order, InvoicePreferencesSchema.parse(p));

describe('invoice dates', () => {
  it('invoice date: creation by default, fulfilment when asked and the event waits for it', () => {
    expect(dates({}).voucherDate).toBe('2026-11-20T11:15:00.000+01:00');
    expect(dates({ invoiceEvent: 'fulfilled', invoiceDate: 'fulfilled' }).voucherDate).toBe(
      '2026-11-23T17:00:00.000+01:00',
    );
  });

  it('invoice event created or paid forces the dates away from fulfilled', () => {
    const p = {
      invoiceEvent: 'paid' as const,
      invoiceDate: 'fulfilled' as const,
      invoiceDeliveryDate0: { event: 'fulfilled' as const },
    };
    expect(dates(p).voucherDate).toBe('2026-11-20T11:15:00.000+01:00');
    expect(dates(p).shippingConditions.shippingDate).toBe('2026-11-20T11:15:00.000+01:00');
    expect(normalizeInvoicePreferences(InvoicePreferencesSchema.parse(p)).forced).toEqual([
      'invoiceDate',
      'invoiceDeliveryDate0',
      'invoiceEnshrine',
    ]);
  });

  it('delivery date created or fulfilled; type from the items unless set', () => {
    expect(dates({}).shippingConditions).toEqual({
      shippingType: 'delivery',
      shippingDate: '2026-11-20T11:15:00.000+01:00',
    });
    expect(
      dates({ invoiceEvent: 'completed', invoiceDeliveryDate0: { event: 'fulfilled' }, invoiceDeliveryType: 'service' })
        .shippingConditions,
    ).toEqual({ shippingType: 'service', shippingDate: '2026-11-23T17:00:00.000+01:00' });
  });

  it('span: deliveryperiod from date 0 to date 1 with offsets', () => {
    const sc = dates({
      invoiceEvent: 'fulfilled',
      invoiceDeliveryDate0: { event: 'created' },
      invoiceDeliveryDate1: { event: 'fulfilled', modify: 'add', offset: 2, unit: 'day' },
    }).shippingConditions;
    expect(sc).toEqual({
      shippingType: 'deliveryperiod',
      shippingDate: '2026-11-20T11:15:00.000+01:00',
      shippingEndDate: '2026-11-25T00:00:00.000+01:00',
    });
    expect(
      dates({
        invoiceDeliveryType: 'service',
        invoiceDeliveryDate1: { event: 'created', modify: 'add', offset: 1, unit: 'month' },
      }).shippingConditions.shippingType,
    ).toBe('serviceperiod');
  });

  it('offsets in days, weeks and months on the German calendar, across DST', () => {
    expect(shiftDate('2026-03-28T23:30:00Z', { modify: 'add', offset: 1, unit: 'day' })).toBe(
      '2026-03-30T00:00:00.000+02:00',
    );
    expect(shiftDate('2026-11-20T10:00:00Z', { modify: 'subtract', offset: 1, unit: 'week' })).toBe(
      '2026-11-13T00:00:00.000+01:00',
    );
    expect(shiftDate('2026-01-31T10:00:00Z', { modify: 'add', offset: 1, unit: 'month' })).toBe(
      '2026-02-28T00:00:00.000+01:00',
    );
    expect(shiftDate('2026-11-20T10:00:00Z', { modify: 'none', offset: 5, unit: 'day' })).toBe(
      '2026-11-20T11:00:00.000+01:00',
    );
  });

  it('an order not yet fulfilled falls back to its creation date and reports it', () => {
    const open = sandboxOrder('de_b2c', { createdAt: created }).order;
    const d = invoiceDates(
      open,
      InvoicePreferencesSchema.parse({ invoiceEvent: 'fulfilled', invoiceDate: 'fulfilled' }),
    );
    expect(d.voucherDate).toBe('2026-11-20T11:15:00.000+01:00');
    expect(d.fallbacks).toEqual(['invoiceDate']);
  });

  it('the builder uses them', () => {
    const built = buildInvoice(order, {
      contactId: 'c',
      prefs: InvoicePreferencesSchema.parse({ invoiceEvent: 'fulfilled', invoiceDate: 'fulfilled' }),
    });
    expect(built.invoice.voucherDate).toBe('2026-11-23T17:00:00.000+01:00');
  });
});
