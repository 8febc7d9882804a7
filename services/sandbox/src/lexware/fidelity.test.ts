import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, post, startTestSandbox } from '../test-support.js';

/** Places where the stand-in follows the Lexware API documentation even where being kinder would be easier. */
let sb: RunningSandbox;
let token: string;
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sb.urls.lexwareApi}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const org = await json<{ id: string }>(await post(`${sb.urls.control}/control/lexware/organizations`, { companyName: 'Treue Test GmbH' }));
  token = (await json<{ access_token: string }>(await post(`${sb.urls.control}/control/lexware/tokens`, { organizationId: org.id }))).access_token;
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

  it('refuses a POST without Content-Type with 415, even without a body', async () => {
    expect((await api('/contacts', { method: 'POST' })).status).toBe(415);
    expect((await api('/contacts', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
  });

  it('refuses a page beyond the 10,000-entry search window instead of answering an empty page', async () => {
    const res = await api('/voucherlist?voucherType=invoice&voucherStatus=any&page=40&size=250');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Maximum search window size exceeded');
    expect((await api('/voucherlist?voucherType=invoice&voucherStatus=any&page=39&size=250')).status).toBe(200);
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
