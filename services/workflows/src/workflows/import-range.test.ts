import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import type { BulkOperationStatus } from '@belegfluss/shopify';
import { importRangeWorkflowId, stopImportRangeSignal, type ImportRangeResult } from '../api';
import type { createImportActivities } from '../activities/import';
import { testServerPerFile } from '../test-server';

const server = testServerPerFile();
type ImportActivities = ReturnType<typeof createImportActivities>;

/**
 * The range's days with stubbed steps: `taken` days are imported already (their claim fails),
 * each other day's hand-over is recorded in `handed` and may wait for `gate`.
 */
function stubs(taken: string[], handed: string[], ends: string[], gate?: { reached: () => void; open: Promise<void> }) {
  const activities: Partial<ImportActivities> = {
    async claimImportDay(_shopId, day) {
      return !taken.includes(day);
    },
    async importDayInTurn() {
      return true;
    },
    async startDayExport(): Promise<BulkOperationStatus> {
      return {
        id: 'gid://shopify/BulkOperation/1',
        status: 'COMPLETED',
        url: null,
        errorCode: null,
      } as BulkOperationStatus;
    },
    async handOverDayExport(_shopId, day) {
      handed.push(day);
      gate?.reached();
      await gate?.open;
      return 1;
    },
    async finishImport() {},
    async recordImportRange() {},
    async finishImportRange(_workflowId, status) {
      ends.push(status);
    },
  };
  return activities;
}

async function run(
  taskQueue: string,
  activities: Partial<ImportActivities>,
  go: (start: () => Promise<ImportRangeResult>, stop: () => Promise<void>) => Promise<ImportRangeResult>,
) {
  const worker = await Worker.create({
    connection: server.env.nativeConnection,
    taskQueue,
    workflowBundle: server.bundle,
    activities,
  });
  return worker.runUntil(async () => {
    const shopId = `${taskQueue}.myshopify.com`;
    const workflowId = importRangeWorkflowId(shopId, '2026-03-01', '2026-03-04', 'test');
    const handle = await server.env.client.workflow.start('importRangeWorkflow', {
      workflowId,
      taskQueue,
      args: [{ shopId, from: '2026-03-01', to: '2026-03-04' }],
    });
    return go(
      () => handle.result() as Promise<ImportRangeResult>,
      () => handle.signal(stopImportRangeSignal),
    );
  });
}

describe('the import of a range of days', () => {
  it('runs its days one after another, passing over a day imported already', async () => {
    const handed: string[] = [];
    const ends: string[] = [];
    const result = await run('range-all', stubs(['2026-03-02'], handed, ends), (start) => start());
    expect(handed).toEqual(['2026-03-01', '2026-03-03', '2026-03-04']);
    expect(result).toEqual({ days: 4, daysDone: 4, stopped: false });
    expect(ends).toEqual(['completed']);
  });

  it('stopped while a day runs: that day finishes, no later day starts', async () => {
    const handed: string[] = [];
    const ends: string[] = [];
    let reached!: () => void;
    const inFirstDay = new Promise<void>((r) => (reached = r));
    let open!: () => void;
    const gate = { reached, open: new Promise<void>((r) => (open = r)) };
    const result = await run('range-stop', stubs([], handed, ends, gate), async (start, stop) => {
      const ended = start();
      await inFirstDay;
      await stop();
      open();
      return ended;
    });
    expect(handed).toEqual(['2026-03-01']);
    expect(result).toEqual({ days: 4, daysDone: 1, stopped: true });
    expect(ends).toEqual(['stopped']);
  });
});
