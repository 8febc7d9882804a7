import { describe, expect, it } from 'vitest';
import { sandboxOrder, lexwareTotalCents } from './fixtures/sandbox-orders';
import { chooseTaxRegime, regimeRate, vatRegimeFromProfile, vatRegimeWarnings, type TaxProfile } from './tax-regime';
import { findVatId, isValidVatId, vatIdsInText, EU_VAT_ID_PATTERNS, EU_COUNTRIES } from './vat-id';
import { buildInvoice } from './invoice-draft';
import { DEFAULT_CONTACT_PREFERENCES, DEFAULT_INVOICE_PREFERENCES, LEGAL_NOTES } from '../preferences';
import { cents } from './money';
import type { ShopifyOrder } from '../shopify-order';

const prefs = { ...DEFAULT_INVOICE_PREFERENCES, ...DEFAULT_CONTACT_PREFERENCES };
const L: TaxProfile = { smallBusiness: false, distanceSalesPrinciple: 'ORIGIN', businessFeatures: ['INVOICING'] };
const XL: TaxProfile = {
  smallBusiness: false,
  distanceSalesPrinciple: 'DESTINATION',
  businessFeatures: ['INVOICING', 'INVOICING_PRO'],
};
const regimeOf = (order: ShopifyOrder, profile: TaxProfile, p = prefs) => {
  const r = chooseTaxRegime(order, profile, p);
  if (!r.ok) throw new Error(r.reason);
  return r.regime;
};
const rates = (order: ShopifyOrder, profile: TaxProfile) => {
  const built = buildInvoice(order, { contactId: 'c', regime: regimeOf(order, profile) });
  expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
  return {
    built,
    rates: built.invoice.lineItems.map((l) => (l.type === 'custom' ? l.unitPrice.taxRatePercentage : null)),
  };
};

describe('chooseTaxRegime', () => {
  it('small business: vatfree, 0 %, with the §19 note in the remark', () => {
    const { order } = sandboxOrder('de_b2c');
    const regime = regimeOf(order, { ...L, smallBusiness: true });
    expect(regime).toMatchObject({
      kind: 'smallBusiness',
      taxType: 'vatfree',
      warnings: ['TAX_CHARGED_IN_SMALL_BUSINESS'],
    });
    const { built, rates: r } = rates(order, { ...L, smallBusiness: true });
    expect(r.every((x) => x === 0)).toBe(true);
    expect(built.invoice.remark).toContain(LEGAL_NOTES.smallBusiness);
  });

  it('German VAT at 19 and 7 %', () => {
    const { order } = sandboxOrder('multi_rate');
    expect(regimeOf(order, L)).toMatchObject({ kind: 'germanVat', taxType: 'gross' });
    expect(rates(order, L).rates).toEqual([19, 7, 19, 19]);
  });

  it('OSS: destination rates (20 %, 5.5 %) with distanceSales when the profile says DESTINATION', () => {
    const { order } = sandboxOrder('eu_oss');
    const regime = regimeOf(order, XL);
    expect(regime).toMatchObject({
      kind: 'oss',
      taxType: 'gross',
      taxSubType: 'distanceSales',
      standardRate: 20,
      country: 'FR',
    });
    const { built, rates: r } = rates(order, XL);
    expect(r).toEqual([20, 5.5, 20]);
    expect(built.invoice.taxConditions).toEqual({ taxType: 'gross', taxSubType: 'distanceSales' });
  });

  it('OSS needs XL', () => {
    const { order } = sandboxOrder('eu_oss');
    expect(chooseTaxRegime(order, { ...XL, businessFeatures: ['INVOICING'] }, prefs)).toMatchObject({
      ok: false,
      reason: 'OSS_REQUIRES_XL',
      message: 'OSS erfordert Lexware Office XL',
    });
  });

  it('ORIGIN: a French order is invoiced with German rates, the gross kept', () => {
    const { order } = sandboxOrder('eu_oss');
    expect(regimeOf(order, L)).toMatchObject({ kind: 'germanVat', warnings: ['FOREIGN_RATES_MAPPED'] });
    expect(rates(order, L).rates).toEqual([19, 7, 19]);
  });

  it('intra-community supply: EU business, no tax charged, VAT ID from the order', () => {
    const { order } = sandboxOrder('eu_b2b_vat');
    const regime = regimeOf(order, XL);
    expect(regime).toMatchObject({
      kind: 'intraCommunitySupply',
      taxType: 'intraCommunitySupply',
      vatId: 'ATU12345678',
    });
    const { built, rates: r } = rates(order, XL);
    expect(r.every((x) => x === 0)).toBe(true);
    expect(built.invoice.remark).toContain('USt-IdNr. des Leistungsempfängers: ATU12345678');
  });

  it('MISSING_VAT-ID when the tax-free EU delivery has no VAT ID in the configured places', () => {
    const { order } = sandboxOrder('eu_b2b_vat', { scenario: { note: 'Bitte schnell liefern', noteAttributes: [] } });
    expect(chooseTaxRegime(order, XL, prefs)).toMatchObject({ ok: false, reason: 'MISSING_VAT-ID' });
    const onlyTags = { ...prefs, vatIdPlaces: ['order-tags' as const] };
    expect(chooseTaxRegime(sandboxOrder('eu_b2b_vat').order, XL, onlyTags)).toMatchObject({
      ok: false,
      reason: 'MISSING_VAT-ID',
    });
  });

  it('a German VAT ID does not make a delivery abroad tax-free', () => {
    const { order } = sandboxOrder('eu_b2b_vat', { scenario: { note: 'DE123456789', noteAttributes: [] } });
    expect(chooseTaxRegime(order, XL, prefs)).toMatchObject({ ok: false, reason: 'MISSING_VAT-ID' });
  });

  it('third country (CH): thirdPartyCountryDelivery at 0 %', () => {
    const { order } = sandboxOrder('ch');
    expect(regimeOf(order, XL)).toMatchObject({
      kind: 'thirdCountry',
      taxType: 'thirdPartyCountryDelivery',
      country: 'CH',
    });
    expect(rates(order, XL).rates.every((x) => x === 0)).toBe(true);
  });

  it('the wizard choice overrides the profile, and contradictions are reported', () => {
    const { order } = sandboxOrder('eu_oss');
    expect(regimeOf(order, { ...XL, vatRegime: '1' }).kind).toBe('germanVat');
    expect(vatRegimeFromProfile(XL)).toBe('oss');
    expect(vatRegimeFromProfile({ smallBusiness: true })).toBe('0');
    expect(vatRegimeWarnings('oss', L)).toContain('OSS erfordert Lexware Office XL');
    expect(vatRegimeWarnings('1', L)).toEqual([]);
  });

  it('regimeRate maps foreign rates for German VAT', () => {
    const de = regimeOf(sandboxOrder('de_b2c').order, L);
    expect([regimeRate(de, 20, 20), regimeRate(de, 10, 20), regimeRate(de, 0, 20), regimeRate(de, 7, 19)]).toEqual([
      19, 7, 0, 7,
    ]);
  });
});

