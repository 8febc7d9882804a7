import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, merchant } from './merchant';
import { spawnWorker, startStack, type Stack } from './stack';
import { invoiceByHand } from './lexware-by-hand';
import {
  documentsTable,
  lexwareConnectionsTable,
  ordersTable,
  transferLedgerTable,
  wizardImportsTable,
} from '@belegfluss/db/testing';

/**
 * The connect wizard's import at the size of a busy shop (the wizard's import and linking steps): 2,000 orders in
 * the last 60 days and 300 documents already in Lexware, 250 of which name an order. The wizard
 * imports every order and links exactly those 250, while the gateway only starts the workflow
 * and answers from its query (each answer's time is printed; bench measures, tests don't).
 * The worker is killed while documents are being linked; the run resumes and does nothing twice.
 */
let stack: Stack;
const shop = 'grosser-laden.myshopify.com';
const m = () => merchant(stack, shop);
const ORDER_DAYS = 40;
const ORDERS_PER_DAY = 50;
const NAMED = 250;
const UNNAMED = 50;
const names: string[] = [];
const latencies: number[] = [];
const workers: ChildProcess[] = [];

const knobs = (lexware: Record<string, unknown>) =>
  fetch(`${stack.sandbox.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lexware }),
  });

/** A call as the shell makes it, timed. */
async function timed<T>(path: string, method: 'GET' | 'POST'): Promise<T> {
  const token = await m().token();
  const started = performance.now();
  const res = await fetch(`${stack.gatewayUrl}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  latencies.push(performance.now() - started);
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  stack = await startStack({ worker: false });
  workers.push(spawnWorker(stack.settings));
  await m().createShop();
  // The orders exist before the app is installed, as in a shop that has been selling for a while.
  const days = await Promise.all(
    Array.from({ length: ORDER_DAYS }, (_, i) => i + 1).map((d) =>
      m().json<{ order: { name: string } }[]>(`${stack.sandbox.urls.control}/control/shops/${shop}/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          scenario: 'de_b2c',
          createdAt: new Date(Date.now() - d * 86_400_000).toISOString(),
          count: ORDERS_PER_DAY,
          paid: true,
        }),
      }),
    ),
  );
  for (const created of days) names.push(...created.map((c) => c.order.name));
  await m().install();
  await m().connectLexware();
  // The merchant's earlier documents, written straight into the organisation (unthrottled while we set up).
  const { organizationId: organizationId } = await lexwareConnectionsTable.one(stack.db, { shopId: shop });
  const tokens = await m().json<{ access_token: string }>(`${stack.sandbox.urls.control}/control/lexware/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ organizationId }),
  });
  await knobs({ rateLimitPerSecond: 0 });
  // Ten at a time: setting up is not what the test measures.
  const writeVoucher = async (i: number) => {
    const remark = i < NAMED ? `Vielen Dank für deine Bestellung ${names[i * 7]}` : `Ladenverkauf ${i}`;
    await invoiceByHand(stack, tokens.access_token, {
      voucherDate: new Date(Date.now() - 5 * 86_400_000).toISOString().replace('Z', '+00:00'),
      remark,
    });
  };
  for (let i = 0; i < NAMED + UNNAMED; i += 10)
    await Promise.all(Array.from({ length: 10 }, (_, k) => writeVoucher(i + k)));
  await knobs({ rateLimitPerSecond: 2 });
}, 300_000);
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await stack?.stop();
});

/** Each phase may take minutes on a busy machine; the test's own limit is 600 s. */
const POLL_TIMEOUT = 280_000;

describe('the wizard import of a large shop', () => {
  it('imports all 2,000 orders and links exactly the 250 documents that name one', async () => {
    const started = await timed<{ affected: number; continue: boolean }>('/api/orders/import', 'POST');
    // The gateway answered before the work was done: it runs in the workflow.
    expect(started.continue).toBe(true);
    let orders = started;
    // Polled as the shell polls: until the workflow's query says the orders are in.
    await vi.waitUntil(async () => !(orders = await timed('/api/orders/import/wizard', 'GET')).continue, {
      timeout: POLL_TIMEOUT,
      interval: 1000,
    });
    expect(orders).toEqual({ affected: ORDER_DAYS * ORDERS_PER_DAY, continue: false, status: 'completed' });
    expect(await ordersTable.count(stack.db, { shopId: shop })).toBe(ORDER_DAYS * ORDERS_PER_DAY);

    let documents!: { continue: boolean; progress: number; found: number; assigned: number };
    const progress: number[] = [];
    await vi.waitUntil(
      async () => {
        documents = await timed('/api/lexoffice/import', 'POST');
        progress.push(documents.progress);
        // A crashed worker host halfway through the documents; a new one takes over.
        if (workers.length === 1 && documents.assigned >= 60) {
          workers[0]!.kill('SIGKILL');
          workers.push(spawnWorker(stack.settings));
        }
        return !documents.continue;
      },
      { timeout: POLL_TIMEOUT, interval: 1000 },
    );
    expect(workers).toHaveLength(2);
    expect(documents).toMatchObject({ progress: 100, found: NAMED + UNNAMED, assigned: NAMED });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const linked = await documentsTable.select(stack.db, ['orderName', 'lexwareId'], { shopId: shop });
    expect(new Set(linked.map((d) => d.lexwareId)).size).toBe(NAMED);
    expect(linked.map((d) => d.orderName).sort()).toEqual(Array.from({ length: NAMED }, (_, i) => names[i * 7]).sort());
    // Nothing was charged: linking is not a transfer.
    expect(await transferLedgerTable.list(stack.db, { shopId: shop, reason: 'document' })).toEqual([]);
    await eventually(
      async () => (await wizardImportsTable.list(stack.db, { shopId: shop, status: 'completed' })).length === 1,
    );
    // The wizard's last step: every paid order without a linked document will be invoiced on activation.
    const counted = performance.now();
    const due = await timed<{ orders: number }>('/api/orders/import/wizard/invoices', 'GET');
    const countMs = Math.round(performance.now() - counted);
    expect(due).toEqual({ orders: ORDER_DAYS * ORDERS_PER_DAY - NAMED });
    console.log(`wizard import: the last step's count of ${due.orders} orders took ${countMs} ms`);
    console.log(
      `wizard import: ${latencies.length} gateway answers, slowest ${Math.round(Math.max(...latencies))} ms, median ${Math.round([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!)} ms`,
    );
  }, 600_000);
});
