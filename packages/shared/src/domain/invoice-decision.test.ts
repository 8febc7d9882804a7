import { describe, expect, it } from 'vitest';
import { ShopifyOrderSchema } from '../shopify-order';
import {
  decideInvoice,
  DEFAULT_INVOICE_SETTINGS,
  importedOrdersToInvoice,
  type InvoiceSettings,
} from './invoice-decision';

const settings: InvoiceSettings = {
  ...DEFAULT_INVOICE_SETTINGS,
  connected: true,
  automationEnabled: true,
  installedAt: '2026-11-01T00:00:00Z',
};
const base = {
  id: 1,
  name: '#1001',
  created_at: '2026-11-20T10:00:00Z',
  currency: 'EUR',
  financial_status: 'paid',
  total_price: '10.00',
  source_name: 'web',
  tags: '',
  email: 'a@example.de',
  customer: { id: 1, email: 'a@example.de' },
  billing_address: { city: 'Köln', country_code: 'DE' },
  line_items: [],
};
const order = (patch: Record<string, unknown> = {}) => ShopifyOrderSchema.parse({ ...base, ...patch });
const reason = (o = order(), s: Partial<InvoiceSettings> = {}) => {
  const d = decideInvoice(o, { ...settings, ...s });
  return d.action === 'skip' ? d.reason : 'create';
};

describe('decideInvoice', () => {
  it('creates the invoice for a paid web order', () => expect(reason()).toBe('create'));
  it.each([
    ['NOT_CONNECTED', order(), { connected: false }],
    ['DISABLED', order(), { automationEnabled: false }],
    ['DISABLED_INVOICE_CREATE', order(), { invoiceCreate: false }],
    ['INVALID_CURRENCY', order({ currency: 'CHF' }), {}],
    ['TOO_OLD', order({ created_at: '2026-08-01T00:00:00Z' }), {}],
    ['SKIP_DATE', order(), { invoiceCreate: '2026-11-21' }],
    ['SKIP_POS', order({ source_name: 'pos' }), {}],
    ['SKIP_FREE', order({ total_price: '0.00' }), {}],
    ['SKIP_TAG', order({ tags: 'Intern, vip' }), { skipTags: ['intern'] }],
    ['MISSING_CUSTOMER', order({ customer: null }), {}],
    ['MISSING_CUSTOMER_EMAIL', order({ email: null, customer: { id: 1, email: null } }), {}],
    ['MISSING_ADDRESS', order({ billing_address: null, shipping_address: null }), {}],
    ['WAIT', order({ financial_status: 'pending' }), {}],
  ] as const)('%s', (expected, o, s) => expect(reason(o, s as Partial<InvoiceSettings>)).toBe(expected));
  it('lets POS and free orders through when the shop wants them', () => {
    expect(reason(order({ source_name: 'pos' }), { skipPos: false })).toBe('create');
    expect(reason(order({ total_price: '0.00' }), { skipFree: false })).toBe('create');
  });
});

