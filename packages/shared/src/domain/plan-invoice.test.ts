import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
  InvoicePreferencesSchema,
  type InvoicePreferencesInput,
} from '../preferences';
import { ShopifyOrderSchema } from '../shopify-order';
import { sandboxOrder } from './fixtures/sandbox-orders';
import { DEFAULT_INVOICE_SETTINGS } from './invoice-decision';
import { planInvoice, type InvoicePlanContext } from './plan-invoice';

const created = '2026-11-20T10:15:00Z';
const fulfilled = '2026-11-23T16:00:00Z';
const shipped = sandboxOrder('de_b2c', { paid: true, createdAt: created, fulfilledAt: fulfilled });
const order = shipped.order;
// The same paid order before it shipped.
const unshipped = ShopifyOrderSchema.parse({ ...shipped.json, fulfillment_status: null, fulfillments: [] });

function built(prefs: InvoicePreferencesInput, o = order) {
  const invoice = InvoicePreferencesSchema.parse(prefs);
  const ctx: InvoicePlanContext = {
    invoice: {
      ...DEFAULT_INVOICE_SETTINGS,
      invoiceEvent: invoice.invoiceEvent,
      invoiceEventExceptions: invoice.invoiceEventExceptions,
      connected: true,
      automationEnabled: true,
      installedAt: '2026-11-01T00:00:00Z',
    },
    prefs: { invoice, contact: DEFAULT_CONTACT_PREFERENCES, orderHandling: DEFAULT_ORDER_HANDLING },
    profile: { smallBusiness: false },
  };
  const plan = planInvoice(o, ctx, [], { preview: true });
  if (plan.action !== 'create') throw new Error(`expected a plan to create, got ${plan.action}`);
  return plan.build(null);
}

describe('invoice plan: when the invoice is finalised (enshrine)', () => {
  it('an invoice created when the order ships is finalised by default (enshrine fulfilled)', () => {
    expect(built({ invoiceEvent: 'fulfilled' }).finalize).toBe(true);
  });

  it('an invoice created before the order reached the finalising event stays a draft', () => {
    // A gateway exception invoices on creation, before the order ships.
    expect(built({ invoiceEvent: 'fulfilled', invoiceEventExceptions: ['bogus'] }, unshipped).finalize).toBe(false);
    expect(built({ invoiceEvent: 'completed', invoiceEnshrine: 'completed' }, unshipped).finalize).toBe(false);
    expect(built({ invoiceEvent: 'created', invoiceEnshrine: 'paid' }, unshipped).finalize).toBe(true);
  });

  it('with an event of created or paid a fulfilment-based finalising event becomes "at creation"', () => {
    // The spec's defaults: event paid, enshrine fulfilled. Lexware finalises only at creation, before the order ships.
    expect(built({}, unshipped).finalize).toBe(true);
    expect(built({ invoiceEvent: 'created', invoiceEnshrine: 'completed' }, unshipped).finalize).toBe(true);
  });

  it('never finalises when invoices are to be left as drafts', () => {
    expect(built({ invoiceFinalize: false, invoiceEvent: 'fulfilled', invoiceEnshrine: 'created' }).finalize).toBe(
      false,
    );
  });
});

describe('invoice plan: when the payment term starts (due)', () => {
  it('started (default): no payment conditions, Lexware applies the account’s own term from the invoice date', () => {
    expect(built({}).invoice.paymentConditions).toBeUndefined();
    expect(built({ invoiceEvent: 'fulfilled' }).invoice).not.toHaveProperty('paymentConditions');
  });

  it('fulfilled: due on the German day the order shipped, counted from the invoice date', () => {
    const invoice = built({ invoiceEvent: 'fulfilled', invoiceDue: 'fulfilled' });
    expect(invoice.invoice.paymentConditions).toEqual({
      paymentTermLabel: 'Zahlbar ohne Abzug bis zum Versandtag, 23.11.2026.',
      paymentTermDuration: 3,
    });
    expect(invoice.dateFallbacks).toEqual([]);
    const sameDay = built({ invoiceEvent: 'fulfilled', invoiceDue: 'fulfilled', invoiceDate: 'fulfilled' });
    expect(sameDay.invoice.paymentConditions?.paymentTermDuration).toBe(0);
  });

  it('fulfilled without a fulfilment yet: no term is invented, and the fallback is reported', () => {
    const invoice = built(
      { invoiceEvent: 'fulfilled', invoiceEventExceptions: ['bogus'], invoiceDue: 'fulfilled' },
      unshipped,
    );
    expect(invoice.invoice.paymentConditions).toBeUndefined();
    expect(invoice.dateFallbacks).toContain('invoiceDue');
  });

  it('an event of created or paid moves the term back to the invoice date', () => {
    expect(built({ invoiceEvent: 'paid', invoiceDue: 'fulfilled' }).invoice.paymentConditions).toBeUndefined();
  });
});
