import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, workerEnv, type Stack } from './stack';
import { bankTransactionsTable, documentsTable, eventLogTable, webhookInboxTable } from '@belegfluss/db/testing';

/**
 * Bank transactions end to end: a paid order becomes a bank transaction with its
 * fee in the gateway's payment-provider account, and its invoice gets an assignment hint,
 * in the sandbox's Lexware; each switch stops its effect; duplicates and a killed worker
 * leave exactly one of each.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const shop = 'umsaetze.myshopify.com';
let stack: Stack;
let worker: ChildProcess;
const m = () => merchant(stack, shop);

/** A worker in its own process, so it can be killed with SIGKILL like a crashed host. */
function spawnWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', `${root}/services/workflows/src/worker.ts`], {
    cwd: root,
    env: workerEnv(stack.settings),
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  stack = await startStack({ worker: false });
  worker = spawnWorker();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await openAllFeatures(stack, shop);
}, 120_000);
afterAll(async () => {
  worker?.kill('SIGKILL');
  await stack?.stop();
});

const post = (path: string, body: unknown) =>
  m().json<unknown>(`${stack.sandbox.urls.control}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const knobs = (lexware: Record<string, unknown>) =>
  fetch(`${stack.sandbox.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lexware }),
  });
const setTransactions = (value: Record<string, unknown>) =>
  m().api('/api/preferences/transactions', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(value),
  });

/** What the sandbox's Lexware holds: the one organisation this shop connected to. */
function lexware() {
  const org = Object.values(stack.sandbox.state.lexware.organizations)[0]!;
  return {
    transactions: Object.values(org.transactions),
    hints: Object.values(org.hints),
    accounts: Object.values(org.financeAccounts),
  };
}

/** Shopify's id of the order's sale, the reference Lexware matches by. */
function paymentIdOf(orderId: number): string {
  const order = stack.sandbox.state.shops[shop]!.orders[String(orderId)]!;
  return String(order._transactions.find((t) => t.kind === 'sale')!.id);
}

async function paidOrder(gateway = 'shopify_payments') {
  const { order } = await m().createOrder({ scenario: 'de_b2c', gateway });
  await post(`/control/shops/${shop}/orders/${order.id}/pay`, { gateway });
  return order;
}

const invoiceOf = (orderId: number) =>
  eventually(
    async () =>
      await documentsTable.first(
        stack.db,
        { shopId: shop, orderId: String(orderId), type: 'invoice' },
        { notNull: ['lexwareId'] },
      ),
    60_000,
  );
const logOf = (orderId: number, event: string) =>
  eventually(
    async () => eventLogTable.first(stack.db, { shopId: shop, orderId: String(orderId), event }),
    // An order's invoice and payment take their turn at Lexware's 2 requests/s; a busy machine needs longer.
    150_000,
  );
const bookedRef = (ref: string) => lexware().transactions.filter((t) => t.externalReference === ref);

