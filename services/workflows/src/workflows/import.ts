import { allHandlersFinished, ApplicationFailure, condition, continueAsNew, patched, proxyActivities, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import type { createImportActivities } from '../activities/import';
import { importProgressQuery, importWorkflowId, type ImportInput, type ImportProgress } from '../api';

const shopifyCall = { startToCloseTimeout: '2 minutes', retry: { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' } } as const;
const { importOrderPage, importDayInTurn, finishImport } = proxyActivities<ReturnType<typeof createImportActivities>>(shopifyCall);

/**
 * The paid historical import of one German calendar day: pages through that day's orders
 * (Admin GraphQL), one activity a page, handing each order to its own workflow, which makes
 * its documents under the shop's settings as a historical order. A day waits for the days
 * started before it. Progress is queryable; long days continue as new.
 */
export async function importWorkflow({ shopId, day: given, since, progress: carried }: ImportInput): Promise<ImportProgress> {
  const day = (given ?? since)!;
  const progress: ImportProgress = carried ?? { pages: 0, affected: 0, cursor: null, done: false, failed: null };
  setHandler(importProgressQuery, () => progress);
  const importId = importWorkflowId(shopId, day);
  try {
    // One day at a time, in the order the merchant started them (spec 2).
    if (!carried && patched('days-in-turn')) while (!(await importDayInTurn(shopId, day))) await sleep('3s');
    do {
      const page = await importOrderPage(shopId, day, progress.cursor, importId);
      progress.pages++;
      progress.affected += page.affected;
      progress.cursor = page.next;
    } while (progress.cursor && !workflowInfo().continueAsNewSuggested);
  } catch (error) {
    progress.failed = error instanceof Error ? error.message : String(error);
    await finishImport(shopId, day, 'failed');
    throw ApplicationFailure.nonRetryable(`Import failed: ${progress.failed}`, 'IMPORT_FAILED');
  }
  if (progress.cursor) {
    await condition(allHandlersFinished);
    return continueAsNew<typeof importWorkflow>({ shopId, day, progress });
  }
  progress.done = true;
  await finishImport(shopId, day, 'completed');
  return progress;
}
