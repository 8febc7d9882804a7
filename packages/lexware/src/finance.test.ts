import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { buildBankTransaction, buildContactDraft, buildInvoiceDraft, ShopifyOrderSchema } from '@belegfluss/shared';
import { createLexwareClient, LexwareError, type LexwareClient } from './index';

// Contract tests of the finance calls and the assignment hint, against the sandbox over real HTTP.
let sandbox: RunningSandbox;
let api: LexwareClient;

beforeAll(async () => {
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
  });
  const res = await fetch(`${sandbox.urls.control}/control/lexware/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  const tokens = (await res.json()) as { access_token: string };
  let spacing = Promise.resolve();
  api = createLexwareClient({
    baseUrl: sandbox.urls.lexwareApi,
    accessToken: async () => tokens.access_token,
    throttle: () => (spacing = spacing.then(() => new Promise((r) => setTimeout(r, 520)))),
  });
});
afterAll(async () => {
  await sandbox?.stop();
});

const payment = (id: number, amount: string) => ({
  id: `gid://shopify/OrderTransaction/${id}`,
  kind: 'SALE',
  status: 'SUCCESS',
  gateway: 'shopify_payments',
  amountSet: { shopMoney: { amount, currencyCode: 'EUR' } },
  processedAt: '2026-11-21T10:05:00Z',
  createdAt: '2026-11-21T10:05:00Z',
  fees: [{ amount: { amount: '0.70', currencyCode: 'EUR' }, taxAmount: { amount: '0.00' } }],
});

describe('finance API against the sandbox', () => {
  let accountId: string;

  it('creates a payment-provider account and finds it by its external reference', async () => {
    expect(await api.financeAccounts({ externalReference: 'shopify:shopify_payments' })).toEqual([]);
    const account = await api.createFinanceAccount({
      type: 'PAYMENT_PROVIDER',
      name: 'Shopify Payments',
      externalReference: 'shopify:shopify_payments',
    });
    accountId = account.financialAccountId;
    const found = await api.financeAccounts({ externalReference: 'shopify:shopify_payments' });
    expect(found.map((a) => a.financialAccountId)).toEqual([accountId]);
    expect(found[0]).toMatchObject({ type: 'PAYMENT_PROVIDER', lockVersion: 0 });
  });

  it('has no latest transaction on a new account, then books transactions with their fee and reads them back', async () => {
    expect(await api.latestBankTransaction(accountId)).toBeNull();
    const order = { name: '#1001', customerName: 'Erika Muster' };
    const first = buildBankTransaction(payment(1, '30.00'), order, {
      financialAccountId: accountId,
      fees: true,
      today: '2026-11-22',
    });
    const second = buildBankTransaction(payment(2, '23.80'), order, {
      financialAccountId: accountId,
      fees: false,
      today: '2026-11-22',
    });
    const created = await api.createBankTransactions([first, second]);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({ externalReference: '1', amount: 30, feeAmount: 0.7, lockVersion: 0 });
    const read = await api.bankTransaction(created[1]!.financialTransactionId);
    expect(read).toMatchObject({ externalReference: '2', amount: 23.8, financialAccountId: accountId });
    expect(read.feeAmount).toBeUndefined();
    // The newest booking is the last one sent: how a retry finds what a crashed attempt booked.
    expect((await api.latestBankTransaction(accountId))?.financialTransactionId).toBe(
      created[1]!.financialTransactionId,
    );
  });

  it('refuses a transaction without its dates, and more than 25 per call', async () => {
    const bad = { purpose: 'x', amount: 1, financialAccountId: accountId, externalReference: 'x' } as never;
    const error = (await api.createBankTransactions([bad]).catch((e: unknown) => e)) as LexwareError;
    expect(error).toBeInstanceOf(LexwareError);
    expect(error.status).toBe(406);
    expect(error.message).toMatch(/transactionDate/);
    expect(() => api.createBankTransactions(Array.from({ length: 26 }, () => bad))).toThrow(RangeError);
  });

  it('sets one assignment hint per invoice; a second answers 409', async () => {
    const order = ShopifyOrderSchema.parse({
      id: 8,
      name: '#1008',
      created_at: '2026-11-20T10:00:00Z',
      currency: 'EUR',
      total_price: '11.90',
      taxes_included: true,
      email: 'max@example.de',
      customer: { id: 1, email: 'max@example.de', first_name: 'Max', last_name: 'Muster' },
      billing_address: {
        first_name: 'Max',
        last_name: 'Muster',
        address1: 'Hauptstr. 1',
        zip: '10115',
        city: 'Berlin',
        country_code: 'DE',
      },
      line_items: [{ id: 1, title: 'Tasse', quantity: 1, price: '11.90', tax_lines: [{ rate: 0.19, price: '1.90' }] }],
    });
    const contact = await api.createContact(buildContactDraft(order));
    const invoice = await api.createInvoice(buildInvoiceDraft(order, contact.id), true);
    expect(await api.createAssignmentHint({ voucherId: invoice.id, externalReference: '1' })).toMatchObject({
      voucherId: invoice.id,
      externalReference: '1',
    });
    const again = (await api
      .createAssignmentHint({ voucherId: invoice.id, externalReference: '1' })
      .catch((e: unknown) => e)) as LexwareError;
    expect(again).toBeInstanceOf(LexwareError);
    expect(again.status).toBe(409);
  });
});
