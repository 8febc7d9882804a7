import { describe, expect, it } from 'vitest';
import { ShopifyOrderSchema } from '../shopify-order';
import { buildInvoice, buildInvoiceDraft, lexwareDate } from './invoice-draft';
import { InvoicePreferencesSchema } from '../preferences/invoice';

const order = ShopifyOrderSchema.parse({
  id: 1,
  name: '#1001',
  created_at: '2026-11-20T23:30:00Z',
  currency: 'EUR',
  financial_status: 'paid',
  total_price: '53.80',
  taxes_included: true,
  line_items: [
    {
      id: 11,
      title: 'Kaffeebohnen',
      variant_title: '1 kg',
      quantity: 2,
      price: '20.00',
      tax_lines: [{ rate: 0.07, price: '2.62' }],
      discount_allocations: [{ amount: '2.00' }],
    },
  ],
  shipping_lines: [{ title: 'DHL Paket', price: '4.90', tax_lines: [{ rate: 0.19, price: '0.78' }] }],
});

describe('buildInvoiceDraft', () => {
  it('makes gross line items with folded discounts and shipping', () => {
    const draft = buildInvoiceDraft(order, 'c-1');
    expect(draft.taxConditions.taxType).toBe('gross');
    expect(draft.lineItems).toEqual([
      {
        type: 'custom',
        name: 'Kaffeebohnen',
        description: '1 kg',
        quantity: 2,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 19, taxRatePercentage: 7 },
      },
      {
        type: 'custom',
        name: 'Versand',
        description: 'DHL Paket',
        quantity: 1,
        unitName: 'Versand',
        unitPrice: { currency: 'EUR', grossAmount: 4.9, taxRatePercentage: 19 },
      },
    ]);
    expect(draft.address).toEqual({ contactId: 'c-1' });
    expect(draft.remark).toContain('Bestellung #1001');
    expect(draft.introduction).toContain('#1001');
  });

  it("prints with the chosen print layout (invoiceLayout.printLayout), and with Lexware's default when none is chosen", () => {
    const prefs = InvoicePreferencesSchema.parse({ invoiceLayout: { printLayout: 'layout-2' } });
    expect(buildInvoice(order, { contactId: 'c-1', prefs }).invoice.printLayoutId).toBe('layout-2');
    expect('printLayoutId' in buildInvoiceDraft(order, 'c-1')).toBe(false);
  });

  it('dates the invoice on the German calendar day', () => {
    expect(lexwareDate('2026-11-20T23:30:00Z')).toBe('2026-11-21T00:30:00.000+01:00');
    expect(lexwareDate('2026-07-01T12:00:00.250Z')).toBe('2026-07-01T14:00:00.250+02:00');
  });
});
