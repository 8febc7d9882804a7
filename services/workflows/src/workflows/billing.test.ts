import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import { billingChangedSignal, billingStateQuery, billingWorkflowId, rolloverSignal, type BillingState } from '../api';
import type { BillingActivities } from '../activities/billing';
import { testServerPerFile } from '../test-server';

const server = testServerPerFile();

/**
 * Stubbed periods: each wake rolls over (so the state's counter shows every wake) and resumes one order.
 * `forced` records whether a wake was a forced rollover.
 */
function periods(forced: boolean[]): Pick<BillingActivities, 'syncPeriod' | 'resumeWaitingOrders'> {
  return {
    async syncPeriod(_shopId, nowIso, force) {
      forced.push(force);
      const end = new Date(Date.parse(nowIso) + 30 * 86_400_000).toISOString();
      return { start: nowIso, end, rolled: true, active: true };
    },
    async resumeWaitingOrders() {
      return 1;
    },
  };
}

describe('the billing workflow under a stream of signals', () => {
  it('continues as new by history size, with its state carried over, however many signals keep waking it', async () => {
    const taskQueue = 'billing-signals-test';
    const forced: boolean[] = [];
    const worker = await Worker.create({
      connection: server.env.nativeConnection,
      taskQueue,
      workflowBundle: server.bundle,
      activities: periods(forced),
    });
    await worker.runUntil(async () => {
      const workflowId = billingWorkflowId('signale.myshopify.com');
      const handle = await server.env.client.workflow.start('billingWorkflow', {
        workflowId,
        taskQueue,
        args: [{ shopId: 'signale.myshopify.com' }],
      });
      const firstRun = handle.firstExecutionRunId;
      const first = server.env.client.workflow.getHandle(workflowId, firstRun);
      // Signals until the first run hands over; a first run past 5,000 events never will (the server's own
      // suggestion comes at about 4,000 events, and the old code ignored it while signals kept coming).
      let sent = 0;
      for (;;) {
        for (let i = 0; i < 25; i++) await handle.signal(billingChangedSignal, `plan-${sent++}`);
        // Signals land in the history whether the worker keeps up or not: a query, answered once the worker has
        // caught up, keeps this sender at the workflow's pace, so the bound below tests the workflow, not the load.
        await first.query(billingStateQuery).catch(() => undefined);
        const described = await first.describe();
        if (described.status.name === 'CONTINUED_AS_NEW') break;
        expect(described.historyLength, `${sent} signals`).toBeLessThan(5_000);
      }
      const before = await first.query(billingStateQuery);
      const latest = server.env.client.workflow.getHandle(workflowId);
      // A forced rollover right after the hand-over still arrives, in the new run.
      await latest.signal(rolloverSignal, { force: true, reason: 'Support' });
      const after = await stateWhen(latest, (s) => s.rollovers > before.rollovers && forced.includes(true));
      expect((await latest.describe()).runId).not.toBe(firstRun);
      expect(after.resumed).toBeGreaterThan(before.resumed);
      expect(after.periodStart).not.toBeNull();
      await handle.terminate('test over');
    });
    // About 4,000 history events to write and replay: a fixed amount of work that a loaded machine does slowly.
  }, 300_000);
});

/** The workflow's state once it satisfies `ok`, asked again until then (the test's time limit bounds it). */
async function stateWhen(
  handle: ReturnType<typeof server.env.client.workflow.getHandle>,
  ok: (s: BillingState) => boolean,
): Promise<BillingState> {
  for (;;) {
    const state = await handle.query(billingStateQuery);
    if (ok(state)) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
}
