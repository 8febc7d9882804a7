import type Router from '@koa/router';
import type { Context } from 'koa';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  claimWizardImport,
  finishWizardImport,
  getConnection,
  getShop,
  getWizardImport,
  importedOrdersToHandOver,
  loadShopContext,
  type WizardImport,
} from '@belegfluss/db';
import { importedOrdersToInvoice, TOO_OLD_DAYS } from '@belegfluss/shared';
import {
  backgroundTaskQueue,
  ShopDomainKey,
  wizardHandOverWorkflowId,
  wizardImportWorkflowId,
  wizardProgressQuery,
  type WizardProgress,
} from '@belegfluss/orchestration/api';
import type { GatewayContext } from '../../context';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { sessionOf } from '../../middleware/session';
import { shopifyOf } from '../../clients';
import { historicalImportRoutes, startHistoricalImport } from './historical';
import { importRangeRoutes } from './range';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'import.wizard.start': "?date: the paid import of a day; without: the wizard's import of the last 60 days",
  'import.wizard': "The wizard run's order progress",
  'import.wizard.invoices': 'The imported orders that switching invoices on will invoice',
  'import.wizard.documents': "The wizard's Lexware document progress, repeated while `continue`",
});

export const IMPORT_MESSAGES = {
  lexwareMissing: 'Lexware Office ist nicht verbunden.',
  scopeMissing: 'Für den Import fehlt die Shopify-Berechtigung read_all_orders. Bitte erteile den Zugriff erneut.',
  noRun: 'Es läuft kein Import. Starte ihn im Verbindungsassistenten.',
} as const;

/** A query must not hold the merchant's request: past this, the stored state answers. */
const QUERY_BUDGET_MS = 500;

const ENDED_FROM_OUTSIDE = new Set(['TERMINATED', 'CANCELLED', 'TIMED_OUT', 'FAILED']);

/** The last answer of each run's query, for the moments its worker cannot answer (a restart). */
const lastKnown = new Map<string, WizardProgress>();

/** The wizard run's state: live from its workflow's query while it runs, else as stored when it ended. */
async function progressOf(gw: GatewayContext, shopId: string, run: WizardImport): Promise<WizardProgress> {
  const stored: WizardProgress = {
    phase: run.status === 'completed' ? 'done' : run.status === 'failed' ? 'failed' : 'orders',
    exportId: null,
    orders: run.orders,
    page: 0,
    totalPages: null,
    documents: run.documents,
    linked: run.linked,
    failed: null,
  };
  if (run.status !== 'running') {
    lastKnown.delete(run.workflowId);
    return stored;
  }
  // Whatever is still asking when the answer is given is called off, so no call outlives the request (a query
  // left retrying against a busy Temporal would otherwise fire after the gateway closed its connection).
  const calls = new AbortController();
  try {
    return await liveProgress(gw, shopId, run, stored, calls.signal);
  } finally {
    calls.abort();
  }
}

async function liveProgress(
  gw: GatewayContext,
  shopId: string,
  run: WizardImport,
  stored: WizardProgress,
  signal: AbortSignal,
): Promise<WizardProgress> {
  // A query waits for a worker; the merchant's request does not: past the budget the last answer stands.
  const handle = gw.temporal.workflow.getHandle(run.workflowId);
  const budget = new Promise<{ late: true }>((resolve) =>
    setTimeout(() => resolve({ late: true }), QUERY_BUDGET_MS).unref(),
  );
  const asked = gw.temporal
    .withAbortSignal(signal, () => handle.query(wizardProgressQuery))
    .then(
      (progress) => ({ progress }),
      (error: unknown) => ({ error }),
    );
  // A run ended from outside (terminated by support in the Temporal UI, cancelled, timed out) writes no end
  // of its own, and its query would repeat its last progress for ever: it ends as failed, so the wizard
  // says so and its "Erneut versuchen" starts a new run.
  const described = await Promise.race([
    gw.temporal
      .withAbortSignal(signal, () => handle.describe())
      .then(
        ({ status }) => status.name,
        () => undefined,
      ),
    budget,
  ]);
  if (typeof described === 'string' && ENDED_FROM_OUTSIDE.has(described)) {
    const last = lastKnown.get(run.workflowId) ?? stored;
    lastKnown.delete(run.workflowId);
    await finishWizardImport(gw.db, shopId, run.workflowId, {
      status: 'failed',
      orders: last.orders,
      documents: last.documents,
      linked: last.linked,
    });
    return { ...last, phase: 'failed' };
  }
  const answer = await Promise.race([asked, budget]);
  if ('progress' in answer) {
    lastKnown.set(run.workflowId, answer.progress);
    return answer.progress;
  }
  // The claim was written but the gateway stopped before the start: start it now.
  if ('error' in answer && answer.error instanceof WorkflowNotFoundError)
    await startWizardWorkflow(gw, shopId, run.workflowId);
  return lastKnown.get(run.workflowId) ?? stored;
}

