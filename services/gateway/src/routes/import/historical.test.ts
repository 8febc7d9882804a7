import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, germanDay, germanDayBounds } from '@belegfluss/shared';
import { claimOrderImport } from '@belegfluss/db';
import { backgroundTaskQueue, importWorkflowId } from '@belegfluss/orchestration/api';
import {
  connectLexware,
  installFromSandbox,
  sandboxControl,
  startHarness,
  startWorker,
  until,
  buyOrderImport,
  type Harness,
} from '../../../test/harness';
import { HISTORICAL_MESSAGES } from './historical';
import { documentsTable, eventLogTable, orderImportsTable, ordersTable, shopsTable } from '@belegfluss/db/testing';

/**
 * The paid historical import, one German calendar day per workflow: each
 * order of that day gets its invoice under the shop's settings as a historical order (no
 * TOO_OLD, no SKIP_DATE) and a credit note per refund, charged against the plan's quota times
 * five; other days stay untouched.
 */
let h: Harness;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let lexware: Awaited<ReturnType<typeof connectLexware>>;
const S = 'historie-a.myshopify.com'; // standard plan, import bought
const FREE = 'historie-b.myshopify.com';
const UNPAID = 'historie-c.myshopify.com';
/** The German calendar day `n` days before today. */
const dayAgo = (n: number) => daysBefore(germanDay(new Date().toISOString()), n);
const DAY = dayAgo(200);
const OTHER = dayAgo(201);
const DOWNGRADED = dayAgo(205);
type Created = { order: { id: number; name: string; total_price: string } };
const dayOrders: Created['order'][] = [];

async function lexwareInvoices(): Promise<{ id: string; totalAmount: number; voucherNumber: string }[]> {
  const res = await fetch(
    `${h.sandbox!.urls.lexwareApi}/voucherlist?voucherType=invoice&voucherStatus=open,paid,draft&size=250`,
    { headers: { Authorization: `Bearer ${lexware.access_token}`, Accept: 'application/json' } },
  );
  return ((await res.json()) as { content: { id: string; totalAmount: number; voucherNumber: string }[] }).content;
}

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  worker = await startWorker(h);
  const scopes = ['read_orders', 'write_orders', 'read_all_orders'];
  await installFromSandbox(h, S, scopes);
  lexware = await connectLexware(h, S);
  await buyOrderImport(h, S);
  // Morning, noon and late evening of the day (German time), and the evening before, which belongs to the other day.
  const at = (day: string, minutes: number) =>
    new Date(Date.parse(germanDayBounds(day).from) + minutes * 60_000).toISOString();
  for (const minutes of [5, 12 * 60, 23 * 60 + 50]) {
    const made = await sandboxControl<Created[] | Created>(h, `/shops/${S}/orders`, {
      createdAt: at(DAY, minutes),
      count: minutes === 720 ? 2 : 1,
      paid: true,
    });
    dayOrders.push(...[made].flat().map((m) => m.order));
  }
  // A partly refunded order of the day: its refund becomes a credit note too.
  dayOrders.push(
    (
      await sandboxControl<Created>(h, `/shops/${S}/orders`, {
        scenario: 'refund_partial',
        createdAt: at(DAY, 15 * 60),
      })
    ).order,
  );
  await sandboxControl(h, `/shops/${S}/orders`, { createdAt: at(OTHER, 23 * 60 + 40), count: 2, paid: true });
  await sandboxControl(h, `/shops/${S}/orders`, { createdAt: at(DOWNGRADED, 10 * 60), count: 3, paid: true });
  await installFromSandbox(h, FREE, scopes);
  await installFromSandbox(h, UNPAID, scopes);
  await shopsTable.update(h.db, { id: UNPAID }, { planId: 'standard' });
}, 90_000);
afterAll(async () => (worker ? worker.stop() : h?.stop()));