describe('VAT IDs', () => {
  it('has a pattern for every EU country', () => {
    for (const c of EU_COUNTRIES) expect(EU_VAT_ID_PATTERNS[c === 'GR' ? 'EL' : c]).toBeDefined();
  });
  it.each([
    'ATU12345678',
    'DE123456789',
    'FRXX123456789',
    'NL123456789B01',
    'EL123456789',
    'IE1234567WA',
    'ESX1234567X',
    'BE0123456789',
    'SE123456789001',
  ])('accepts %s', (id) => expect(isValidVatId(id)).toBe(true));
  it.each(['AT12345678', 'DE12345678', 'NL123456789', 'XX123456789', 'SE123456789012'])('rejects %s', (id) =>
    expect(isValidVatId(id)).toBe(false),
  );
  it('finds IDs in free text with separators', () => {
    expect(vatIdsInText('USt-IdNr.: ATU 123 456 78, danke')).toEqual(['ATU12345678']);
    expect(vatIdsInText('VAT: de 123.456.789')).toEqual(['DE123456789']);
    expect(vatIdsInText('Bestellung 12345')).toEqual([]);
    // Several IDs in one text, and a word that only looks like a prefix, lose nothing.
    expect(vatIdsInText('ATU12345678 oder DE123456789')).toEqual(['ATU12345678', 'DE123456789']);
    expect(vatIdsInText('DE oder ATU 123 456 78')).toEqual(['ATU12345678']);
    expect(vatIdsInText('ESK1234567890')).toEqual(['ESK12345678']);
  });
  it('searches only the configured places, in order, preferring the billing country', () => {
    const { order } = sandboxOrder('eu_b2b_vat', {
      scenario: { note: 'FR12345678901', noteAttributes: [{ name: 'vat_id', value: 'ATU12345678' }] },
    });
    expect(findVatId(order, ['order-note'])?.vatId).toBe('FR12345678901');
    expect(findVatId(order, ['order-note', 'order-attributes'])).toMatchObject({
      vatId: 'ATU12345678',
      place: 'order-attributes',
      country: 'AT',
    });
    expect(findVatId(order, ['company-location'], { companyLocationTaxId: 'ATU99999999' })?.vatId).toBe('ATU99999999');
    expect(findVatId(order, ['customer-note'])).toBeNull();
  });
});
