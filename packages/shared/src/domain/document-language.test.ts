import { describe, expect, it } from 'vitest';
import { sandboxOrder } from './fixtures/sandbox-orders';
import { buildInvoice } from './invoice-draft';
import { ENGLISH_INVOICE_TEXTS, localizeInvoiceLayout } from './document-language';
import { InvoicePreferencesSchema } from '../preferences';

describe('receipt language (general.language)', () => {
  const { order } = sandboxOrder('de_b2c');

  it('keeps the German texts for de and by default', () => {
    const de = buildInvoice(order, { contactId: 'c-1', language: 'de' }).invoice;
    expect(buildInvoice(order, { contactId: 'c-1' }).invoice).toEqual(de);
    expect(de.title).toBe('Rechnung');
    expect(de.introduction).toBe(`Vielen Dank für deine Bestellung ${order.name}. Wir stellen dir folgende Leistungen in Rechnung.`);
  });

  it('writes the default texts in English for en, with the order reference kept for finding the document again', () => {
    const en = buildInvoice(order, { contactId: 'c-1', language: 'en' }).invoice;
    expect(en.title).toBe('Invoice');
    expect(en.introduction).toBe(`Thank you for your order ${order.name}. We invoice you for the following items.`);
    expect(en.remark).toBe(`Thank you for your purchase.\nBestellung ${order.name}`);
    const units = en.lineItems.filter((l) => l.type === 'custom').map((l) => l.unitName);
    expect(units).toContain('Pieces');
    expect(units).not.toContain('Stück');
  });

  it("leaves the merchant's own texts as they are", () => {
    const prefs = InvoicePreferencesSchema.parse({ invoiceLayout: { title: 'Beleg {ORDER.NAME}', itemUnit: 'Stk' } });
    const en = buildInvoice(order, { contactId: 'c-1', prefs, language: 'en' }).invoice;
    expect(en.title).toBe(`Beleg ${order.name}`);
    expect(en.introduction).toMatch(/^Thank you for your order/);
    expect(localizeInvoiceLayout(prefs.invoiceLayout, 'en')).toMatchObject({ itemUnit: 'Stk', shippingTitle: ENGLISH_INVOICE_TEXTS.shippingTitle });
  });
});
