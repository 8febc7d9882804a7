import { describe, expect, it } from 'vitest';
import { sandboxOrder, SCENARIO_NAMES, lexwareTotalCents } from './fixtures/sandbox-orders';
import { buildInvoice, buildInvoiceDraft, defaultRegime } from './invoice-draft';
import { chooseTaxRegime, type TaxProfile } from './tax-regime';
import {
  InvoicePreferencesSchema,
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
  type InvoicePreferencesInput,
} from '../preferences';
import { cents } from './money';
import { hasOrderReference } from './document-texts';
import type { LexwareLineItem } from './lexware-types';
import type { ShopifyOrder } from '../shopify-order';

const XL: TaxProfile = {
  smallBusiness: false,
  distanceSalesPrinciple: 'DESTINATION',
  businessFeatures: ['INVOICING', 'INVOICING_PRO'],
};
const prefsOf = (p: InvoicePreferencesInput = {}) => InvoicePreferencesSchema.parse(p);
const custom = (items: LexwareLineItem[]) =>
  items.filter((i): i is Extract<LexwareLineItem, { type: 'custom' }> => i.type === 'custom');

function build(
  order: ShopifyOrder,
  p: InvoicePreferencesInput = {},
  profile: TaxProfile = XL,
  handling = DEFAULT_ORDER_HANDLING,
) {
  const prefs = prefsOf(p);
  const r = chooseTaxRegime(order, profile, { ...prefs, ...DEFAULT_CONTACT_PREFERENCES });
  if (!r.ok) throw new Error(r.reason);
  return {
    ...buildInvoice(order, { contactId: 'contact-1', prefs, regime: r.regime, orderHandling: handling }),
    regime: r.regime,
  };
}

describe('buildInvoice: totals match Shopify to the cent under Lexware arithmetic', () => {
  const variants: Array<[string, InvoicePreferencesInput, typeof DEFAULT_ORDER_HANDLING]> = [
    ['gross', {}, DEFAULT_ORDER_HANDLING],
    ['net', { asNet: true }, DEFAULT_ORDER_HANDLING],
    ['discount line', { useDiscount: true }, DEFAULT_ORDER_HANDLING],
    ['net + discount line', { asNet: true, useDiscount: true }, DEFAULT_ORDER_HANDLING],
    ['shipping split', {}, { ...DEFAULT_ORDER_HANDLING, fixTaxShipping: true }],
    ['net + shipping split', { asNet: true }, { ...DEFAULT_ORDER_HANDLING, fixTaxShipping: true }],
    ['no tip fix', {}, { ...DEFAULT_ORDER_HANDLING, fixTaxTip: false }],
  ];
  for (const name of SCENARIO_NAMES) {
    it.each(variants)(`${name}: %s`, (_label, p, handling) => {
      const { order } = sandboxOrder(name);
      const built = build(order, p, XL, handling);
      expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
      expect(built.orderDiffCents).toBe(0);
      expect(built.rounding.residualCents).toBe(0);
    });
  }
});

