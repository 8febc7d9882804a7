import { allHandlersFinished, ApplicationFailure, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { createImportActivities } from '../activities/import';
import { importProgressQuery, importWorkflowId, type ImportInput, type ImportProgress } from '../api';

const shopifyCall = { startToCloseTimeout: '2 minutes', retry: { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' } } as const;
const { importOrderPage, finishImport } = proxyActivities<ReturnType<typeof createImportActivities>>(shopifyCall);

/**
 * Pages through the shop's orders since `since` (Admin GraphQL), one activity a page, handing
 * each order to its own workflow. Progress is queryable; long imports continue as new.
 */
export async function importWorkflow({ shopId, since, progress: carried }: ImportInput): Promise<ImportProgress> {
  const progress: ImportProgress = carried ?? { pages: 0, affected: 0, cursor: null, done: false, failed: null };
  setHandler(importProgressQuery, () => progress);
  const importId = importWorkflowId(shopId, since);
  try {
    do {
      const page = await importOrderPage(shopId, since, progress.cursor, importId);
      progress.pages++;
      progress.affected += page.affected;
      progress.cursor = page.next;
    } while (progress.cursor && !workflowInfo().continueAsNewSuggested);
  } catch (error) {
    progress.failed = error instanceof Error ? error.message : String(error);
    await finishImport(shopId, since, 'failed');
    throw ApplicationFailure.nonRetryable(`Import failed: ${progress.failed}`, 'IMPORT_FAILED');
  }
  if (progress.cursor) {
    await condition(allHandlersFinished);
    return continueAsNew<typeof importWorkflow>({ shopId, since, progress });
  }
  progress.done = true;
  await finishImport(shopId, since, 'completed');
  return progress;
}
