import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, lexwareCalls, startTestSandbox } from '../test-support.js';
import { grossInvoice, netInvoice, person } from './lexware-fixtures.js';

let sb: RunningSandbox;
let auth: Record<string, string>;
let organizationId: string;

const { api, apiPost, control } = lexwareCalls(() => ({ sb, auth }));

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const org = await json<{ id: string }>(
    await control('POST', '/control/lexware/organizations', {
      companyName: 'Kaffeerösterei Nord GmbH',
      version: 'L',
      taxType: 'net',
    }),
  );
  organizationId = org.id;
  const t = await json<{ access_token: string }>(await control('POST', '/control/lexware/tokens', { organizationId }));
  auth = { Authorization: `Bearer ${t.access_token}` };
});
afterAll(() => sb.stop());

describe('profile per organisation', () => {
  it('answers /v1/profile with what the control API set, L without and XL with INVOICING_PRO', async () => {
    const l = await json<Record<string, unknown>>(await api('/profile'));
    expect(l).toMatchObject({
      organizationId,
      companyName: 'Kaffeerösterei Nord GmbH',
      taxType: 'net',
      smallBusiness: false,
      businessFeatures: ['INVOICING', 'BOOKKEEPING'],
    });
    expect(l.created).toMatchObject({
      userName: expect.any(String),
      userEmail: expect.any(String),
      date: expect.any(String),
    });
    expect(l.connectionId).toEqual(expect.any(String));

    const put = await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, {
      version: 'XL',
      smallBusiness: true,
      taxType: 'vatfree',
      distanceSalesPrinciple: 'DESTINATION',
      companyName: 'Rösterei Süd',
    });
    expect(put.status).toBe(200);
    const xl = await json<Record<string, unknown>>(await api('/profile'));
    expect(xl).toMatchObject({
      companyName: 'Rösterei Süd',
      smallBusiness: true,
      taxType: 'vatfree',
      distanceSalesPrinciple: 'DESTINATION',
      businessFeatures: ['INVOICING', 'INVOICING_PRO', 'BOOKKEEPING'],
    });
  });

  it('refuses a bad profile with a German message and changes nothing', async () => {
    const bad = await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, {
      taxType: 'brutto',
      version: 'XXL',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Ungültige Eingabe' });
    expect((await json<{ taxType: string }>(await api('/profile'))).taxType).toBe('vatfree');
    const missing = await control('PUT', '/control/lexware/organizations/nope/profile', {});
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Organisation nicht gefunden' });
    await control('PUT', `/control/lexware/organizations/${organizationId}/profile`, {
      version: 'XL',
      smallBusiness: false,
      taxType: 'net',
    });
  });
});