describe('decideInvoice with preferences and sandbox orders', async () => {
  const { sandboxOrder } = await import('./fixtures/sandbox-orders');
  const s: InvoiceSettings = {
    ...DEFAULT_INVOICE_SETTINGS,
    connected: true,
    automationEnabled: true,
    installedAt: '2026-11-01T09:00:00Z',
  };
  const at = '2026-11-20T10:15:00Z';

  it('the switch: on from the installation day (German calendar), or from a cutoff day', () => {
    const sameDay = sandboxOrder('de_b2c', { paid: true, createdAt: '2026-10-31T23:30:00Z' }).order; // 1 Nov, 00:30 in Berlin
    expect(decideInvoice(sameDay, s)).toEqual({ action: 'create' });
    const dayBefore = sandboxOrder('de_b2c', { paid: true, createdAt: '2026-10-31T22:30:00Z' }).order; // 31 Oct, 23:30 in Berlin
    expect(decideInvoice(dayBefore, s)).toEqual({ action: 'skip', reason: 'SKIP_DATE' });
    const earlier = sandboxOrder('de_b2c', { paid: true, createdAt: '2026-10-30T10:00:00Z' }).order;
    expect(decideInvoice(earlier, s)).toEqual({ action: 'skip', reason: 'SKIP_DATE' });
    expect(decideInvoice(earlier, s, { origin: 'import' })).toEqual({ action: 'create' });
    const order = sandboxOrder('de_b2c', { paid: true, createdAt: at }).order;
    expect(decideInvoice(order, { ...s, invoiceCreate: '2026-11-20' })).toEqual({ action: 'create' });
    expect(decideInvoice(order, { ...s, invoiceCreate: '2026-11-21' })).toEqual({
      action: 'skip',
      reason: 'SKIP_DATE',
    });
  });

  it('TOO_OLD applies to imports but not to the paid historical import', () => {
    const old = sandboxOrder('de_b2c', { paid: true, createdAt: '2026-08-01T10:00:00Z' }).order;
    expect(decideInvoice(old, s, { origin: 'import' })).toEqual({ action: 'skip', reason: 'TOO_OLD' });
    expect(decideInvoice(old, s, { origin: 'historical' })).toEqual({ action: 'create' });
  });

  it('DUPLICATE_ORDER and EXISTING hooks', () => {
    const order = sandboxOrder('de_b2c', { paid: true, createdAt: at }).order;
    expect(decideInvoice(order, s, { duplicateOf: '123' })).toEqual({ action: 'skip', reason: 'DUPLICATE_ORDER' });
    expect(decideInvoice(order, s, { hasInvoice: true })).toEqual({ action: 'skip', reason: 'EXISTING' });
  });

  it.each([
    ['pos', 'SKIP_POS'],
    ['free', 'SKIP_FREE'],
  ] as const)('%s scenario: %s', (name, reason) => {
    expect(decideInvoice(sandboxOrder(name, { createdAt: at }).order, s)).toEqual({ action: 'skip', reason });
  });

  it('tagged scenario: SKIP_TAG with the excluded tags, case-insensitive', () => {
    const order = sandboxOrder('tagged', { createdAt: at }).order;
    expect(decideInvoice(order, { ...s, skipTags: ['kein-beleg'] })).toEqual({ action: 'skip', reason: 'SKIP_TAG' });
    expect(decideInvoice(order, s)).toEqual({ action: 'create' });
  });

  it('invoice events and gateway exceptions', () => {
    const pending = sandboxOrder('de_b2c', { createdAt: at }).order; // manual gateway, not paid
    expect(decideInvoice(pending, s)).toEqual({ action: 'skip', reason: 'WAIT' });
    expect(decideInvoice(pending, { ...s, invoiceEventExceptions: ['manual'] })).toEqual({ action: 'create' });
    expect(decideInvoice(pending, { ...s, invoiceEvent: 'created' })).toEqual({ action: 'create' });
    const paid = sandboxOrder('de_b2c', { paid: true, createdAt: at }).order;
    expect(decideInvoice(paid, { ...s, invoiceEvent: 'completed' })).toEqual({ action: 'skip', reason: 'WAIT' });
    const done = sandboxOrder('de_b2c', { paid: true, createdAt: at, fulfilledAt: '2026-11-21T10:00:00Z' }).order;
    expect(decideInvoice(done, { ...s, invoiceEvent: 'completed' })).toEqual({ action: 'create' });
    expect(decideInvoice(sandboxOrder('ch', { createdAt: at }).order, s)).toEqual({ action: 'create' });
  });
});

describe("the connect wizard's imported orders on activation", () => {
  // Before the activation: automation off, invoices off; installed on 1 November.
  const before: InvoiceSettings = { ...settings, automationEnabled: false, invoiceCreate: false };
  const names = (orders: { name: string }[]) => orders.map((o) => o.name);

  it('hands over what will be invoiced, judged with the switches the activation sets', () => {
    const orders = [
      order({ id: 1, name: '#1', created_at: '2026-10-20T10:00:00Z' }), // before the installation day: no SKIP_DATE
      order({ id: 2, name: '#2', created_at: '2026-08-01T10:00:00Z' }), // more than 60 days before: TOO_OLD
      order({ id: 3, name: '#3', created_at: '2026-10-25T10:00:00Z', financial_status: 'pending', gateway: 'manual' }),
      order({ id: 4, name: '#4', created_at: '2026-10-25T10:00:00Z', tags: 'kein-beleg' }),
      order({ id: 5, name: '#5', created_at: '2026-10-25T10:00:00Z', customer: null }),
    ];
    const { due, skipped } = importedOrdersToInvoice(orders, { ...before, skipTags: ['kein-beleg'] });
    // #3 waits for its payment: it is handed over and invoiced when it is paid, so it is counted.
    expect(names(due)).toEqual(['#1', '#3']);
    expect(skipped.map((s) => [s.order.name, s.reason])).toEqual([
      ['#2', 'TOO_OLD'],
      ['#4', 'SKIP_TAG'],
      ['#5', 'MISSING_CUSTOMER'],
    ]);
  });

  it('judges the same after the activation, and keeps a cutoff day out of it', () => {
    const orders = [order({ id: 1, name: '#1', created_at: '2026-10-20T10:00:00Z' })];
    expect(names(importedOrdersToInvoice(orders, before).due)).toEqual(['#1']);
    expect(names(importedOrdersToInvoice(orders, settings).due)).toEqual(['#1']);
    expect(names(importedOrdersToInvoice(orders, { ...settings, invoiceCreate: '2026-11-15' }).due)).toEqual(['#1']);
    // The same order as a live one would be before the switch's day.
    expect(reason(orders[0])).toBe('SKIP_DATE');
  });

  it('skips every order while Lexware Office is not connected', () => {
    const { due, skipped } = importedOrdersToInvoice([order()], { ...before, connected: false });
    expect(due).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual(['NOT_CONNECTED']);
  });
});