describe('POST /api/orders/import?date=', () => {
  it('refuses in German when the import is not bought, on the free plan, or outside the store days', async () => {
    expect(await h.call(FREE, 'POST', `/api/orders/import?date=${DAY}`)).toMatchObject({
      status: 402,
      body: { message: HISTORICAL_MESSAGES.freePlan },
    });
    expect(await h.call(UNPAID, 'POST', `/api/orders/import?date=${DAY}`)).toMatchObject({
      status: 402,
      body: { message: HISTORICAL_MESSAGES.notPurchased },
    });
    expect(await h.call(S, 'POST', '/api/orders/import?date=gestern')).toMatchObject({
      status: 400,
      body: { field: 'date' },
    });
    expect(await h.call(S, 'POST', '/api/orders/import?date=2999-01-01')).toMatchObject({
      status: 400,
      body: { message: 'Das Datum darf nicht in der Zukunft liegen' },
    });
    expect(await h.call(S, 'POST', `/api/orders/import?date=${dayAgo(400)}`)).toMatchObject({
      status: 400,
      body: { message: HISTORICAL_MESSAGES.outOfRange },
    });
    expect(await orderImportsTable.list(h.db)).toEqual([]);
  });

  it('imports exactly that day: every order gets its invoice, with its total and a transfer charged', async () => {
    const res = await h.call(S, 'POST', `/api/orders/import?date=${DAY}`);
    expect(res).toMatchObject({
      status: 202,
      body: { id: DAY, workflowId: importWorkflowId(S, DAY), status: 'running' },
    });
    expect(await h.call(S, 'POST', `/api/orders/import?date=${DAY}`)).toMatchObject({
      status: 409,
      body: { message: HISTORICAL_MESSAGES.running },
    });

    const result = await h.temporal.client.workflow.getHandle(importWorkflowId(S, DAY)).result();
    expect(result).toMatchObject({ affected: 5, done: true });
    const docs = await until(
      () => documentsTable.list(h.db, { shopId: S, type: 'invoice' }, { notNull: ['lexwareId'] }),
      (rows) => rows.length >= 5,
    );
    expect(docs.map((d) => Number(d.orderId)).sort()).toEqual(dayOrders.map((o) => o.id).sort());
    const invoices = await lexwareInvoices();
    expect(invoices.map((i) => i.id).sort()).toEqual(docs.map((d) => d.lexwareId).sort());
    expect(invoices.map((i) => i.totalAmount).sort()).toEqual(dayOrders.map((o) => Number(o.total_price)).sort());
    const refunded = dayOrders.at(-1)!;
    const credit = await until(
      async () =>
        (await documentsTable.first(
          h.db,
          { shopId: S, type: 'credit', orderId: String(refunded.id) },
          { notNull: ['lexwareId'] },
        )) as { total: string } | undefined,
      Boolean,
    );
    expect(Number(credit!.total)).toBeGreaterThan(0);
    // Charged against the standard quota times five (the bought import's 30 days): five invoices, one credit note.
    expect((await h.call(S, 'GET', '/api/shop')).body.plan.credits).toMatchObject({ used: 6, quota: 1500 });
    const log = await eventLogTable.list(h.db, { shopId: S }, { json: { body: { reason: ['TOO_OLD', 'SKIP_DATE'] } } });
    expect(log).toEqual([]);

    // The other day stays untouched: none of its orders was read.
    expect(await ordersTable.count(h.db, { shopId: S })).toBe(5);
    expect(await h.call(S, 'GET', `/api/orders/import/${DAY}`)).toMatchObject({
      status: 200,
      body: { id: DAY, status: 'completed', affected: 5 },
    });
    expect(await h.call(S, 'POST', `/api/orders/import?date=${DAY}`)).toMatchObject({ status: 409 });
    expect((await lexwareInvoices()).length).toBe(5);
  });

  it('the dialog gets the selectable days and the imported days with their counts', async () => {
    const res = await h.call(S, 'GET', '/api/orders/import/days');
    expect(res.status).toBe(200);
    expect(res.body.first <= OTHER).toBe(true);
    expect(res.body.last).toBe(germanDay(new Date().toISOString()));
    expect(res.body.days).toEqual([
      { day: DAY, status: 'completed', orders: 5, invoices: 5, stoppedOnPlan: null, waiting: 0, estimate: null },
    ]);
    expect((await h.call(S, 'GET', '/api/orders/import/2020-01-01')).status).toBe(404);
    expect((await h.call(FREE, 'GET', `/api/orders/import/${DAY}`)).status).toBe(404);
  });

  it('a day terminated by hand (support in the Temporal UI) shows as such, holds up no later day and can be imported again', async () => {
    // A run of the other day that support terminated while it was running: it never wrote its end.
    const endedId = importWorkflowId(S, OTHER);
    expect(await claimOrderImport(h.db, S, OTHER, endedId)).toBe(true);
    await h.temporal.client.workflow.start('importWorkflow', {
      workflowId: endedId,
      taskQueue: 'niemand-holt-das-ab',
      args: [{ shopId: S, day: OTHER }],
    });
    await h.temporal.client.workflow.getHandle(endedId).terminate('vom Support beendet');

    // A day started after it is not held up: its run ends.
    const LATER = dayAgo(199);
    expect((await h.call(S, 'POST', `/api/orders/import?date=${LATER}`)).status).toBe(202);
    expect(await h.temporal.client.workflow.getHandle(importWorkflowId(S, LATER)).result()).toMatchObject({
      affected: 0,
      done: true,
    });
    expect((await h.call(S, 'GET', '/api/orders/import/days')).body.days).toEqual(
      [
        { day: OTHER, status: 'terminated', orders: 0, invoices: 0, stoppedOnPlan: null, waiting: 0, estimate: null },
        { day: DAY, status: 'completed', orders: 5, invoices: 5, stoppedOnPlan: null, waiting: 0, estimate: null },
        { day: LATER, status: 'completed', orders: 0, invoices: 0, stoppedOnPlan: null, waiting: 0, estimate: null },
      ].sort((a, b) => a.day.localeCompare(b.day)),
    );
    expect(await h.call(S, 'GET', `/api/orders/import/${OTHER}`)).toMatchObject({
      status: 200,
      body: { status: 'terminated' },
    });

    // Not "already imported": the day starts again and gets exactly its two invoices.
    expect((await h.call(S, 'POST', `/api/orders/import?date=${OTHER}`)).status).toBe(202);
    expect(await h.temporal.client.workflow.getHandle(importWorkflowId(S, OTHER)).result()).toMatchObject({
      affected: 2,
      done: true,
    });
    await until(
      () => documentsTable.list(h.db, { shopId: S, type: 'invoice' }, { notNull: ['lexwareId'] }),
      (rows) => rows.length >= 7,
    );
    expect((await lexwareInvoices()).length).toBe(7);
    expect(await h.call(S, 'POST', `/api/orders/import?date=${OTHER}`)).toMatchObject({ status: 409 });
  });

  it('a day a downgrade stopped says so in German, creates nothing, and can be imported again after an upgrade', async () => {
    const made = () => documentsTable.list(h.db, { shopId: S, type: 'invoice' }, { notNull: ['lexwareId'] });
    const invoices = await made();
    // The run started on Standard; by the time it hands its orders over, the shop is on Free.
    await shopsTable.update(h.db, { id: S }, { planId: 'free' });
    const workflowId = importWorkflowId(S, DOWNGRADED);
    expect(await claimOrderImport(h.db, S, DOWNGRADED, workflowId)).toBe(true);
    const handle = await h.temporal.client.workflow.start('importWorkflow', {
      workflowId,
      taskQueue: backgroundTaskQueue(h.settings.taskQueue),
      args: [{ shopId: S, day: DOWNGRADED }],
    });
    await expect(handle.result()).rejects.toThrow();
    const days = (await h.call(S, 'GET', '/api/orders/import/days')).body.days as { day: string }[];
    expect(days.find((d) => d.day === DOWNGRADED)).toEqual({
      day: DOWNGRADED,
      status: 'failed',
      orders: 3,
      invoices: 0,
      stoppedOnPlan: 'free',
      // Ended: its orders wait for nothing, so no estimate.
      waiting: 3,
      estimate: null,
    });
    expect(await made()).toHaveLength(invoices.length);
    const withheld = await eventLogTable.list(h.db, { shopId: S, event: 'plan.feature.withheld' });
    expect(withheld.map((e) => e.body)).toEqual([{ feature: 'orderImport', plan: 'free', day: DOWNGRADED }]);

    // Back on Standard: the day imports again, with its three invoices.
    await shopsTable.update(h.db, { id: S }, { planId: 'standard' });
    expect((await h.call(S, 'POST', `/api/orders/import?date=${DOWNGRADED}`)).status).toBe(202);
    await h.temporal.client.workflow.getHandle(workflowId).result();
    await until(made, (rows) => rows.length >= invoices.length + 3);
    const after = (await h.call(S, 'GET', '/api/orders/import/days')).body.days as { day: string }[];
    expect(after.find((d) => d.day === DOWNGRADED)).toMatchObject({ status: 'completed', stoppedOnPlan: null });
  });
});
