import { describe, expect, it } from 'vitest';
import { ShopifyOrderSchema } from '../shopify-order';
import { decideInvoice, DEFAULT_INVOICE_SETTINGS, type InvoiceSettings } from './invoice-decision';

const settings: InvoiceSettings = { ...DEFAULT_INVOICE_SETTINGS, connected: true, automationEnabled: true, installedAt: '2026-11-01T00:00:00Z' };
const base = {
  id: 1, name: '#1001', created_at: '2026-11-20T10:00:00Z', currency: 'EUR', financial_status: 'paid', total_price: '10.00',
  source_name: 'web', tags: '', email: 'a@example.de', customer: { id: 1, email: 'a@example.de' },
  billing_address: { city: 'Köln', country_code: 'DE' }, line_items: [],
};
const order = (patch: Record<string, unknown> = {}) => ShopifyOrderSchema.parse({ ...base, ...patch });
const reason = (o = order(), s: Partial<InvoiceSettings> = {}) => {
  const d = decideInvoice(o, { ...settings, ...s });
  return d.action === 'skip' ? d.reason : 'create';
};

describe('decideInvoice (spec 2 §8)', () => {
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
