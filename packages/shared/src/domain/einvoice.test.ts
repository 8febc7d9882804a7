import { describe, expect, it } from 'vitest';
import type { ShopifyOrder } from '../shopify-order';
import { DEFAULT_CONTACT_PREFERENCES } from '../preferences/typed-defaults';
import { creditNoteDelivery, decideEInvoice, isValidLeitwegId, leitwegIdOfOrder } from './einvoice';
import { describeLogEntry } from '../log-catalogue';

const order = (extra: Record<string, unknown> = {}) =>
  ({
    id: 1,
    name: '#1',
    note: null,
    billing_address: { company: 'Stadt Musterstadt', country_code: 'DE' },
    ...extra,
  }) as unknown as ShopifyOrder;
const prefs = { ...DEFAULT_CONTACT_PREFERENCES, vendorNumberAtCustomer: '70123456' };

describe('Leitweg-ID format (KoSIT: Grobadressierung-Feinadressierung-Prüfziffer, MOD 97-10)', () => {
  it('accepts the published test IDs, with and without Feinadressierung, letters included', () => {
    for (const id of ['04011000-12345-03', '991-33333TEST-33']) expect(isValidLeitwegId(id)).toBe(true);
  });
  it('refuses a wrong check digit, a bad structure, or a too short Grobadressierung', () => {
    for (const id of [
      '04011000-12345-04',
      '04011000-1234512345-35',
      '991-12345-67',
      '04011000_12345_03',
      '0-12345-03',
      'Leitweg',
      '04011000-12345-3',
      '04011000-12345',
    ])
      expect(isValidLeitwegId(id)).toBe(false);
  });
});

describe('where the Leitweg-ID comes from', () => {
  it('reads it from the note, labelled or alone, and from a note attribute by name', () => {
    expect(
      leitwegIdOfOrder(order({ note: 'Bitte an Amt 3. Leitweg-ID: 991-33333TEST-33' }), {
        ...prefs,
        leitwegSource: 'order-note',
      }),
    ).toBe('991-33333TEST-33');
    expect(leitwegIdOfOrder(order({ note: ' 04011000-12345-03 ' }), { ...prefs, leitwegSource: 'order-note' })).toBe(
      '04011000-12345-03',
    );
    expect(leitwegIdOfOrder(order({ note: 'Bitte klingeln' }), { ...prefs, leitwegSource: 'order-note' })).toBeNull();
    const attrs = order({ note_attributes: [{ name: 'Leitweg-ID', value: '04011000-12345-03' }] });
    expect(leitwegIdOfOrder(attrs, { ...prefs, leitwegSource: 'note-attribute', leitwegAttribute: 'leitweg-id' })).toBe(
      '04011000-12345-03',
    );
    expect(leitwegIdOfOrder(attrs, { ...prefs, leitwegSource: 'none' })).toBeNull();
  });
});

describe('the e-invoice decision', () => {
  it('puts a valid ID with the vendor number on the contact, and the invoice goes out net', () => {
    expect(decideEInvoice(order(), prefs, '991-33333test-33')).toEqual({
      ok: true,
      xRechnung: { buyerReference: '991-33333TEST-33', vendorNumberAtCustomer: '70123456' },
      net: true,
    });
  });
  it('refuses a malformed ID with its reason and value', () => {
    expect(decideEInvoice(order(), prefs, '991-12345-67')).toEqual({
      ok: false,
      reason: 'LEITWEG_ID_INVALID',
      value: '991-12345-67',
    });
  });
  it('refuses a valid ID while the vendor number at the buyer is missing (Lexware needs both)', () => {
    expect(decideEInvoice(order(), { ...prefs, vendorNumberAtCustomer: ' ' }, '991-33333TEST-33')).toEqual({
      ok: false,
      reason: 'VENDOR_NUMBER_MISSING',
      value: '991-33333TEST-33',
    });
  });
  it('without an ID: net only for B2B and only when the setting says so', () => {
    expect(decideEInvoice(order(), prefs, null)).toEqual({ ok: true, xRechnung: null, net: false });
    expect(decideEInvoice(order(), { ...prefs, eInvoiceNet: true }, '')).toEqual({
      ok: true,
      xRechnung: null,
      net: true,
    });
    expect(
      decideEInvoice(order({ billing_address: { country_code: 'DE' } }), { ...prefs, eInvoiceNet: true }, null),
    ).toEqual({ ok: true, xRechnung: null, net: false });
  });
});

describe('creditNoteDelivery', () => {
  it('names a ZUGFeRD credit note, whatever its invoice was', () => {
    expect(creditNoteDelivery('EN16931', 'XRechnung')).toBe('Gutschrift als ZUGFeRD-PDF (EN 16931)');
    expect(creditNoteDelivery('EN16931', null)).toBe('Gutschrift als ZUGFeRD-PDF (EN 16931)');
  });
  it('tells why the credit note of an e-invoice is a plain PDF', () => {
    expect(creditNoteDelivery('NONE', 'XRechnung')).toBe(
      'Gutschrift als PDF – Lexware erstellt für Gutschriften keine XRechnung; der Käufer erhält die Rechnungskorrektur als PDF',
    );
    expect(creditNoteDelivery(null, 'EN16931')).toContain('Gutschrift als PDF – Lexware hat sie nicht als E-Rechnung');
  });
  it('says nothing where neither is an e-invoice', () => {
    expect(creditNoteDelivery('NONE', 'NONE')).toBeNull();
    expect(creditNoteDelivery(null, null)).toBeNull();
  });
  it('ends the log sentence of a made credit note', () => {
    const entry = (body: Record<string, unknown>) => ({ origin: 'credit', event: 'credit.created', body });
    expect(describeLogEntry(entry({ number: 'GS0001', profile: 'EN16931', invoiceProfile: 'XRechnung' })).text).toBe(
      'Gutschrift in Lexware Office erstellt: GS0001. Gutschrift als ZUGFeRD-PDF (EN 16931)',
    );
    expect(describeLogEntry(entry({ number: 'GS0002' })).text).toBe('Gutschrift in Lexware Office erstellt: GS0002');
  });
});
