import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, post, startTestSandbox } from '../test-support.js';

/** Places where the stand-in follows the Lexware API documentation even where being kinder would be easier. */
let sb: RunningSandbox;
let token: string;
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sb.urls.lexwareApi}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });

/** A small invoice of one tea, dated as given. */
const invoiceOf = (voucherDate: string) =>
  JSON.stringify({
    voucherDate,
    address: { name: 'Erika Muster', countryCode: 'DE' },
    totalPrice: { currency: 'EUR' },
    lineItems: [
      {
        type: 'custom',
        name: 'Tee',
        quantity: 1,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
      },
    ],
    taxConditions: { taxType: 'gross' },
    shippingConditions: { shippingType: 'none' },
  });

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const org = await json<{ id: string }>(
    await post(`${sb.urls.control}/control/lexware/organizations`, { companyName: 'Treue Test GmbH' }),
  );
  token = (
    await json<{ access_token: string }>(
      await post(`${sb.urls.control}/control/lexware/tokens`, { organizationId: org.id }),
    )
  ).access_token;
});
afterAll(() => sb.stop());

describe('Lexware fidelity', () => {
  it('answers a path no endpoint serves with the gateway’s 403, not a 404', async () => {
    const res = await api('/invoice/does-not-exist');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('not a valid key=value pair');
    // A known endpoint with an unknown id stays a 404 in the endpoint's own shape.
    expect((await api('/invoices/6e7a2b3c-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('has no call to change, finalise, pay or delete a sales voucher: the gateway’s 403, as for any method no endpoint serves', async () => {
    // "The status of an invoice cannot be changed via the api" (Invoices Endpoint, Create an Invoice; the same for
    // credit notes); the endpoints list only create, retrieve, file and deeplink, and the payments endpoint only GET.
    const body = { headers: { 'Content-Type': 'application/json' }, body: '{}' };
    const invoice = await json<{ id: string }>(
      await api('/invoices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: invoiceOf('2026-11-20T00:00:00.000+01:00'),
      }),
    );
    for (const [method, path] of [
      ['PUT', `/invoices/${invoice.id}`],
      ['DELETE', `/invoices/${invoice.id}`],
      ['POST', `/invoices/${invoice.id}/finalize`],
      ['PUT', `/credit-notes/${invoice.id}`],
      ['DELETE', `/credit-notes/${invoice.id}`],
      ['PUT', `/payments/${invoice.id}`],
      ['POST', `/payments/${invoice.id}`],
    ] as const) {
      const res = await api(path, { method, ...body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain('not a valid key=value pair');
    }
    expect((await api(`/invoices/${invoice.id}`)).status).toBe(200);
  });

  it('refuses a POST without Content-Type with 415, even without a body', async () => {
    expect((await api('/contacts', { method: 'POST' })).status).toBe(415);
    expect(
      (await api('/contacts', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status,
    ).toBe(415);
  });

  it('refuses a page beyond the 10,000-entry search window instead of answering an empty page', async () => {
    const res = await api('/voucherlist?voucherType=invoice&voucherStatus=any&page=40&size=250');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Maximum search window size exceeded');
    expect((await api('/voucherlist?voucherType=invoice&voucherStatus=any&page=39&size=250')).status).toBe(200);
  });

  it('filters the voucher list by voucher date, both days included, and refuses a date that is not yyyy-MM-dd', async () => {
    const made: Record<string, string> = {};
    for (const day of ['2025-02-28', '2025-03-01', '2025-03-31', '2025-04-01']) {
      const res = await api('/invoices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: invoiceOf(`${day}T23:30:00.000+01:00`),
      });
      made[(await json<{ id: string }>(res)).id] = day;
    }
    const march = await json<{ content: { id: string }[] }>(
      await api(
        '/voucherlist?voucherType=invoice&voucherStatus=any&voucherDateFrom=2025-03-01&voucherDateTo=2025-03-31',
      ),
    );
    expect(march.content.map((v) => made[v.id]).sort()).toEqual(['2025-03-01', '2025-03-31']);
    for (const bad of ['voucherDateTo=2025-03-31T23:59:59', 'voucherDateFrom=01.03.2025', 'voucherDateTo=2025-02-30']) {
      const res = await api(`/voucherlist?voucherType=invoice&voucherStatus=any&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('yyyy-MM-dd');
    }
  });

  it('sorts the voucher list only by the four documented properties, and refuses overdue combined with another status', async () => {
    for (const sort of ['createdDate,DESC', 'voucherNumber,ASC', 'updatedDate', 'voucherDate,desc']) {
      expect((await api(`/voucherlist?voucherType=invoice&voucherStatus=open&sort=${sort}`)).status).toBe(200);
    }
    for (const sort of ['totalAmount,DESC', 'createdDate,UP', 'createdDate,DESC,extra']) {
      expect((await api(`/voucherlist?voucherType=invoice&voucherStatus=open&sort=${sort}`)).status).toBe(400);
    }
    expect((await api('/voucherlist?voucherType=invoice&voucherStatus=overdue')).status).toBe(200);
    expect((await api('/voucherlist?voucherType=invoice&voucherStatus=overdue,paid')).status).toBe(400);
  });
});
