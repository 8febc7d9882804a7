import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_SCHEDULE_ID,
  backgroundTaskQueue,
  billingStateQuery,
  billingWorkflowId,
  HOUSEKEEPING_SCHEDULE_ID,
  PAYOUT_SCHEDULE_ID,
} from '@belegfluss/workflows';
import { ensureSchedules } from '@belegfluss/workflows/client';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { eventLogTable, transferLedgerTable } from '@belegfluss/db/testing';

// The real Temporal dev server and its CLI, as support staff use them (README: "Wiederkehrende Arbeit").
const run = promisify(execFile);
let stack: Stack;
const SHOP = 'zeitplan-laden.myshopify.com';
const cli = async (...args: string[]) =>
  (await run(process.env.TEMPORAL_CLI_PATH!, [...args, '--address', stack.temporal.address, '--namespace', 'default']))
    .stdout;

beforeAll(async () => {
  stack = await startStack();
  await ensureSchedules(stack.temporal.client, stack.settings.taskQueue);
  await merchant(stack, SHOP).createShop();
  await merchant(stack, SHOP).install();
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe('recurring work on the dev server', () => {
  it("lists the Schedules and the shop's billing workflow with ShopDomain; support can pause, trigger and roll over", async () => {
    // Created twice (a second worker start) changes nothing.
    expect(await ensureSchedules(stack.temporal.client, stack.settings.taskQueue)).toEqual([]);
    const schedules = await eventually(async () => {
      const out = await cli('schedule', 'list');
      return out.includes(PAYOUT_SCHEDULE_ID) && out.includes(HOUSEKEEPING_SCHEDULE_ID) && out;
    });
    expect(schedules).toContain('payoutScheduleWorkflow');
    const described = await cli('schedule', 'describe', '--schedule-id', PAYOUT_SCHEDULE_ID, '--output', 'json');
    expect(described).toContain('Europe/Berlin');

    const billing = await eventually(async () => {
      const out = await cli('workflow', 'list', '--query', `ShopDomain="${SHOP}" AND WorkflowType="billingWorkflow"`);
      return out.includes(billingWorkflowId(SHOP)) && out;
    }, 60_000);
    expect(billing).toContain('Running');

    // Pausing the payout run, as the README tells support staff.
    await cli(
      'schedule',
      'toggle',
      '--schedule-id',
      PAYOUT_SCHEDULE_ID,
      '--pause',
      '--reason',
      'Test: Auszahlungen angehalten',
    );
    expect((await stack.temporal.client.schedule.getHandle(PAYOUT_SCHEDULE_ID).describe()).state.paused).toBe(true);
    await cli('schedule', 'toggle', '--schedule-id', PAYOUT_SCHEDULE_ID, '--unpause', '--reason', 'Test: weiter');

    // Triggering housekeeping by hand: an entry past the free plan's 7 days goes, a fresh one stays.
    await eventLogTable.insert(stack.db, {
      shopId: SHOP,
      origin: 'shop',
      event: 'old.entry',
      status: 'info',
      date: new Date(Date.now() - 8 * 86_400_000),
    });
    await cli('schedule', 'trigger', '--schedule-id', HOUSEKEEPING_SCHEDULE_ID);
    await eventually(
      async () => (await eventLogTable.list(stack.db, { shopId: SHOP, event: 'old.entry' })).length === 0,
      60_000,
    );
    expect(await eventLogTable.list(stack.db, { shopId: SHOP, event: 'shop.installed' })).toHaveLength(1);

    // A rollover by hand: a fresh period starts now.
    const handle = stack.temporal.client.workflow.getHandle(billingWorkflowId(SHOP));
    await cli(
      'workflow',
      'signal',
      '--workflow-id',
      billingWorkflowId(SHOP),
      '--name',
      'rollover',
      '--input',
      '{"force":true,"reason":"Kulanz"}',
    );
    await eventually(async () => (await handle.query(billingStateQuery)).rollovers === 1, 60_000);
    expect(await transferLedgerTable.list(stack.db, { shopId: SHOP, reason: 'reset' })).toHaveLength(1);
  }, 300_000);

  it('runs the payout and audit Schedules on the background queue, also one an earlier release made on the live queue', async () => {
    const queueOf = async (id: string) => {
      const { action } = await stack.temporal.client.schedule.getHandle(id).describe();
      return action.type === 'startWorkflow' ? action.taskQueue : undefined;
    };
    const background = backgroundTaskQueue(stack.settings.taskQueue);
    expect(await queueOf(PAYOUT_SCHEDULE_ID)).toBe(background);
    // As the release before the background queue left it.
    await stack.temporal.client.schedule
      .getHandle(AUDIT_SCHEDULE_ID)
      .update((current) => ({ ...current, action: { ...current.action, taskQueue: stack.settings.taskQueue } }));
    expect(await queueOf(AUDIT_SCHEDULE_ID)).toBe(stack.settings.taskQueue);
    expect(await ensureSchedules(stack.temporal.client, stack.settings.taskQueue)).toEqual([]);
    expect(await queueOf(AUDIT_SCHEDULE_ID)).toBe(background);
  });
});
