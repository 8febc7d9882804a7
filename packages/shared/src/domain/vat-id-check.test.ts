import { describe, expect, it } from 'vitest';
import { sandboxOrder, lexwareTotalCents } from './fixtures/sandbox-orders';
import { chooseTaxRegime, type TaxProfile } from './tax-regime';
import { buildInvoice } from './invoice-draft';
import { planInvoice, type InvoicePlanContext } from './plan-invoice';
import { afterViesUnavailable, reusableEvidence, VIES_CACHE_MS, type VatIdEvidence } from './vat-id-check';
import {
  ContactPreferencesSchema,
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
} from '../preferences';
import { cents } from './money';

const prefs = { ...DEFAULT_INVOICE_PREFERENCES, ...DEFAULT_CONTACT_PREFERENCES };
const L: TaxProfile = { smallBusiness: false, distanceSalesPrinciple: 'ORIGIN', businessFeatures: ['INVOICING'] };

describe('the tax rule with VIES as input', () => {
  const { order } = sandboxOrder('eu_b2b_vat');

  it('stays a tax-free intra-community supply for a confirmed ID (and before VIES was asked)', () => {
    for (const verdict of ['valid', undefined] as const)
      expect(chooseTaxRegime(order, L, prefs, {}, verdict)).toMatchObject({
        ok: true,
        regime: { kind: 'intraCommunitySupply', taxFree: true, vatId: 'ATU12345678' },
      });
  });

  it.each([
    ['invalid', 'VAT_ID_INVALID'],
    ['unconfirmed', 'VAT_ID_UNCONFIRMED'],
  ] as const)('gives German VAT at 19 %% for an ID VIES calls %s, balancing to the cent', (verdict, warning) => {
    const r = chooseTaxRegime(order, L, prefs, {}, verdict);
    if (!r.ok) throw new Error(r.reason);
    expect(r.regime).toMatchObject({ kind: 'germanVat', taxFree: false, taxType: 'gross', untaxedRate: 19 });
    expect(r.regime.warnings).toEqual([warning]);
    const built = buildInvoice(order, { contactId: 'c', regime: r.regime });
    // What the buyer paid is the gross amount now: the invoice's total is the order's to the cent.
    expect(lexwareTotalCents(built.invoice)).toBe(cents(order.total_price));
    const lineRates = built.invoice.lineItems.map((l) => (l.type === 'custom' ? l.unitPrice.taxRatePercentage : null));
    expect(lineRates.every((x) => x === 19)).toBe(true);
    expect(built.invoice.taxConditions.taxType).toBe('gross');
    expect(built.invoice.remark ?? '').not.toContain('Steuerfreie innergemeinschaftliche Lieferung');
  });

  it('hands only a confirmed ID to the Lexware contact', () => {
    const ctx: InvoicePlanContext = {
      invoice: {
        connected: true,
        automationEnabled: true,
        skipPos: true,
        skipFree: true,
        posName: 'pos',
        invoiceCreate: true,
        invoiceEvent: 'created',
        invoiceEventExceptions: [],
        skipTags: [],
        installedAt: '2020-01-01T00:00:00Z',
      },
      prefs: {
        invoice: DEFAULT_INVOICE_PREFERENCES,
        contact: DEFAULT_CONTACT_PREFERENCES,
        orderHandling: DEFAULT_ORDER_HANDLING,
      },
      profile: L,
    };
    const valid = planInvoice(order, ctx, [], { preview: true, vatIdVerdict: 'valid' });
    const invalid = planInvoice(order, ctx, [], { preview: true, vatIdVerdict: 'invalid' });
    expect(valid.action === 'create' && valid.contact.vatId).toBe('ATU12345678');
    expect(invalid.action === 'create' && invalid.contact.vatId).toBeUndefined();
  });
});

describe("waiting for VIES within the merchant's time", () => {
  const hour = 3_600_000;
  const since = Date.parse('2026-11-27T08:00:00Z');
  const wait = { viesWaitHours: 24, viesAfterWait: 'withVat' as const };

  it('asks again every retry interval, the last time at the end of the wait', () => {
    expect(afterViesUnavailable(wait, { since, now: since, retryMs: hour })).toEqual({
      action: 'wait',
      retryAt: since + hour,
      over: false,
    });
    expect(afterViesUnavailable(wait, { since, now: since + 23.5 * hour, retryMs: hour })).toEqual({
      action: 'wait',
      retryAt: since + 24 * hour,
      over: false,
    });
  });

  it("then follows the merchant's choice: VAT, or waiting on and being told", () => {
    expect(afterViesUnavailable(wait, { since, now: since + 24 * hour, retryMs: hour })).toEqual({
      action: 'invoiceWithVat',
    });
    const keep = { ...wait, viesAfterWait: 'keepWaiting' as const };
    expect(afterViesUnavailable(keep, { since, now: since + 25 * hour, retryMs: hour })).toEqual({
      action: 'wait',
      retryAt: since + 26 * hour,
      over: true,
    });
  });

  it('takes the settings with German messages for bad input', () => {
    expect(ContactPreferencesSchema.parse({}).viesWaitHours).toBe(24);
    expect(ContactPreferencesSchema.parse({}).viesAfterWait).toBe('withVat');
    expect(ContactPreferencesSchema.parse({ ownVatId: 'de 123.456.789' }).ownVatId).toBe('DE123456789');
    const bad = ContactPreferencesSchema.safeParse({ viesWaitHours: 0, ownVatId: 'DE12', viesAfterWait: 'later' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Die eigene USt-IdNr. hat kein gültiges Format (z. B. DE123456789).',
      'Die Wartezeit muss größer als 0 Stunden sein.',
      'Nach der Wartezeit: withVat oder keepWaiting.',
    ]);
  });
});

describe('the day-long store of confirmations', () => {
  const evidence = (valid: boolean, checkedAt: string): VatIdEvidence => ({
    vatId: 'ATU12345678',
    valid,
    requestDate: checkedAt,
    requestIdentifier: 'WAPI1',
    name: null,
    address: null,
    checkedAt,
    cached: false,
  });
  const at = Date.parse('2026-11-27T08:00:00Z');

  it('reuses a confirmation for a day, a refusal never', () => {
    expect(reusableEvidence(evidence(true, '2026-11-27T08:00:00Z'), at + VIES_CACHE_MS - 1)).toMatchObject({
      cached: true,
    });
    expect(reusableEvidence(evidence(true, '2026-11-27T08:00:00Z'), at + VIES_CACHE_MS)).toBeNull();
    expect(reusableEvidence(evidence(false, '2026-11-27T08:00:00Z'), at + 1)).toBeNull();
    expect(reusableEvidence(null, at)).toBeNull();
  });
});
