import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { createWizardActivities } from '../activities/wizard';
import { wizardProgressQuery, type WizardHandOverInput, type WizardImportInput, type WizardProgress } from '../api';

type WizardActivities = ReturnType<typeof createWizardActivities>;
const shopify = proxyActivities<WizardActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' },
});
// Storing thousands of orders and reading a page of documents at 2 requests/s take a while:
// heartbeats (every 2 s at most) show progress, and a dead worker's step moves on after 10 s.
const long = proxyActivities<WizardActivities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '10s',
  retry: { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' },
});

/**
 * The connect wizard's import as one durable run: Shopify exports the orders of the last 60
 * days as a bulk operation, they are stored, then each page of Lexware's voucher list is
 * matched to the orders. Every step's result lives in this workflow's history, so a restarted
 * worker or gateway picks up where it stopped and counts nothing twice; a query reports progress.
 */
export async function wizardImportWorkflow({
  shopId,
  from,
  progress: carried,
}: WizardImportInput): Promise<WizardProgress> {
  const progress: WizardProgress = carried ?? {
    phase: 'orders',
    exportId: null,
    orders: 0,
    page: 0,
    totalPages: null,
    documents: 0,
    linked: 0,
    failed: null,
  };
  // The end (done or failed) is reported once it is in the database (finishWizardImport), so whoever reads the run
  // after the gateway answered "finished" finds it finished there too; until then the query names the open phase.
  let recorded = false;
  let open = progress.phase;
  setHandler(wizardProgressQuery, () =>
    recorded || progress.phase === 'orders' || progress.phase === 'documents' ? progress : { ...progress, phase: open },
  );
  try {
    if (progress.phase === 'orders') {
      let op = progress.exportId
        ? await shopify.orderExportStatus(shopId, progress.exportId)
        : await shopify.startOrderExport(shopId, from);
      progress.exportId = op.id;
      while (op.status === 'CREATED' || op.status === 'RUNNING') {
        await sleep('1s');
        op = await shopify.orderExportStatus(shopId, op.id);
      }
      if (op.status !== 'COMPLETED')
        throw ApplicationFailure.nonRetryable(
          `Bulk export ${op.status} (${op.errorCode ?? 'no code'})`,
          'EXPORT_FAILED',
        );
      progress.orders = await long.storeExportedOrders(shopId, op.url);
      progress.phase = 'documents';
      open = 'documents';
    }
    while (progress.phase === 'documents') {
      const page = await long.linkVoucherPage(shopId, progress.page);
      progress.documents += page.seen;
      progress.linked += page.linked;
      progress.totalPages = page.totalPages;
      progress.page++;
      if (page.last) progress.phase = 'done';
      else if (workflowInfo().continueAsNewSuggested) {
        await condition(allHandlersFinished);
        return continueAsNew<typeof wizardImportWorkflow>({ shopId, from, progress });
      }
    }
  } catch (error) {
    progress.phase = 'failed';
    progress.failed = error instanceof Error ? error.message : String(error);
  }
  await shopify.finishWizardImport(shopId, workflowInfo().workflowId, {
    status: progress.phase === 'done' ? 'completed' : 'failed',
    orders: progress.orders,
    documents: progress.documents,
    linked: progress.linked,
  });
  recorded = true;
  return progress;
}

// Handing over thousands of orders, each waiting for room among the shop's orders in flight, takes long:
// the heartbeat shows it alive, and each order is marked once done, so a retry never starts over.
const handing = proxyActivities<WizardActivities>({
  startToCloseTimeout: '4 hours',
  heartbeatTimeout: '30s',
  retry: { initialInterval: '5s', maximumInterval: '5 minutes' },
});

/**
 * Invoice creation was switched on in the wizard's last step: the imported orders without a document go
 * to their order workflows, as background work behind the live orders (their own task queue here, the
 * lowest priority on the live one). Started by the activation; a second start while it runs is the same run.
 */
export async function wizardHandOverWorkflow({
  shopId,
}: WizardHandOverInput): Promise<{ handedOver: number; skipped: number }> {
  return handing.handOverImportedOrders(shopId);
}
