import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { germanDay, germanDayBounds } from '@belegfluss/shared';
import { eventually, merchant } from './merchant';
import { spawnWorker, startStack, type Stack } from './stack';
import { documentsTable, ordersTable, transferLedgerTable } from '@belegfluss/db/testing';

/**
 * The paid historical import as a merchant meets it (spec 1 §9, spec 2), against the Temporal
 * dev server and the sandbox: three backdated days with 40 orders, the Standard plan and the
 * import bought through the sandbox's billing pages, two days imported while the worker is
 * killed once. Exactly those days' invoices exist, with their totals and transfers charged.
 */
let stack: Stack;
const shop = 'alte-bestellungen.myshopify.com';
const m = () => merchant(stack, shop);
const workers: ChildProcess[] = [];
const day = (n: number) => germanDay(new Date(Date.now() - n * 86_400_000).toISOString());
const DAYS = [day(12), day(11), day(10)];
const COUNTS = [14, 13, 13];
type Order = { id: number; name: string; total_price: string };
const orders: Order[][] = [[], [], []];

const post = (path: string) => m().api<Record<string, unknown>>(path, { method: 'POST' });
const call = async (path: string, method = 'GET') => {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await m().token()}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const sandboxInvoices = async () =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/invoices`)).json()) as {
    id: string;
    remark?: string;
    totalPrice: { totalGrossAmount: number };
  }[];

/** Approves a charge on the sandbox's billing page, then follows Shopify's redirect back to the gateway. */
async function approve(confirmationUrl: string): Promise<void> {
  const page = await fetch(confirmationUrl);
  expect(await page.text()).toContain('Genehmigen');
  const decided = await fetch(confirmationUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
  });
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(302);
}

beforeAll(async () => {
  stack = await startStack({ worker: false });
  workers.push(spawnWorker(stack.settings));
  await m().json(`${stack.sandbox.urls.control}/control/shops`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shop, createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString() }),
  });
  await m().install();
  await m().connectLexware();
  await Promise.all(
    DAYS.map(async (d, i) => {
      const { from } = germanDayBounds(d);
      // Spread over the day, from just after midnight to late evening (German time); all at once, setting up is not what is proven.
      orders[i] = await Promise.all(
        Array.from({ length: COUNTS[i]! }, async (_, n) => {
          const createdAt = new Date(Date.parse(from) + (5 + n * 100) * 60_000).toISOString();
          return (await m().createOrder({ scenario: n % 3 === 0 ? 'multi_rate' : 'de_b2c', createdAt, paid: true }))
            .order;
        }),
      );
    }),
  );
}, 180_000);
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await stack?.stop();
});

describe('the historical import, one day at a time', () => {
  it('is bought through the billing pages on the Standard plan', async () => {
    const plan = await m().api<{ confirmationUrl: string }>('/api/plan', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'standard', annual: false }),
    });
    await approve(plan.confirmationUrl);
    await eventually(async () => (await m().api<{ plan: { id: string } }>('/api/shop')).plan.id === 'standard');
    const purchase = await m().api<{ confirmationUrl: string; purchase: { price: number } }>(
      '/api/plan/purchase/orderImport',
      { method: 'POST' },
    );
    expect(purchase.purchase.price).toBe(129);
    await approve(purchase.confirmationUrl);
    const view = await m().api<{ plan: { purchase: string[]; credits: { quota: number } } }>('/api/shop');
    expect(view.plan.purchase).toContain('orderImport');
    expect(view.plan.credits.quota).toBe(300 * 5);
  });

  it('imports two of the days: exactly their invoices, with the right totals and transfers, though the worker dies on the way', async () => {
    const dialog = await m().api<{ first: string; last: string; days: unknown[] }>('/api/orders/import/days');
    expect(dialog.first <= DAYS[0]!).toBe(true);
    expect(dialog.days).toEqual([]);
    await post(`/api/orders/import?date=${DAYS[0]}`);
    await post(`/api/orders/import?date=${DAYS[1]}`);
    expect(await call(`/api/orders/import?date=${DAYS[0]}`, 'POST')).toMatchObject({ status: 409 });

    // Kill the worker while invoices are being made, then start a new one.
    await eventually(async () => (await sandboxInvoices()).length >= 3, 120_000);
    workers[0]!.kill('SIGKILL');
    workers.push(spawnWorker(stack.settings));

    const wanted = [...orders[0]!, ...orders[1]!];
    const docs = await eventually(async () => {
      const rows = await documentsTable.list(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] });
      return rows.length >= wanted.length && rows;
    }, 300_000);
    expect(docs.map((d) => Number(d.orderId)).sort()).toEqual(wanted.map((o) => o.id).sort());

    // In Lexware: one invoice per order of the two days, none for the third, each with its order's total.
    const invoices = await sandboxInvoices();
    expect(invoices).toHaveLength(wanted.length);
    for (const order of wanted) {
      const mine = invoices.filter((i) => i.remark?.includes(`Bestellung ${order.name}`));
      expect(mine, order.name).toHaveLength(1);
      expect(mine[0]!.totalPrice.totalGrossAmount).toBe(Number(order.total_price));
    }
    expect(await transferLedgerTable.list(stack.db, { shopId: shop, reason: 'document' })).toHaveLength(wanted.length);
    expect((await m().api<{ plan: { credits: { used: number } } }>('/api/shop')).plan.credits.used).toBe(wanted.length);

    // The third day is untouched: not read, no documents.
    const third = orders[2]!.map((o) => String(o.id));
    expect(await ordersTable.list(stack.db, { shopId: shop }, { in: { orderId: third } })).toEqual([]);
    expect(await documentsTable.list(stack.db, { shopId: shop }, { in: { orderId: third } })).toEqual([]);

    const after = await m().api<{ days: { day: string; status: string; orders: number; invoices: number }[] }>(
      '/api/orders/import/days',
    );
    expect(after.days).toEqual([
      { day: DAYS[0], status: 'completed', orders: COUNTS[0], invoices: COUNTS[0], stoppedOnPlan: null },
      { day: DAYS[1], status: 'completed', orders: COUNTS[1], invoices: COUNTS[1], stoppedOnPlan: null },
    ]);
    expect(await call(`/api/orders/import?date=${DAYS[1]}`, 'POST')).toMatchObject({ status: 409 });
    expect((await sandboxInvoices()).length).toBe(wanted.length);
  }, 420_000);
});
