import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { startStack, workerEnv, type Stack } from './stack';
import { documentsTable, eventLogTable, shopsTable, transferLedgerTable } from '@belegfluss/db/testing';

const root = fileURLToPath(new URL('../..', import.meta.url));
let stack: Stack;
const workers: ChildProcess[] = [];

/** A worker in its own process, so it can be killed with SIGKILL like a crashed host. */
function spawnWorker(): ChildProcess {
  // One process (node --import tsx), so SIGKILL hits the worker itself and not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}/services/workflows/src/worker.ts`], {
    cwd: root,
    env: workerEnv(stack.settings),
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

const shop = 'durable.myshopify.com';
const m = () => merchant(stack, shop);
let current: ChildProcess;

beforeAll(async () => {
  stack = await startStack({ worker: false });
  current = spawnWorker();
  await m().createShop();
  await m().install();
  await m().connectLexware();
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await stack?.stop();
});

const knobs = (lexware: Record<string, unknown>) =>
  fetch(`${stack.sandbox.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lexware }),
  });
const sandboxInvoices = async () =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/invoices`)).json()) as {
    id: string;
    remark?: string;
  }[];

describe('exactly one invoice, whatever breaks', () => {
  it('a worker killed after Lexware accepted the invoice leaves no duplicate', async () => {
    // Lexware performs each write, then takes 4 s to answer: the window in which we die.
    await knobs({ latencyAfterWriteMs: 4000 });
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    await eventually(async () => (await sandboxInvoices()).length === 1, 60_000);
    current.kill('SIGKILL');
    await knobs({ latencyAfterWriteMs: 0 });

    current = spawnWorker();
    const doc = await eventually(
      async () => await documentsTable.first(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] }),
      90_000,
    );
    const invoices = await sandboxInvoices();
    expect(invoices).toHaveLength(1);
    expect(doc.lexwareId).toBe(invoices[0]?.id);
    const log = await eventually(async () => {
      const rows = await eventLogTable.list(
        stack.db,
        { shopId: shop },
        { in: { event: ['invoice.created', 'invoice.matched'] } },
      );
      return rows.length > 0 && rows;
    });
    // The second worker found the invoice the first one had created, instead of making another.
    expect(log.map((l) => l.event)).toEqual(['invoice.matched']);
    expect(await transferLedgerTable.list(stack.db, { shopId: shop })).toHaveLength(1);
  }, 180_000);

  it('survives random 429, 500 and 504 answers (504s that performed the write), still with one invoice per order', async () => {
    await knobs({ rate429: 0.1, rate500: 0.05, rate504: 0.15, write504: true });
    const orders: { id: number; name: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const { order } = await m().createOrder({ scenario: 'de_b2c' });
      await m().payOrder(order.id);
      orders.push(order);
    }
    await eventually(async () => {
      const done = await documentsTable.list(
        stack.db,
        { shopId: shop, type: 'invoice' },
        { in: { orderId: orders.map((o) => String(o.id)) }, notNull: ['lexwareId'] },
      );
      return done.length === orders.length;
    }, 180_000);
    await knobs({ rate429: 0, rate500: 0, rate504: 0 });
    const invoices = await sandboxInvoices();
    for (const order of orders)
      expect(invoices.filter((i) => i.remark?.includes(`Bestellung ${order.name}`))).toHaveLength(1);
  }, 240_000);

  it('stops creating documents when the transfers run out, and says so', async () => {
    const shopRow = await shopsTable.one(stack.db, { id: shop });
    const used = (await transferLedgerTable.list(stack.db, { shopId: shop, reason: 'document' })).length;
    await shopsTable.update(stack.db, { id: shop }, { transfersQuota: used + 1 });
    const before = (await sandboxInvoices()).length;
    const a = (await m().createOrder({ scenario: 'de_b2c' })).order;
    await m().payOrder(a.id);
    await eventually(async () =>
      documentsTable.first(stack.db, { shopId: shop, orderId: String(a.id) }, { notNull: ['lexwareId'] }),
    );
    const b = (await m().createOrder({ scenario: 'de_b2c' })).order;
    await m().payOrder(b.id);
    const refusal = await eventually(async () =>
      eventLogTable.first(
        stack.db,
        { shopId: shop, orderId: String(b.id), event: 'invoice.skipped' },
        { json: { body: { reason: 'NO_CREDITS' } } },
      ),
    );
    expect(refusal.status).toBe('critical');
    expect((await sandboxInvoices()).length).toBe(before + 1);
    expect((await shopsTable.one(stack.db, { id: shop })).transfersExhaustedAt).not.toBeNull();
    const view = await m().api<{ plan: { credits: { used: number; quota: number } } }>('/api/shop');
    expect(view.plan.credits).toMatchObject({ used: used + 1, quota: used + 1 });
    await shopsTable.update(stack.db, { id: shop }, { transfersQuota: shopRow.transfersQuota });
  }, 120_000);
});
