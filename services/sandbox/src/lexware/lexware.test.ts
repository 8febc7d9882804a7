import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, post, startTestSandbox } from '../test-support.js';
import { grossInvoice, netInvoice, person } from './lexware-fixtures.js';

let sb: RunningSandbox;
let auth: Record<string, string>;
const basic = `Basic ${Buffer.from('belegfluss-dev-client:belegfluss-dev-client-secret').toString('base64')}`;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sb.urls.lexwareApi}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
const apiPost = (path: string, body: unknown) => post(`${sb.urls.lexwareApi}${path}`, body, auth);

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const t = await json<{ access_token: string }>(await post(`${sb.urls.control}/control/lexware/tokens`, {}));
  auth = { Authorization: `Bearer ${t.access_token}` };
});
afterAll(() => sb.stop());
beforeEach(async () => {
  await fetch(`${sb.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lexware: { rateLimitPerSecond: 0, failNext: [], failNextWrite: [] } }),
  });
});

describe('OAuth', () => {
  it('exchanges a code, refreshes, and revokes the connection', async () => {
    const redirect = 'http://127.0.0.1:8080/api/lexoffice/callback';
    const page = await fetch(
      `${sb.urls.lexwareOauth}/authorize?client_id=belegfluss-dev-client&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&scope=profile.read+contacts.read&state=s1`,
    );
    expect(await page.text()).toContain('Zugriff erlauben');
    const form = new URLSearchParams({
      client_id: 'belegfluss-dev-client',
      redirect_uri: redirect,
      scope: 'profile.read contacts.read',
      state: 's1',
      organizationId: 'new',
      decision: 'allow',
    });
    const approved = await fetch(`${sb.urls.lexwareOauth}/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const location = new URL(approved.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('s1');

    const tokenRes = await fetch(`${sb.urls.lexwareOauth}/token`, {
      method: 'POST',
      headers: { Authorization: basic },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') ?? '',
        redirect_uri: redirect,
      }),
    });
    const tokens = await json<{
      access_token: string;
      refresh_token: string;
      expires_in: number;
      scope: string;
      token_type: string;
    }>(tokenRes);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'profile.read contacts.read' });
    const profile = await json<{ companyName: string }>(
      await fetch(`${sb.urls.lexwareApi}/profile`, { headers: { Authorization: `Bearer ${tokens.access_token}` } }),
    );
    expect(profile.companyName).toBe('Muster Handels GmbH');

    const refreshed = await json<{ access_token: string; refresh_token: string }>(
      await fetch(`${sb.urls.lexwareOauth}/token`, {
        method: 'POST',
        headers: { Authorization: basic },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      }),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const reuse = await fetch(`${sb.urls.lexwareOauth}/token`, {
      method: 'POST',
      headers: { Authorization: basic },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    });
    expect(reuse.status).toBe(400);

    await fetch(`${sb.urls.lexwareOauth}/revoke`, {
      method: 'POST',
      headers: { Authorization: basic },
      body: new URLSearchParams({ token: refreshed.refresh_token }),
    });
    const after = await fetch(`${sb.urls.lexwareApi}/profile`, {
      headers: { Authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Unauthorized' });
  });

  it('rejects wrong client credentials', async () => {
    const res = await fetch(`${sb.urls.lexwareOauth}/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('x:y').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r' }),
    });
    expect(res.status).toBe(401);
    expect((await json<{ error: string }>(res)).error).toBe('invalid_client');
  });
});

describe('contacts', () => {
  it('creates with a customer number, filters, and locks on version', async () => {
    const created = await json<{ id: string; version: number }>(await apiPost('/contacts', person));
    expect(created.version).toBe(1);
    const contact = await json<{ roles: { customer: { number: number } }; version: number }>(
      await api(`/contacts/${created.id}`),
    );
    expect(contact.roles.customer.number).toBe(10001);
    const found = await json<{ content: Array<{ id: string }>; totalElements: number }>(
      await api('/contacts?email=max.mustermann@example.com'),
    );
    expect(found.content.map((c) => c.id)).toContain(created.id);
    const byName = await json<{ totalElements: number }>(await api('/contacts?name=Muster'));
    expect(byName.totalElements).toBeGreaterThan(0);

    const put = (version: number) =>
      fetch(`${sb.urls.lexwareApi}/contacts/${created.id}`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...person, version, note: 'geändert' }),
      });
    const ok = await put(1);
    expect((await json<{ version: number }>(ok)).version).toBe(2);
    const stale = await put(1);
    expect(stale.status).toBe(409);
  });

  it('answers validation errors as an IssueList', async () => {
    const res = await apiPost('/contacts', { version: 0, roles: { customer: {} }, company: {} });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      IssueList: [{ i18nKey: 'missing_entity', source: 'company.name', type: 'validation_failure' }],
    });
  });
});

describe('invoices', () => {
  it('computes gross totals per rate and assigns a voucher number', async () => {
    const created = await apiPost('/invoices?finalize=true', grossInvoice());
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const inv = await json<{
      voucherNumber: string;
      voucherStatus: string;
      totalPrice: Record<string, number>;
      taxAmounts: unknown[];
      lineItems: Array<{ lineItemAmount?: number }>;
    }>(await api(`/invoices/${id}`));
    expect(inv.voucherNumber).toMatch(/^RE\d{4}$/);
    expect(inv.voucherStatus).toBe('open');
    // 19 %: 53.82 + 4.90 = 58.72 gross → 9.38 tax; 7 %: 24.00 gross → 1.57 tax.
    expect(inv.taxAmounts).toEqual([
      { taxRatePercentage: 19, taxAmount: 9.38, netAmount: 49.34 },
      { taxRatePercentage: 7, taxAmount: 1.57, netAmount: 22.43 },
    ]);
    expect(inv.totalPrice).toMatchObject({ totalGrossAmount: 82.72, totalNetAmount: 71.77, totalTaxAmount: 10.95 });
    expect(inv.lineItems[0]!.lineItemAmount).toBe(53.82);
  });

  it('computes net totals with tax per rate on the rounded sums', async () => {
    const { id } = await json<{ id: string }>(await apiPost('/invoices', netInvoice()));
    const inv = await json<{ voucherStatus: string; voucherNumber?: string; totalPrice: Record<string, number> }>(
      await api(`/invoices/${id}`),
    );
    expect(inv.voucherStatus).toBe('draft');
    expect(inv.voucherNumber).toBeUndefined();
    // 99.99 net at 19 % → 19.00; 10.05 at 7 % → 0.70.
    expect(inv.totalPrice).toMatchObject({ totalNetAmount: 110.04, totalTaxAmount: 19.7, totalGrossAmount: 129.74 });
    const file = await api(`/invoices/${id}/file`, { headers: { Accept: 'application/pdf' } });
    expect(file.status).toBe(409);
  });

  it('returns a real PDF for a finalised invoice', async () => {
    const { id } = await json<{ id: string }>(await apiPost('/invoices?finalize=true', grossInvoice()));
    const file = await api(`/invoices/${id}/file`, { headers: { Accept: 'application/pdf' } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('rejects what Lexware rejects, with details', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        grossInvoice({
          lineItems: [
            {
              type: 'custom',
              name: 'x',
              quantity: 1,
              unitName: 'Stück',
              unitPrice: { currency: 'EUR', grossAmount: 1 },
            },
          ],
        }),
        'lineItems[0].unitPrice.taxRatePercentage',
      ],
      [grossInvoice({ lineItems: Array.from({ length: 301 }, () => ({ type: 'text', name: 't' })) }), 'lineItems'],
      [
        grossInvoice({
          taxConditions: { taxType: 'intraCommunitySupply' },
          lineItems: [
            {
              type: 'custom',
              name: 'x',
              quantity: 1,
              unitName: 'Stück',
              unitPrice: { currency: 'EUR', netAmount: 1, taxRatePercentage: 0 },
            },
          ],
        }),
        'address.contactId',
      ],
      [
        grossInvoice({
          lineItems: [
            {
              type: 'custom',
              name: 'x',
              quantity: 1,
              unitName: 'Stück',
              unitPrice: { currency: 'EUR', grossAmount: 1, taxRatePercentage: 20 },
            },
          ],
        }),
        'lineItems[0].unitPrice.taxRatePercentage',
      ],
      [
        grossInvoice({
          shippingConditions: { shippingType: 'deliveryperiod', shippingDate: '2025-10-01T00:00:00.000+02:00' },
        }),
        'shippingConditions.shippingEndDate',
      ],
    ];
    for (const [bodyIn, field] of cases) {
      const res = await apiPost('/invoices', bodyIn);
      expect(res.status).toBe(406);
      const err = await json<{ status: number; error: string; details: Array<{ field: string }> }>(res);
      expect(err.error).toBe('Not Acceptable');
      expect(err.details.map((d) => d.field)).toContain(field);
    }
  });

  it('takes payment conditions: the term counts the due date from the invoice date; a bad term is refused', async () => {
    const paymentConditions = { paymentTermLabel: 'Zahlbar bis zum Versandtag.', paymentTermDuration: 3 };
    const created = await apiPost('/invoices?finalize=true', grossInvoice({ paymentConditions }));
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const inv = await json<{ voucherDate: string; dueDate: string; paymentConditions: unknown }>(
      await api(`/invoices/${id}`),
    );
    expect(inv.paymentConditions).toEqual(paymentConditions);
    expect(Date.parse(inv.dueDate) - Date.parse(inv.voucherDate)).toBe(3 * 86_400_000);
    for (const [bad, field] of [
      [{ paymentTermDuration: 1.5 }, 'paymentConditions.paymentTermDuration'],
      [{ paymentTermLabel: 7 }, 'paymentConditions.paymentTermLabel'],
      [{ paymentTermLabelTemplate: '{paymentRange} Tage' }, 'paymentConditions.paymentTermLabelTemplate'],
    ] as const) {
      const res = await apiPost('/invoices', grossInvoice({ paymentConditions: bad }));
      expect(res.status).toBe(406);
      const err = await json<{ details: Array<{ field: string }> }>(res);
      expect(err.details.map((d) => d.field)).toContain(field);
    }
  });

  it('answers 415 for non-JSON and 401 without a token', async () => {
    expect(
      (
        await fetch(`${sb.urls.lexwareApi}/invoices`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'text/plain' },
          body: 'x',
        })
      ).status,
    ).toBe(415);
    expect((await fetch(`${sb.urls.lexwareApi}/profile`)).status).toBe(401);
  });
});

describe('rate limit and faults', () => {
  it('allows 2 requests per second', async () => {
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lexware: { rateLimitPerSecond: 2 } }),
    });
    await fetch(`${sb.urls.control}/control/lexware/stats`, { method: 'DELETE' });
    // At once, so that a slow machine cannot refill the bucket between two of them.
    const answers = await Promise.all(Array.from({ length: 5 }, () => api('/profile')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(await answers.find((r) => r.status === 429)!.json()).toEqual({ message: 'Rate limit exceeded' });
    // The stats tell the limit's own 429s apart: a scaled-out run must show none of them.
    const stats = await json<Record<string, { rateLimited: number; byStatus: Record<string, number> }>>(
      await fetch(`${sb.urls.control}/control/lexware/stats`),
    );
    expect(Object.values(stats).map((s) => [s.rateLimited, s.byStatus['429']])).toEqual([[3, 3]]);
    await new Promise((r) => setTimeout(r, 600));
    expect((await api('/profile')).status).toBe(200);
  });

  it('allows 2 requests per second per organisation, whichever connection asks', async () => {
    // A fresh organisation, so that its bucket is full.
    const first = await json<{ access_token: string }>(await post(`${sb.urls.control}/control/lexware/tokens`, {}));
    const one = { Authorization: `Bearer ${first.access_token}` };
    const org = await json<{ organizationId: string }>(await fetch(`${sb.urls.lexwareApi}/profile`, { headers: one }));
    const second = await json<{ access_token: string }>(
      await post(`${sb.urls.control}/control/lexware/tokens`, { organizationId: org.organizationId }),
    );
    const other = { Authorization: `Bearer ${second.access_token}` };
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lexware: { rateLimitPerSecond: 2 } }),
    });
    // Two connections of one organisation, at once: one bucket between them.
    const answers = await Promise.all([
      ...Array.from({ length: 2 }, () => fetch(`${sb.urls.lexwareApi}/profile`, { headers: one })),
      ...Array.from({ length: 2 }, () => fetch(`${sb.urls.lexwareApi}/profile`, { headers: other })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429, 429]);
  });

  it('a 504 can perform the write anyway', async () => {
    const before = (await json<unknown[]>(await fetch(`${sb.urls.control}/control/lexware/invoices`))).length;
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lexware: { failNext: [504, 500] } }),
    });
    const first = await apiPost('/invoices', grossInvoice());
    expect(first.status).toBe(504);
    expect(await first.json()).toEqual({ message: 'Endpoint request timed out' });
    const second = await apiPost('/invoices', grossInvoice());
    expect(second.status).toBe(500);
    const after = (await json<unknown[]>(await fetch(`${sb.urls.control}/control/lexware/invoices`))).length;
    expect(after).toBe(before + 1);
  });

  it('failNextWrite lets reads pass and answers the next write 504 after performing it', async () => {
    const before = (await json<unknown[]>(await fetch(`${sb.urls.control}/control/lexware/invoices`))).length;
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lexware: { write504: true, failNextWrite: [504] } }),
    });
    expect((await api('/profile')).status).toBe(200);
    expect((await apiPost('/invoices', grossInvoice())).status).toBe(504);
    expect((await apiPost('/invoices', grossInvoice())).status).toBe(201);
    const after = (await json<unknown[]>(await fetch(`${sb.urls.control}/control/lexware/invoices`))).length;
    expect(after).toBe(before + 2);
  });
});
