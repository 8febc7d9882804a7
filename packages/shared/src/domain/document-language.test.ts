import { describe, expect, it } from 'vitest';
import { sandboxOrder } from './fixtures/sandbox-orders';
import { buildInvoice } from './invoice-draft';
import { buildCreditNote } from './credit-note';
import {
  ENGLISH_CREDIT_TEXTS,
  ENGLISH_INVOICE_TEXTS,
  localizeCreditPreferences,
  localizeInvoiceLayout,
} from './document-language';
import { CreditPreferencesSchema, InvoicePreferencesSchema } from '../preferences';

describe('receipt language (general.language)', () => {
  const { order } = sandboxOrder('de_b2c');

  it('keeps the German texts for de and by default', () => {
    const de = buildInvoice(order, { contactId: 'c-1', language: 'de' }).invoice;
    expect(buildInvoice(order, { contactId: 'c-1' }).invoice).toEqual(de);
    expect(de.title).toBe('Rechnung');
    expect(de.introduction).toBe(
      `Vielen Dank für deine Bestellung ${order.name}. Wir stellen dir folgende Leistungen in Rechnung.`,
    );
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
    expect(localizeInvoiceLayout(prefs.invoiceLayout, 'en')).toMatchObject({
      itemUnit: 'Stk',
      shippingTitle: ENGLISH_INVOICE_TEXTS.shippingTitle,
    });
  });
});

describe('receipt language of credit notes (general.language)', () => {
  const { order, refunds } = sandboxOrder('refund_full');
  const refund = refunds[0]!;

  it('keeps the German texts for de and by default', () => {
    const de = buildCreditNote(order, refund, { contactId: 'c-1', language: 'de' }).creditNote;
    expect(buildCreditNote(order, refund, { contactId: 'c-1' }).creditNote).toEqual(de);
    expect(de.title).toBe('Gutschrift');
    expect(de.introduction).toBe(`Für deine Bestellung ${order.name} schreiben wir dir folgende Positionen gut.`);
    expect(de.lineItems.filter((l) => l.type === 'custom').map((l) => l.name)).toContain('Versand');
  });

  it('writes the default texts and its own positions in English for en, keeping the order reference', () => {
    const en = buildCreditNote(order, refund, { contactId: 'c-1', language: 'en' }).creditNote;
    expect(en.title).toBe('Credit note');
    expect(en.introduction).toBe(`For your order ${order.name} we credit you the following items.`);
    expect(en.remark).toBe(`The amount will be refunded via the original payment method.\nBestellung ${order.name}`);
    const lines = en.lineItems.filter((l) => l.type === 'custom');
    expect(lines.map((l) => l.unitName)).toContain('Pieces');
    expect(lines.map((l) => l.unitName)).not.toContain('Stück');
    expect(lines.find((l) => l.name === 'Shipping')).toMatchObject({ unitName: 'Shipping' });
  });

  it('names an amount without items "Refund" in English', () => {
    const amount = sandboxOrder('refund_amount');
    const en = buildCreditNote(amount.order, amount.refunds[0]!, { language: 'en' }).creditNote;
    const names = en.lineItems.filter((l) => l.type === 'custom').map((l) => l.name);
    expect(names).toContain('Refund');
    expect(names).not.toContain('Erstattung');
  });

  it("leaves the merchant's own credit texts as they are", () => {
    const prefs = CreditPreferencesSchema.parse({
      creditLayoutTitle: 'Korrektur {ORDER.NAME}',
      creditLayoutItemUnit: 'Stk',
    });
    const en = buildCreditNote(order, refund, { contactId: 'c-1', prefs, language: 'en' }).creditNote;
    expect(en.title).toBe(`Korrektur ${order.name}`);
    expect(en.introduction).toMatch(/^For your order/);
    expect(localizeCreditPreferences(prefs, 'en')).toMatchObject({
      creditLayoutItemUnit: 'Stk',
      creditLayoutRemark: ENGLISH_CREDIT_TEXTS.creditLayoutRemark,
    });
  });
});
