import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, post, startTestSandbox, until } from '../test-support.js';
import { grossInvoice } from './lexware-fixtures.js';
import { verifyBody } from './signing.js';

let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let auth: Record<string, string>;
let failCallbacks = 0;
const apiPost = (path: string, body: unknown) => post(`${sb.urls.lexwareApi}${path}`, body, auth);
const api = (path: string) => fetch(`${sb.urls.lexwareApi}${path}`, { headers: auth });

beforeAll(async () => {
  app = await fakeApp((r) => (r.method === 'POST' && failCallbacks-- > 0 ? 503 : 200));
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const t = await json<{ access_token: string }>(await post(`${sb.urls.control}/control/lexware/tokens`, {}));
  auth = { Authorization: `Bearer ${t.access_token}` };
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('event subscriptions', () => {
  it('checks the callback with HEAD, refuses duplicates, and signs callbacks with RSA-SHA512', async () => {
    const url = `${app.url}/webhooks/lexoffice`;
    for (const eventType of ['invoice.status.changed', 'payment.changed', 'invoice.created']) {
      expect((await apiPost('/event-subscriptions', { eventType, callbackUrl: url })).status).toBe(201);
    }
    expect(app.received.some((r) => r.method === 'HEAD')).toBe(true);
    expect((await apiPost('/event-subscriptions', { eventType: 'payment.changed', callbackUrl: url })).status).toBe(
      409,
    );
    expect(
      (
        await apiPost('/event-subscriptions', {
          eventType: 'payment.changed',
          callbackUrl: 'http://127.0.0.1:1/nothing',
        })
      ).status,
    ).toBe(406);

    failCallbacks = 1;
    const { id } = await json<{ id: string }>(await apiPost('/invoices?finalize=true', grossInvoice()));
    const paid = await post(`${sb.urls.control}/control/lexware/invoices/${id}/pay`, {});
    expect((await json<{ voucherStatus: string }>(paid)).voucherStatus).toBe('paid');
    await until(() => app.received.filter((r) => r.method === 'POST').length >= 4);
    await sb.settled();

    const publicKey = await (await fetch(`${sb.urls.control}/control/lexware/public-key`)).text();
    const callbacks = app.received.filter((r) => r.method === 'POST');
    const types = callbacks.map((r) => (JSON.parse(r.body) as { eventType: string }).eventType);
    expect(types).toEqual(expect.arrayContaining(['invoice.created', 'payment.changed', 'invoice.status.changed']));
    for (const cb of callbacks) {
      expect(verifyBody(cb.body, String(cb.headers['x-lxo-signature']), publicKey)).toBe(true);
      expect(JSON.parse(cb.body)).toMatchObject({
        resourceId: id,
        organizationId: expect.any(String),
        eventDate: expect.any(String),
      });
    }
    const deliveries = await json<Array<{ attempts: Array<{ status: number }> }>>(
      await fetch(`${sb.urls.control}/control/lexware/events`),
    );
    expect(deliveries.some((d) => d.attempts.length === 2 && d.attempts[0]!.status === 503)).toBe(true);

    const payment = await json<{ openAmount: number; paymentStatus: string; paymentItems: unknown[] }>(
      await api(`/payments/${id}`),
    );
    expect(payment).toMatchObject({ openAmount: 0, paymentStatus: 'balanced' });
    expect(payment.paymentItems).toHaveLength(1);
  });
});

describe('credit notes, voucher list, hints and finance', () => {
  it('links a credit note to its invoice and lowers the open amount', async () => {
    const draft = await json<{ id: string }>(await apiPost('/invoices', grossInvoice()));
    const onDraft = await apiPost(`/credit-notes?finalize=true&precedingSalesVoucherId=${draft.id}`, {
      ...grossInvoice(),
      shippingConditions: undefined,
    });
    expect(onDraft.status).toBe(406);

    const inv = await json<{ id: string }>(await apiPost('/invoices?finalize=true', grossInvoice()));
    const credit = {
      ...grossInvoice(),
      shippingConditions: undefined,
      lineItems: [
        {
          type: 'custom',
          name: 'Rückgabe Kochbuch',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', grossAmount: 24, taxRatePercentage: 7 },
        },
      ],
    };
    const created = await apiPost(`/credit-notes?finalize=true&precedingSalesVoucherId=${inv.id}`, credit);
    expect(created.status).toBe(201);
    const creditId = (await json<{ id: string }>(created)).id;
    const cn = await json<{ voucherStatus: string; voucherNumber: string }>(await api(`/credit-notes/${creditId}`));
    expect(cn).toMatchObject({ voucherStatus: 'paidoff' });
    expect(cn.voucherNumber).toMatch(/^GS\d{4}$/);
    // Payments Endpoint: no payment information for a credit note related to an invoice.
    expect((await api(`/payments/${creditId}`)).status).toBe(406);
    const payment = await json<{ openAmount: number }>(await api(`/payments/${inv.id}`));
    expect(payment.openAmount).toBe(58.72);

    const list = await json<{
      content: Array<{ id: string; voucherType: string; openAmount: number }>;
      totalElements: number;
    }>(await api('/voucherlist?voucherType=invoice,creditnote&voucherStatus=open,paidoff&size=250'));
    expect(list.content.find((v) => v.id === inv.id)).toMatchObject({ voucherType: 'invoice', openAmount: 58.72 });
    expect((await api('/voucherlist?voucherType=invoice')).status).toBe(400);

    expect(
      (await apiPost('/transaction-assignment-hint', { voucherId: inv.id, externalReference: 'tx-1' })).status,
    ).toBe(201);
    expect(
      (await apiPost('/transaction-assignment-hint', { voucherId: inv.id, externalReference: 'tx-2' })).status,
    ).toBe(409);
  });

  it('stores bank transactions in batches of at most 25', async () => {
    const account = await json<{ financialAccountId: string }>(
      await apiPost('/finance/accounts', { type: 'PAYMENT_PROVIDER', name: 'PayPal', externalReference: 'paypal' }),
    );
    const found = await json<unknown[]>(await api('/finance/accounts?externalReference=paypal'));
    expect(found).toHaveLength(1);
    const tx = {
      valueDate: '2025-10-01',
      bookingDate: '2025-10-01',
      transactionDate: '2025-10-01',
      purpose: 'Bestellung #1001',
      amount: 82.72,
      financialAccountId: account.financialAccountId,
      externalReference: 'pp-1',
    };
    const created = await json<Array<{ financialTransactionId: string; lockVersion: number }>>(
      await apiPost('/finance/transactions', [tx]),
    );
    expect(created[0]!.lockVersion).toBe(0);
    expect(
      (
        await apiPost(
          '/finance/transactions',
          Array.from({ length: 26 }, () => tx),
        )
      ).status,
    ).toBe(406);
    const latest = await json<{ financialTransactionId: string }>(
      await api(`/finance/transactions/latest-transaction?financialAccountId=${account.financialAccountId}`),
    );
    expect(latest.financialTransactionId).toBe(created[0]!.financialTransactionId);
    expect((await json<unknown[]>(await api('/posting-categories'))).length).toBeGreaterThan(0);
    expect(await json<Array<{ default: boolean }>>(await api('/print-layouts'))).toContainEqual(
      expect.objectContaining({ default: true }),
    );
  });
});
