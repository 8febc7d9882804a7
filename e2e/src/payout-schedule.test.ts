import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { PAYOUT_SCHEDULE_ID, payoutRunWorkflowId } from '@belegfluss/workflows';
import { ensureSchedules } from '@belegfluss/workflows/client';
import { payoutsTable } from '@belegfluss/db/testing';
import { berlinMonthStart } from '@belegfluss/shared/berlin-clock';
import { eventually, merchant } from './merchant';
import { addPartner, redemption } from './partners';
import { startStack, type Stack } from './stack';

// The partner-payouts Schedule on the real dev server: every way a run starts gives it the id the
// admin's confirmation signals, and a run that waits for its confirmation never stops the next month's.
const run = promisify(execFile);
let stack: Stack;
const SUPPORT = 'support-zeitplan.myshopify.com';
const BANK = 'partner-zeitplan.myshopify.com';
const cli = async (...args: string[]) =>
  (await run(process.env.TEMPORAL_CLI_PATH!, [...args, '--address', stack.temporal.address, '--namespace', 'default']))
    .stdout;

beforeAll(async () => {
  process.env.OPERATOR_STAFF = `${SUPPORT}:${DEFAULT_STAFF_USER_ID}`;
  stack = await startStack();
  await ensureSchedules(stack.temporal.client, stack.settings.taskQueue);
  for (const shop of [SUPPORT, BANK]) {
    await merchant(stack, shop).createShop();
    await merchant(stack, shop).install();
  }
  await addPartner(stack, BANK, { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', name: 'Zeitplan GmbH' });
}, 240_000);
afterAll(async () => {
  delete process.env.OPERATOR_STAFF;
  await stack?.stop();
});

/** The admin area's confirmation of a month's SEPA file, as support clicks it. */
async function confirmInAdminArea(month: string): Promise<void> {
  const support = merchant(stack, SUPPORT);
  const runs = await eventually(async () => {
    const r = await support.api<{ items: { id: string; month: string; hasSepaFile: boolean }[] }>(
      '/api/admin/payout-runs',
    );
    return r.items.find((i) => i.month === month && i.hasSepaFile);
  }, 120_000);
  const answer = await support.api<{ run: { status: string } }>(`/api/admin/payout-runs/${runs.id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ executed: true }),
  });
  expect(answer.run.status).toBe('paid');
}

/** The Schedule's action for 1 {month} 06:00 Europe/Berlin, as if it had been due then (a backfill). */
async function backfill(month: string): Promise<void> {
  const due = new Date(`${month}T05:00:00Z`); // 06:00 in Berlin in winter
  await stack.temporal.client.schedule.getHandle(PAYOUT_SCHEDULE_ID).backfill([
    {
      start: new Date(due.getTime() - 60_000),
      end: new Date(due.getTime() + 60_000),
      overlap: ScheduleOverlapPolicy.SKIP,
    },
  ]);
}

describe('the partner-payouts Schedule', () => {
  it('runs February and March although February still waits for its confirmation, and each confirmation ends its run', async () => {
    await redemption(stack, BANK, 'zeitplan-kunde-1.myshopify.com', 60, 50);
    await backfill('2026-02-01');
    // February's run wrote its file and now waits for the admin, possibly for weeks.
    await eventually(async () => (await payoutsTable.list(stack.db, { partnerShopId: BANK })).length === 1, 120_000);
    const february = stack.temporal.client.workflow.getHandle(payoutRunWorkflowId('2026-02-01'));
    expect((await february.describe()).status.name).toBe('RUNNING');

    // A provision that became due during February goes with March's run.
    await redemption(stack, BANK, 'zeitplan-kunde-2.myshopify.com', 80, 55);
    await backfill('2026-03-01');
    const march = stack.temporal.client.workflow.getHandle(payoutRunWorkflowId('2026-03-01'));
    await eventually(async () => (await march.describe().catch(() => undefined))?.status.name === 'RUNNING', 120_000);

    await confirmInAdminArea('2026-02-01');
    expect(await february.result()).toMatchObject({ result: 'paid', bank: 1 });
    await confirmInAdminArea('2026-03-01');
    expect(await march.result()).toMatchObject({ result: 'paid', bank: 1 });
    expect(
      (await payoutsTable.list(stack.db, { partnerShopId: BANK }, { orderBy: 'createdAt' })).map((p) => [
        p.status,
        Number(p.provisions),
      ]),
    ).toEqual([
      ['paid', 60],
      ['paid', 80],
    ]);
  }, 400_000);

  it('`temporal schedule trigger` starts this month’s run, whose confirmation in the admin area ends it', async () => {
    await redemption(stack, BANK, 'zeitplan-kunde-3.myshopify.com', 70, 60);
    await cli('schedule', 'trigger', '--schedule-id', PAYOUT_SCHEDULE_ID);
    const month = berlinMonthStart(new Date());
    const handle = stack.temporal.client.workflow.getHandle(payoutRunWorkflowId(month));
    await eventually(async () => (await handle.describe().catch(() => undefined))?.status.name === 'RUNNING', 120_000);
    // The Schedule's own workflow ended at once: the next trigger is never skipped behind a waiting run.
    const launched = await cli('workflow', 'list', '--query', 'WorkflowType="payoutScheduleWorkflow"');
    expect(launched).toContain('Completed');
    expect(launched).not.toContain('Running');
    await confirmInAdminArea(month);
    expect(await handle.result()).toMatchObject({ result: 'paid', bank: 1 });
    expect(await payoutsTable.pluck(stack.db, 'status', { partnerShopId: BANK }, { orderBy: 'createdAt' })).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
  }, 300_000);
  it('a run started by hand under another id hands its month to the run the confirmation reaches', async () => {
    await redemption(stack, BANK, 'zeitplan-kunde-4.myshopify.com', 90, 60);
    const byHand = await cli(
      'workflow',
      'start',
      '--type',
      'payoutRunWorkflow',
      '--task-queue',
      stack.settings.taskQueue,
      '--workflow-id',
      'auszahlung-von-hand',
      '--input',
      '{"month":"2026-04-01"}',
    );
    expect(byHand).toContain('auszahlung-von-hand');
    expect(await stack.temporal.client.workflow.getHandle('auszahlung-von-hand').result()).toMatchObject({
      result: `weitergegeben an ${payoutRunWorkflowId('2026-04-01')}`,
    });
    await confirmInAdminArea('2026-04-01');
    expect(await stack.temporal.client.workflow.getHandle(payoutRunWorkflowId('2026-04-01')).result()).toMatchObject({
      result: 'paid',
      bank: 1,
    });
  }, 300_000);
});