async function startWizardWorkflow(gw: GatewayContext, shopId: string, workflowId: string): Promise<void> {
  const shop = await getShop(gw.db, shopId);
  if (!shop) throw NotFound();
  const from = new Date(shop.installedAt.getTime() - TOO_OLD_DAYS * 86_400_000).toISOString();
  try {
    await gw.temporal.workflow.start('wizardImportWorkflow', {
      workflowId,
      taskQueue: backgroundTaskQueue(gw.settings.taskQueue),
      args: [{ shopId, from }],
      typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shopId }]),
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    await finishWizardImport(gw.db, shopId, workflowId, { status: 'failed', orders: 0, documents: 0, linked: 0 });
    throw error;
  }
}

/** Starts the wizard's import unless one runs (then that one is the answer). */
async function ensureWizardImport(gw: GatewayContext, shopId: string): Promise<WizardImport> {
  const { claimed, run } = await claimWizardImport(
    gw.db,
    shopId,
    wizardImportWorkflowId(shopId, Date.now().toString(36)),
  );
  if (claimed) await startWizardWorkflow(gw, shopId, run.workflowId);
  return run;
}

/** The imported orders without a document that switching invoice creation on hands to their workflows. */
async function importedOrdersDue(gw: GatewayContext, shopId: string) {
  const orders = await importedOrdersToHandOver(gw.db, shopId);
  if (orders.length === 0) return [];
  return importedOrdersToInvoice(orders, (await loadShopContext(gw.db, shopId)).invoice).due;
}

/**
 * Invoice creation was switched on: the wizard's imported orders go to their workflows in the background
 * (the workflow logs why each one is skipped). Nothing to hand over, nothing started; one running already
 * is the same hand-over.
 */
export async function startWizardHandOver(gw: GatewayContext, shopId: string): Promise<void> {
  if ((await importedOrdersToHandOver(gw.db, shopId)).length === 0) return;
  try {
    await gw.temporal.workflow.start('wizardHandOverWorkflow', {
      workflowId: wizardHandOverWorkflowId(shopId),
      taskQueue: backgroundTaskQueue(gw.settings.taskQueue),
      args: [{ shopId }],
      typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shopId }]),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

const percent = (p: WizardProgress) =>
  p.phase === 'done' ? 100 : p.totalPages ? Math.min(99, Math.floor((p.page / Math.max(1, p.totalPages)) * 100)) : 0;

async function answerOrders(gw: GatewayContext, ctx: Context, shopId: string, run: WizardImport): Promise<void> {
  const p = await progressOf(gw, shopId, run);
  ctx.body = {
    affected: p.orders,
    continue: p.phase === 'orders',
    status: p.phase === 'failed' ? 'failed' : p.phase === 'orders' ? 'running' : 'completed',
  };
}

export function importRoutes(gw: GatewayContext, api: Router): void {
  /**
   * The connect wizard's import as the workflow wizard:{shop}:{run}; this
   * only starts it and answers its progress. With ?date= it is the paid import of one older day.
   */
  api.post('import.wizard.start', '/api/orders/import', async (ctx) => {
    if (ctx.query.date !== undefined) return startHistoricalImport(gw, ctx, IMPORT_MESSAGES);
    const { shop } = sessionOf(ctx);
    const { scopes } = await shopifyOf(gw, shop);
    if (!scopes.includes('read_all_orders')) throw Forbidden(IMPORT_MESSAGES.scopeMissing);
    if (!(await getConnection(gw.db, shop))) throw BadRequest(IMPORT_MESSAGES.lexwareMissing);
    await answerOrders(gw, ctx, shop, await ensureWizardImport(gw, shop));
  });

  /** The wizard's order step polls this until `continue` is false; `affected` is the true count. */
  api.get('import.wizard', '/api/orders/import/wizard', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const run = await getWizardImport(gw.db, shop);
    if (!run) throw NotFound(IMPORT_MESSAGES.noRun);
    await answerOrders(gw, ctx, shop, run);
  });

  // Before the day routes: their /api/orders/import/:id would take 'range' for a day.
  importRangeRoutes(gw, api, IMPORT_MESSAGES);
  /**
   * The wizard's last step: how many imported orders switching invoice creation on will invoice, i.e. how
   * many transfers they need, counted by the rule the hand-over follows.
   */
  api.get('import.wizard.invoices', '/api/orders/import/wizard/invoices', async (ctx) => {
    const { shop } = sessionOf(ctx);
    ctx.body = { orders: (await importedOrdersDue(gw, shop)).length };
  });

  historicalImportRoutes(gw, api);

  /**
   * The wizard's document step, repeated until `continue` is false: the run's document progress.
   * `assigned` is the number of documents linked so far, not a per-call delta.
   */
  api.post('import.wizard.documents', '/api/lexoffice/import', async (ctx) => {
    const { shop } = sessionOf(ctx);
    if (!(await getConnection(gw.db, shop))) throw BadRequest(IMPORT_MESSAGES.lexwareMissing);
    const known = await getWizardImport(gw.db, shop);
    // After a failed run, the wizard's "Erneut versuchen" asks again: that starts a new run.
    const run = known && known.status !== 'failed' ? known : await ensureWizardImport(gw, shop);
    const p = await progressOf(gw, shop, run);
    ctx.body = {
      continue: p.phase === 'orders' || p.phase === 'documents',
      progress: percent(p),
      found: p.documents,
      affected: p.linked,
      assigned: p.linked,
      status: p.phase,
    };
  });
}
