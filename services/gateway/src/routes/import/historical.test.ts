import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderWorker } from '@belegfluss/workflows';
import { importWorkflowId, orderWorkflowId } from '@belegfluss/workflows/api';
import { connectLexware, installFromSandbox, sandboxControl, startHarness, type Harness } from '../../testing/harness';
import { HISTORICAL_MESSAGES } from './historical';

let h: Harness;
let worker: Awaited<ReturnType<typeof createOrderWorker>>;
let running: Promise<void>;
const S = 'historie-a.myshopify.com'; // business plan, import bought
const FREE = 'historie-b.myshopify.com';
const UNPAID = 'historie-c.myshopify.com';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10);
let orderIds: number[] = [];

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  worker = await createOrderWorker(h.settings, h.temporal.nativeConnection);
  running = worker.worker.run();
  const scopes = ['read_orders', 'write_orders', 'read_all_orders'];
  await installFromSandbox(h, S, scopes);
  await connectLexware(h, S);
  await h.db('shops').where({ id: S }).update({ plan_id: 'business', credits_quota: 3000 });
  await h.db('purchases').insert({ shop_id: S, feature: 'orderImport', price: 379 });
  const old = await sandboxControl<{ order: { id: number } }[]>(h, `/shops/${S}/orders`, { createdAt: daysAgo(200), count: 7, paid: true });
  orderIds = old.map((o) => o.order.id);
  await sandboxControl(h, `/shops/${S}/orders`, { createdAt: daysAgo(400), paid: true }); // before the chosen day
  await installFromSandbox(h, FREE, scopes);
  await installFromSandbox(h, UNPAID, scopes);
  await h.db('shops').where({ id: UNPAID }).update({ plan_id: 'standard' });
}, 90_000);
afterAll(async () => {
  worker?.worker.shutdown();
  await running;
  await worker?.db.destroy();
  await h?.stop();
});

describe('POST /api/orders/import?date=', () => {
  it('refuses in German when the import is not bought, or on the free plan', async () => {
    const date = dayOf(daysAgo(300));
    expect(await h.call(FREE, 'POST', `/api/orders/import?date=${date}`)).toMatchObject({ status: 402, body: { message: HISTORICAL_MESSAGES.freePlan } });
    expect(await h.call(UNPAID, 'POST', `/api/orders/import?date=${date}`)).toMatchObject({ status: 402, body: { message: HISTORICAL_MESSAGES.notPurchased } });
    expect(await h.call(S, 'POST', '/api/orders/import?date=gestern')).toMatchObject({ status: 400, body: { field: 'date' } });
    expect(await h.call(S, 'POST', '/api/orders/import?date=2999-01-01')).toMatchObject({ status: 400, body: { message: 'Das Datum darf nicht in der Zukunft liegen' } });
    expect(await h.db('order_imports')).toEqual([]);
  });

  it('runs as its own workflow, pages through Admin GraphQL and hands every order to its workflow; progress is readable', async () => {
    const date = dayOf(daysAgo(300));
    const res = await h.call(S, 'POST', `/api/orders/import?date=${date}`);
    expect(res).toMatchObject({ status: 202, body: { id: date, workflowId: importWorkflowId(S, date), status: 'running' } });
    expect(await h.call(S, 'POST', `/api/orders/import?date=${date}`)).toMatchObject({ status: 409, body: { message: HISTORICAL_MESSAGES.running } });

    const result = await h.temporal.client.workflow.getHandle(importWorkflowId(S, date)).result();
    expect(result).toMatchObject({ affected: 7, pages: 2, done: true });
    expect(await h.call(S, 'GET', `/api/orders/import/${date}`)).toMatchObject({ status: 200, body: { id: date, status: 'completed', affected: 7, pages: 2 } });
    const stored = (await h.db('orders').where({ shop_id: S }).pluck('order_id')) as string[];
    expect(stored.map(Number).sort()).toEqual([...orderIds].sort());
    for (const id of orderIds) expect((await h.temporal.client.workflow.getHandle(orderWorkflowId(S, id)).describe()).status.name).not.toBe('FAILED');
    expect((await h.call(S, 'GET', '/api/orders/import/2020-01-01')).status).toBe(404);
    expect((await h.call(FREE, 'GET', `/api/orders/import/${date}`)).status).toBe(404);
  });
});
