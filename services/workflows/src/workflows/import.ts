import { ApplicationFailure, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { createImportActivities } from '../activities/import';
import type { createWizardActivities } from '../activities/wizard';
import { importProgressQuery, importWorkflowId, type ImportInput, type ImportProgress } from '../api';

type ImportActivities = ReturnType<typeof createImportActivities>;
const retry = { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' } as const;
const shopifyCall = { startToCloseTimeout: '2 minutes', retry } as const;
const { importDayInTurn, finishImport, startDayExport } = proxyActivities<ImportActivities>(shopifyCall);
const { orderExportStatus } = proxyActivities<ReturnType<typeof createWizardActivities>>(shopifyCall);
// A day's orders are handed over about as fast as Lexware makes their invoices (one a second):
// a busy day takes long, heartbeats show it is alive and where a retry resumes.
const { handOverDayExport } = proxyActivities<ImportActivities>({
  startToCloseTimeout: '4 hours',
  heartbeatTimeout: '20s',
  retry,
});

/**
 * The paid historical import of one German calendar day: reads that day's orders through a
 * Shopify bulk export, handing each order to its own workflow, which makes its documents under the shop's
 * settings as a historical order. A day waits for the days started before it, so one export
 * runs at a time. Progress is queryable.
 */
export async function importWorkflow({ shopId, day }: ImportInput): Promise<ImportProgress> {
  const progress: ImportProgress = { pages: 0, affected: 0, cursor: null, done: false, failed: null };
  setHandler(importProgressQuery, () => progress);
  const importId = importWorkflowId(shopId, day);
  try {
    // One day at a time, in the order the merchant started them.
    while (!(await importDayInTurn(shopId, day))) await sleep('3s');
    // Shopify's bulk export: a page costs 150 query points an order, the export one mutation.
    let op = await startDayExport(shopId, day);
    while (op.status === 'CREATED' || op.status === 'RUNNING') {
      await sleep('1s');
      op = await orderExportStatus(shopId, op.id);
    }
    if (op.status !== 'COMPLETED')
      throw ApplicationFailure.nonRetryable(`Bulk export ${op.status} (${op.errorCode ?? 'no code'})`, 'EXPORT_FAILED');
    progress.affected = await handOverDayExport(shopId, day, op.url, importId);
    progress.pages = 1;
  } catch (error) {
    progress.failed = error instanceof Error ? error.message : String(error);
    await finishImport(shopId, day, 'failed');
    throw ApplicationFailure.nonRetryable(`Import failed: ${progress.failed}`, 'IMPORT_FAILED');
  }
  progress.done = true;
  await finishImport(shopId, day, 'completed');
  return progress;
}