describe('bank transactions from paid orders', () => {
  it('books a Shopify Payments payment with its fee, and hints the invoice', async () => {
    await setTransactions({ transactionCreate: true, transactionFees: true, transactionHints: true });
    const order = await paidOrder();
    const ref = paymentIdOf(order.id);
    await logOf(order.id, 'transaction.hinted');
    const [tx] = bookedRef(ref);
    expect(bookedRef(ref)).toHaveLength(1);
    const total = Number(order.total_price);
    expect(tx).toMatchObject({
      amount: total,
      feeAmount: (Math.round(total * 100 * 0.015) + 25) / 100,
      feeTaxRatePercentage: 0,
      purpose: `Zahlung zu Bestellung ${order.name}`,
    });
    const account = lexware().accounts.find((a) => a.financialAccountId === tx!.financialAccountId);
    expect(account).toMatchObject({ type: 'PAYMENT_PROVIDER', externalReference: 'shopify:shopify_payments' });
    const invoice = await invoiceOf(order.id);
    expect(lexware().hints.filter((h) => h.voucherId === invoice.lexwareId)).toEqual([
      expect.objectContaining({ externalReference: ref }),
    ]);
    expect(invoice.hintedAt).not.toBeNull();
    const row = await bankTransactionsTable.one(stack.db, { shopId: shop, paymentId: ref });
    expect(row.lexwareId).toBe(tx!.financialTransactionId);
  }, 120_000);

  it('books nothing twice when the order comes again: a redelivered webhook and a newer snapshot', async () => {
    const order = await paidOrder();
    const ref = paymentIdOf(order.id);
    await logOf(order.id, 'transaction.hinted');
    const deliveries = await m().json<{ webhookId: string; topic: string }[]>(
      `${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/webhooks`,
    );
    const paid = deliveries.find((d) => d.topic === 'orders/paid')!;
    await post(`/control/shops/${shop}/webhooks/${paid.webhookId}/redeliver`, {});
    // Fulfilling sends a newer snapshot, so the workflow asks the activity again; its
    // deliveries are settled only after the payments step has run.
    const { deliveries: fulfilled } = (await post(`/control/shops/${shop}/orders/${order.id}/fulfil`, {})) as {
      deliveries: { webhookId: string }[];
    };
    const ids = [paid.webhookId, ...fulfilled.map((d) => d.webhookId)];
    await eventually(async () => {
      const rows = await webhookInboxTable.list(
        stack.db,
        {},
        { in: { webhookId: ids, status: ['successful', 'skipped'] } },
      );
      return rows.length === ids.length;
    }, 60_000);
    expect(bookedRef(ref)).toHaveLength(1);
    const invoice = await invoiceOf(order.id);
    expect(lexware().hints.filter((h) => h.voucherId === invoice.lexwareId)).toHaveLength(1);
    expect(
      await eventLogTable.list(stack.db, { shopId: shop, orderId: String(order.id), event: 'transaction.created' }),
    ).toHaveLength(1);
  }, 120_000);

  it('a worker killed after Lexware booked the payment leaves one transaction, found again by the next worker', async () => {
    await knobs({ latencyAfterWriteMs: 4000 });
    const order = await paidOrder();
    const ref = paymentIdOf(order.id);
    await eventually(async () => bookedRef(ref).length === 1, 90_000);
    worker.kill('SIGKILL');
    await knobs({ latencyAfterWriteMs: 0 });
    worker = spawnWorker();
    const row = await eventually(
      async () =>
        await bankTransactionsTable.first(stack.db, { shopId: shop, paymentId: ref }, { notNull: ['lexwareId'] }),
      120_000,
    );
    await logOf(order.id, 'transaction.hinted');
    expect(bookedRef(ref)).toHaveLength(1);
    expect(row.lexwareId).toBe(bookedRef(ref)[0]!.financialTransactionId);
    expect(
      await eventLogTable.list(
        stack.db,
        { shopId: shop, event: 'transaction.matched' },
        { json: { body: { payment: ref } } },
      ),
    ).toHaveLength(1);
  }, 240_000);

  it('without fees, the transaction carries no fee', async () => {
    await setTransactions({ transactionFees: false });
    const order = await paidOrder();
    await logOf(order.id, 'transaction.hinted');
    const [tx] = bookedRef(paymentIdOf(order.id));
    expect(tx).toBeDefined();
    expect(tx).not.toHaveProperty('feeAmount');
  }, 120_000);

  it('without hints, the invoice gets none', async () => {
    await setTransactions({ transactionHints: false });
    const order = await paidOrder();
    await logOf(order.id, 'transaction.created');
    const invoice = await invoiceOf(order.id);
    expect(lexware().hints.filter((h) => h.voucherId === invoice.lexwareId)).toEqual([]);
    expect(invoice.hintedAt).toBeNull();
  }, 120_000);

  it('a gateway switched off, and PayPal, book nothing', async () => {
    await setTransactions({ transactionHints: true, transactionGateway: { shopify_payments: false } });
    const off = await paidOrder();
    expect((await logOf(off.id, 'transaction.skipped')).body).toMatchObject({ reason: 'DISABLED_GATEWAY' });
    expect(bookedRef(paymentIdOf(off.id))).toEqual([]);
    const paypal = await paidOrder('paypal');
    expect((await logOf(paypal.id, 'transaction.skipped')).body).toMatchObject({ reason: 'DISABLED_GATEWAY' });
    expect(bookedRef(paymentIdOf(paypal.id))).toEqual([]);
  }, 360_000);

  it('with transactions off, nothing is booked or hinted; invoices off forces transactions off', async () => {
    await setTransactions({ transactionGateway: { shopify_payments: true }, transactionCreate: false });
    const order = await paidOrder();
    expect((await logOf(order.id, 'transaction.skipped')).body).toMatchObject({
      reason: 'DISABLED_TRANSACTION_CREATE',
    });
    expect(bookedRef(paymentIdOf(order.id))).toEqual([]);
    const invoice = await invoiceOf(order.id);
    expect(lexware().hints.filter((h) => h.voucherId === invoice.lexwareId)).toEqual([]);

    await setTransactions({ transactionCreate: true, transactionHints: true });
    const saved = await m().api<{ forced: string[] }>('/api/preferences', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoiceCreate: false }),
    });
    expect(saved.forced).toEqual(expect.arrayContaining(['transactionCreate', 'transactionHints']));
    const view = await m().api<{ value: { transactionCreate: boolean; transactionHints: boolean } }>(
      '/api/preferences/transactions',
    );
    expect(view.value).toMatchObject({ transactionCreate: false, transactionHints: false });
  }, 120_000);
});
