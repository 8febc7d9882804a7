import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  daysBefore,
  germanDay,
  germanDayBounds,
  IMPORT_RANGE_MESSAGES,
  MAX_IMPORT_RANGE_DAYS,
  type ImportRangeView,
} from '@belegfluss/shared';
import { documentsTable, orderImportRangesTable, orderImportsTable } from '@belegfluss/db/testing';
import { importWorkflowId } from '@belegfluss/orchestration/api';
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

/**
 * The historical import of a range of days: the days queue up and run one after another, each
 * as its own day workflow; the dialog's data shows the range's progress, a stop leaves the
 * days not started alone, and bad input queues nothing.
 */
let h: Harness;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
const S = 'zeitraum-a.myshopify.com';
/** The German calendar day `n` days before today. */
const dayAgo = (n: number) => daysBefore(germanDay(new Date().toISOString()), n);
const RANGE = [dayAgo(150), dayAgo(149), dayAgo(148)];
const COUNTS = [2, 1, 2];
const ORDERS = COUNTS.reduce((a, b) => a + b, 0);

interface DaysBody {
  days: { day: string; status: string; orders: number; invoices: number; waiting: number; estimate: string | null }[];
  range: ImportRangeView | null;
}
const dialog = async () => (await h.call(S, 'GET', '/api/orders/import/days')).body as DaysBody;

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  worker = await startWorker(h);
  // A store opened three years ago: a range longer than allowed fits between its opening and the installation.
  await installFromSandbox(h, S, ['read_orders', 'write_orders', 'read_all_orders'], {
    createdAt: new Date(Date.now() - 3 * 365 * 86_400_000).toISOString(),
  });
  await connectLexware(h, S);
  // Installed 30 days ago, so a range can end after the installation day without being in the future.
  await buyOrderImport(h, S, { installedAt: new Date(Date.now() - 30 * 86_400_000) });
  for (const [i, day] of RANGE.entries())
    await sandboxControl(h, `/shops/${S}/orders`, {
      createdAt: new Date(Date.parse(germanDayBounds(day).from) + 9 * 3_600_000).toISOString(),
      count: COUNTS[i],
      paid: true,
    });
}, 90_000);
afterAll(async () => (worker ? worker.stop() : h?.stop()));

describe('POST /api/orders/import/range?from=&to=', () => {
  it('refuses bad ranges in German with a 400 and queues nothing', async () => {
    const post = (from: string, to: string) => h.call(S, 'POST', `/api/orders/import/range?from=${from}&to=${to}`);
    expect(await post(RANGE[2]!, RANGE[0]!)).toMatchObject({
      status: 400,
      body: { message: IMPORT_RANGE_MESSAGES.endBeforeStart, field: 'to' },
    });
    // Installed 30 days ago: the days since then get their invoices anyway.
    const late = await post(dayAgo(35), dayAgo(20));
    expect(late).toMatchObject({ status: 400, body: { field: 'to' } });
    expect(late.body.message).toBe(IMPORT_RANGE_MESSAGES.afterInstallation(dayAgo(30)));
    expect(late.body.message).toMatch(/nach dem Installationstag am \d\d\.\d\d\.\d{4}/);
    const early = await post(dayAgo(3000), dayAgo(2990));
    expect(early).toMatchObject({ status: 400, body: { field: 'from' } });
    expect(early.body.message).toMatch(/^Der Zeitraum beginnt vor der Eröffnung deines Shops am \d\d\.\d\d\.\d{4}/);
    expect(await post(dayAgo(MAX_IMPORT_RANGE_DAYS + 40), dayAgo(30))).toMatchObject({
      status: 400,
      body: { message: IMPORT_RANGE_MESSAGES.tooLong(MAX_IMPORT_RANGE_DAYS + 11) },
    });
    expect(await orderImportRangesTable.list(h.db)).toEqual([]);
    expect(await orderImportsTable.list(h.db)).toEqual([]);
  });

  it('imports every day of the range, one after another, each as its own day, with the range’s progress', async () => {
    const res = await h.call(S, 'POST', `/api/orders/import/range?from=${RANGE[0]}&to=${RANGE[2]}`);
    expect(res).toMatchObject({ status: 202, body: { from: RANGE[0], to: RANGE[2], days: 3, status: 'running' } });
    expect((await dialog()).range).toMatchObject({ status: 'running', total: 3 });

    const done = await until(dialog, (d) => d.range?.status === 'completed' && d.range.invoices >= ORDERS);
    expect(done.range).toMatchObject({ total: 3, daysDone: 3, orders: ORDERS, invoices: ORDERS, current: null });
    expect(done.days).toEqual(
      RANGE.map((day, i) => ({
        day,
        status: 'completed',
        orders: COUNTS[i],
        invoices: COUNTS[i],
        waiting: 0,
        estimate: null,
        stoppedOnPlan: null,
      })),
    );
    // Each day ran as its own day workflow, one after another: each began after the one before had ended.
    const runs = await Promise.all(
      RANGE.map((day) => h.temporal.client.workflow.getHandle(importWorkflowId(S, day)).describe()),
    );
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]!.startTime.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.closeTime!.getTime());
    const invoices = await documentsTable.list(h.db, { shopId: S, type: 'invoice' }, { notNull: ['lexwareId'] });
    expect(invoices).toHaveLength(ORDERS);
  });

  it('refuses a second range while one runs, and a stop leaves the days not started alone', async () => {
    const from = dayAgo(120);
    const to = dayAgo(100);
    expect((await h.call(S, 'POST', `/api/orders/import/range?from=${from}&to=${to}`)).status).toBe(202);
    expect(await h.call(S, 'POST', `/api/orders/import/range?from=${dayAgo(105)}&to=${dayAgo(95)}`)).toMatchObject({
      status: 400,
      body: { message: IMPORT_RANGE_MESSAGES.overlapping(from, to) },
    });
    expect(await h.call(S, 'POST', `/api/orders/import/range?from=${dayAgo(90)}&to=${dayAgo(89)}`)).toMatchObject({
      status: 400,
      body: { message: IMPORT_RANGE_MESSAGES.running },
    });
    expect(await orderImportRangesTable.count(h.db, { shopId: S, status: 'running' })).toBe(1);

    // Stopped while its first day runs: that day finishes, no later day starts.
    await until(dialog, (d) => d.range?.current != null);
    expect(await h.call(S, 'POST', '/api/orders/import/range/stop')).toMatchObject({
      status: 202,
      body: { stopRequested: true },
    });
    const stopped = await until(dialog, (d) => d.range?.status === 'stopped');
    expect(stopped.range!.total).toBe(21);
    expect(stopped.range!.daysDone).toBeLessThan(21);
    const started = stopped.days.filter((d) => d.day >= from && d.day <= to);
    expect(started.length).toBe(stopped.range!.daysDone);
    expect(started.every((d) => d.status === 'completed')).toBe(true);
    expect(await h.call(S, 'POST', '/api/orders/import/range/stop')).toMatchObject({
      status: 400,
      body: { message: IMPORT_RANGE_MESSAGES.noneRunning },
    });
  });
});