describe('buildInvoice: contents', () => {
  it('de_b2c gross: items with folded discount, shipping at its own rate, reference in the remark', () => {
    const { order } = sandboxOrder('de_b2c');
    const { invoice, finalize } = build(order);
    expect(invoice.taxConditions).toEqual({ taxType: 'gross' });
    const lines = custom(invoice.lineItems);
    expect(
      lines.map((l) => [l.name, l.quantity, l.unitName, l.unitPrice.grossAmount, l.unitPrice.taxRatePercentage]),
    ).toEqual([
      ['Bio-Baumwoll T-Shirt', 2, 'Stück', 26.91, 19],
      ['Keramiktasse „Morgenkaffee“', 1, 'Stück', 11.25, 19],
      ['Versand', 1, 'Versand', 4.9, 19],
    ]);
    expect(lines[0]!.description).toBe('M / Schwarz');
    expect(lines[2]!.description).toBe('DHL Paket');
    expect(hasOrderReference(invoice.remark, order)).toBe(true);
    expect(invoice.introduction).toContain(order.name);
    expect(finalize).toBe(true);
  });

  it('useDiscount: full prices plus a negative discount line named after the code', () => {
    const { order } = sandboxOrder('de_b2c');
    const lines = custom(build(order, { useDiscount: true }).invoice.lineItems);
    expect(lines[0]!.unitPrice.grossAmount).toBe(29.9);
    const discount = lines.find((l) => l.unitName === 'Rabatt')!;
    expect(discount).toMatchObject({
      name: 'Rabatt',
      description: 'WILLKOMMEN10',
      quantity: 1,
      unitPrice: { grossAmount: -7.23, taxRatePercentage: 19 },
    });
  });

  it('SKU and GTIN go into the detail when layout.include asks; units are normalised', () => {
    const { order } = sandboxOrder('de_b2c');
    const lines = custom(
      buildInvoice(order, {
        contactId: 'c',
        prefs: prefsOf({ invoiceLayout: { include: { sku: true, gtin: true }, itemUnit: 'stk' } }),
        gtins: { [String((order.line_items[0] as unknown as { variant_id: number }).variant_id)]: '4006381333931' },
      }).invoice.lineItems,
    );
    expect(lines[0]!.description).toBe('M / Schwarz\nArt.-Nr.: TS-BIO-M-BLK\nGTIN: 4006381333931');
    expect(lines[0]!.unitName).toBe('Stk');
  });

  it('templates fill item titles and texts; the reference goes into every named place once', () => {
    const { order } = sandboxOrder('de_b2c');
    const { invoice } = build(order, {
      invoiceLayout: {
        itemTitle: '{ORDER_ITEM.SKU} {ORDER_ITEM.TITLE}',
        title: 'Rechnung',
        introduction: 'Hallo {ORDER.CUSTOMER_NAME}',
      },
      invoiceReferencePlaces: ['title', 'introduction', 'remark'],
    });
    expect(custom(invoice.lineItems)[0]!.name).toBe('TS-BIO-M-BLK Bio-Baumwoll T-Shirt');
    expect(invoice.title).toBe(`Rechnung Bestellung ${order.name}`);
    expect(invoice.introduction).toBe(`Hallo Max Mustermann\nBestellung ${order.name}`);
    expect(invoice.remark!.match(/Bestellung #/g)).toHaveLength(1);
  });

  it('multi_rate keeps 7 % for the book; fixTaxShipping splits shipping over 19 % and 7 %', () => {
    const { order } = sandboxOrder('multi_rate');
    const plain = custom(build(order).invoice.lineItems);
    expect(plain.map((l) => l.unitPrice.taxRatePercentage)).toEqual([19, 7, 19, 19]);
    const split = custom(
      build(order, {}, XL, { ...DEFAULT_ORDER_HANDLING, fixTaxShipping: true }).invoice.lineItems,
    ).filter((l) => l.unitName === 'Versand');
    expect(split.map((l) => l.unitPrice.taxRatePercentage)).toEqual([19, 7]);
    expect(Math.round(split.reduce((a, l) => a + (l.unitPrice.grossAmount ?? 0), 0) * 100)).toBe(490);
  });

  it('tips: 19 % with the tip tax fix, 0 % without', () => {
    const { order } = sandboxOrder('tip');
    const tip = (fix: boolean) =>
      custom(build(order, {}, XL, { ...DEFAULT_ORDER_HANDLING, fixTaxTip: fix }).invoice.lineItems).find(
        (l) => l.name === 'Trinkgeld',
      )!;
    expect(tip(true).unitPrice).toMatchObject({ grossAmount: 5, taxRatePercentage: 19 });
    expect(tip(false).unitPrice).toMatchObject({ grossAmount: 5, taxRatePercentage: 0 });
  });

  it('free shipping is left out unless showFree is set', () => {
    const { order } = sandboxOrder('free');
    expect(custom(build(order).invoice.lineItems).some((l) => l.unitName === 'Versand')).toBe(false);
    const shown = custom(build(order, { invoiceLayout: { shippingShowFree: true } }).invoice.lineItems).find(
      (l) => l.unitName === 'Versand',
    );
    expect(shown?.unitPrice.grossAmount).toBe(0);
  });

  it('net vs gross: asNet, b2bAsNet for companies, tagsAsNet, and shops that price net', () => {
    const b2c = sandboxOrder('de_b2c').order;
    expect(build(b2c).invoice.taxConditions.taxType).toBe('gross');
    expect(build(b2c, { asNet: true }).invoice.taxConditions.taxType).toBe('net');
    expect(build(b2c, { tagsAsNet: ['Großhandel'] }).invoice.taxConditions.taxType).toBe('gross');
    const tagged = sandboxOrder('de_b2c', { scenario: { tags: ['Großhandel'] } }).order;
    expect(build(tagged, { tagsAsNet: ['Großhandel'] }).invoice.taxConditions.taxType).toBe('net');
    const company = sandboxOrder('de_b2c', {
      scenario: { customer: { ...sandboxOrderCustomer(), company: 'Muster GmbH' } },
    }).order;
    expect(build(company, { b2bAsNet: true }).invoice.taxConditions.taxType).toBe('net');
    expect(build(company).invoice.taxConditions.taxType).toBe('gross');
    const net = sandboxOrder('de_b2c', { scenario: { taxesIncluded: false } }).order;
    expect(build(net).invoice.taxConditions.taxType).toBe('net');
    expect(lexwareTotalCents(build(net).invoice)).toBe(cents(net.total_price));
  });

  it('a net invoice whose per-rate tax differs from Shopify per-line tax gets a rounding line and says so', () => {
    const items = [1, 2, 3].map((n) => ({
      title: `Artikel ${n}`,
      sku: `A-${n}`,
      priceCents: 1001,
      quantity: 1,
      taxRate: 0.19,
    }));
    const { order } = sandboxOrder('de_b2c', { scenario: { items, discount: undefined, shipping: undefined } });
    const built = build(order, { asNet: true });
    expect(built.rounding).toMatchObject({ diffCents: -1, handled: 'line', residualCents: 0 });
    expect(custom(built.invoice.lineItems).at(-1)!.name).toBe('Rundungsdifferenz');
    expect(built.warnings).toContain('ROUNDING_LINE');
    expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
  });

  it('quantities whose line total has no four-decimal unit price are split to stay exact', () => {
    const items = [{ title: 'Schraube', sku: 'S', priceCents: 7, quantity: 300, taxRate: 0.19 }];
    const { order } = sandboxOrder('de_b2c', {
      scenario: { items, discount: { code: 'DREI', percent: 3.33 }, shipping: undefined },
    });
    const built = build(order);
    expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
  });

  it('keeps at most 300 line items, merging the rest per rate', () => {
    const items = Array.from({ length: 320 }, (_, i) => ({
      title: `Artikel ${i}`,
      sku: `A${i}`,
      priceCents: 100 + i,
      quantity: 1,
      taxRate: i % 2 ? 0.19 : 0.07,
    }));
    const { order } = sandboxOrder('de_b2c', { scenario: { items, discount: undefined } });
    const built = build(order);
    expect(built.invoice.lineItems.length).toBeLessThanOrEqual(300);
    expect(built.rounding.collapsedItems).toBeGreaterThan(0);
    expect(
      custom(built.invoice.lineItems)
        .filter((l) => l.name === 'Weitere Positionen')
        .map((l) => l.unitPrice.taxRatePercentage)
        .sort(),
    ).toEqual([19, 7]);
    expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
  });

  it('finalize follows invoiceFinalize; without a contact the billing address is inline', () => {
    const { order } = sandboxOrder('de_b2c');
    const built = buildInvoice(order, { prefs: prefsOf({ invoiceFinalize: false }) });
    expect(built.finalize).toBe(false);
    expect(built.invoice.address).toEqual({
      name: 'Max Mustermann',
      street: 'Hauptstraße 12',
      zip: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  });

  it('buildInvoiceDraft keeps its first signature', () => {
    const { order } = sandboxOrder('de_b2c');
    const draft = buildInvoiceDraft(order, 'c-9');
    expect(draft.address).toEqual({ contactId: 'c-9' });
    expect(draft).toEqual(buildInvoice(order, { contactId: 'c-9', regime: defaultRegime(order) }).invoice);
  });
});

function sandboxOrderCustomer() {
  return {
    firstName: 'Max',
    lastName: 'Mustermann',
    email: 'max.mustermann@example.com',
    address1: 'Hauptstraße 12',
    zip: '10115',
    city: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
  };
}