describe('invoice files by Accept header', () => {
  let xrechnungId: string;
  let plainId: string;

  beforeAll(async () => {
    const contact = await json<{ id: string }>(
      await apiPost('/contacts', {
        ...person,
        person: undefined,
        company: { name: 'Stadtverwaltung Musterstadt' },
        xRechnung: { buyerReference: '04011000-1234512345-35', vendorNumberAtCustomer: '70123456' },
      }),
    );
    xrechnungId = (
      await json<{ id: string }>(
        await apiPost('/invoices?finalize=true', netInvoice({ address: { contactId: contact.id } })),
      )
    ).id;
    plainId = (await json<{ id: string }>(await apiPost('/invoices?finalize=true', grossInvoice()))).id;
  });

  it('marks the invoice for a contact with a buyer reference as XRechnung', async () => {
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${xrechnungId}`)))
        .electronicDocumentProfile,
    ).toBe('XRechnung');
    expect(
      (await json<{ electronicDocumentProfile: string }>(await api(`/invoices/${plainId}`))).electronicDocumentProfile,
    ).toBe('NONE');
  });

  it('serves an XRechnung as CII XML for */* and application/xml, and as a PDF preview for application/pdf', async () => {
    for (const accept of ['*/*', 'application/xml']) {
      const res = await api(`/invoices/${xrechnungId}/file`, { headers: { Accept: accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toMatch(/RE\d{4}\.xml/);
      const xml = await res.text();
      expect(xml).toMatch(
        /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0<\/ram:ID>/,
      );
      expect(xml).toContain('<ram:BuyerReference>04011000-1234512345-35</ram:BuyerReference>');
      expect(xml).toContain('<ram:DuePayableAmount>129.74</ram:DuePayableAmount>');
      expect(xml).toContain('<ram:BilledQuantity unitCode="H87">3</ram:BilledQuantity>');
    }
    const pdf = await api(`/invoices/${xrechnungId}/file`, { headers: { Accept: 'application/pdf' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('serves a regular invoice as PDF, 404 for XML, 406 for other types and 409 for a draft', async () => {
    const pdf = await api(`/invoices/${plainId}/file`, { headers: { Accept: '*/*' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await api(`/invoices/${plainId}/file`, { headers: { Accept: 'application/xml' } })).status).toBe(404);
    expect((await api(`/invoices/${plainId}/file`, { headers: { Accept: 'text/html' } })).status).toBe(406);
    const draft = (await json<{ id: string }>(await apiPost('/invoices', grossInvoice()))).id;
    expect((await api(`/invoices/${draft}/file`, { headers: { Accept: '*/*' } })).status).toBe(409);
    expect(
      (await fetch(`${sb.urls.control}/control/lexware/vouchers/${xrechnungId}/file?format=xml`)).headers.get(
        'content-type',
      ),
    ).toMatch(/xml/);
  });

  it('answers the Accept header axios and most clients send (application/json, text/plain, */*): the PDF, the XRechnung XML, 409 for a draft', async () => {
    const axiosAccept = { Accept: 'application/json, text/plain, */*' };
    const pdf = await api(`/invoices/${plainId}/file`, { headers: axiosAccept });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await api(`/invoices/${xrechnungId}/file`, { headers: axiosAccept })).headers.get('content-type')).toMatch(
      /^application\/xml/,
    );
    const draft = (await json<{ id: string }>(await apiPost('/invoices', grossInvoice()))).id;
    expect((await api(`/invoices/${draft}/file`, { headers: axiosAccept })).status).toBe(409);
  });

  it('negotiates the Accept header by its media ranges: q-values rank, q=0 refuses, wildcards get the default', async () => {
    const typeFor = async (id: string, accept: string) => {
      const res = await api(`/invoices/${id}/file`, { headers: { Accept: accept } });
      return res.status === 200 ? res.headers.get('content-type')?.split(';')[0] : res.status;
    };
    // A refused type is not served through a wildcard that follows it.
    expect(await typeFor(xrechnungId, 'application/xml;q=0, */*')).toBe('application/pdf');
    expect(await typeFor(xrechnungId, 'application/pdf;q=0, */*')).toBe('application/xml');
    expect(await typeFor(plainId, 'application/pdf;q=0, application/*')).toBe(404);
    expect(await typeFor(plainId, '*/*;q=0')).toBe(406);
    // The higher q wins whatever the order; a subtype wildcard is a wildcard too.
    expect(await typeFor(xrechnungId, 'application/xml;q=0.3, application/pdf;q=0.9')).toBe('application/pdf');
    expect(await typeFor(xrechnungId, 'text/html, application/*;q=0.5')).toBe('application/xml');
    expect(await typeFor(plainId, 'text/*, application/*;q=0.1')).toBe('application/pdf');
    expect(await typeFor(plainId, 'text/html, image/*')).toBe(406);
    const draft = (await json<{ id: string }>(await apiPost('/invoices', grossInvoice()))).id;
    expect(await typeFor(draft, 'application/json, text/plain;q=0.9, */*;q=0.8')).toBe(409);
  });

  it('serves the deprecated /files/{id} by its own table: PDF by default, the XML only of an XRechnung, 406 for others', async () => {
    const typeFor = async (id: string, accept: string) => {
      const { documentFileId } = await json<{ documentFileId: string }>(await api(`/invoices/${id}/document`));
      const res = await api(`/files/${documentFileId}`, { headers: { Accept: accept } });
      return res.status === 200 ? res.headers.get('content-type')?.split(';')[0] : res.status;
    };
    expect(await typeFor(xrechnungId, '*/*')).toBe('application/pdf');
    expect(await typeFor(xrechnungId, 'application/xml')).toBe('application/xml');
    expect(await typeFor(xrechnungId, 'image/png')).toBe('application/pdf');
    expect(await typeFor(plainId, 'application/json, text/plain, */*')).toBe('application/pdf');
    expect(await typeFor(plainId, 'application/xml')).toBe(404);
    expect(await typeFor(plainId, 'text/html')).toBe(406);
  });
});

describe('finance API, posting categories and assignment hints', () => {
  it('lists posting categories in the documented shape', async () => {
    const categories = await json<Array<Record<string, unknown>>>(await api('/posting-categories'));
    for (const c of categories)
      expect(Object.keys(c).sort()).toEqual(['contactRequired', 'groupName', 'id', 'name', 'splitAllowed', 'type']);
    expect(categories.map((c) => c.type)).toContain('income');
    expect(categories.map((c) => c.type)).toContain('outgo');
  });

  it('keeps transactions with optimistic locking and deletes them', async () => {
    const account = await json<{ financialAccountId: string; type: string; lockVersion: number }>(
      await apiPost('/finance/accounts', {
        type: 'PAYMENT_PROVIDER',
        name: 'Shopify Payments',
        externalReference: 'shopify_payments',
      }),
    );
    expect(account).toMatchObject({ type: 'PAYMENT_PROVIDER', lockVersion: 0 });
    expect((await api(`/finance/accounts/${account.financialAccountId}`)).status).toBe(200);
    expect((await apiPost('/finance/accounts', { type: 'BITCOIN' })).status).toBe(406);
    const tx = {
      valueDate: '2026-01-02',
      bookingDate: '2026-01-02',
      transactionDate: '2026-01-02',
      purpose: 'Bestellung #1002',
      amount: 49.9,
      financialAccountId: account.financialAccountId,
      externalReference: 'sp-1002',
      feeAmount: -1.2,
    };
    const [created] = await json<Array<{ financialTransactionId: string; lockVersion: number }>>(
      await apiPost('/finance/transactions', [tx]),
    );
    const id = created!.financialTransactionId;
    const put = (lockVersion: number) =>
      api(`/finance/transactions/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...tx, purpose: 'Bestellung #1002 (korrigiert)', lockVersion }),
      });
    expect((await put(0)).status).toBe(200);
    expect((await put(0)).status).toBe(409);
    expect(
      await json<{ lockVersion: number; purpose: string }>(await api(`/finance/transactions/${id}`)),
    ).toMatchObject({ lockVersion: 1, purpose: 'Bestellung #1002 (korrigiert)' });
    const invalid = await apiPost('/finance/transactions', [{ ...tx, financialAccountId: 'unknown', amount: 'viel' }]);
    expect(invalid.status).toBe(406);
    expect((await api(`/finance/transactions/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/finance/transactions/${id}`)).status).toBe(404);
  });

  it('takes one assignment hint per voucher', async () => {
    const invoice = (await json<{ id: string }>(await apiPost('/invoices?finalize=true', grossInvoice()))).id;
    const first = await apiPost('/transaction-assignment-hint', { voucherId: invoice, externalReference: 'sp-1002' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ voucherId: invoice, externalReference: 'sp-1002' });
    expect(
      (await apiPost('/transaction-assignment-hint', { voucherId: invoice, externalReference: 'sp-1003' })).status,
    ).toBe(409);
    expect((await apiPost('/transaction-assignment-hint', { externalReference: 'x' })).status).toBe(406);
  });
});

describe('faults', () => {
  it('a 504 without write504 performs nothing; with it, the write is done and still answers 504', async () => {
    const count = async () =>
      (await json<unknown[]>(await fetch(`${sb.urls.control}/control/lexware/invoices`))).length;
    const before = await count();
    await control('PUT', '/control/knobs', { lexware: { write504: false, failNext: [504] } });
    expect((await apiPost('/invoices', grossInvoice())).status).toBe(504);
    expect(await count()).toBe(before);
    await control('PUT', '/control/knobs', { lexware: { write504: true, failNext: [504, 429] } });
    const timedOut = await apiPost('/invoices?finalize=true', grossInvoice());
    expect(timedOut.status).toBe(504);
    expect(timedOut.headers.get('location')).toBeNull();
    expect(await count()).toBe(before + 1);
    // A 429 is never performed.
    expect((await apiPost('/invoices', grossInvoice())).status).toBe(429);
    expect(await count()).toBe(before + 1);
  });
});
