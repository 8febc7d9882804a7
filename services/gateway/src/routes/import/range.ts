import type Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  claimImportRange,
  importRunStore,
  latestImportRange,
  releaseImportRange,
  requestImportRangeStop,
} from '@belegfluss/db';
import { checkImportRange, IMPORT_RANGE_MESSAGES } from '@belegfluss/shared';
import {
  backgroundTaskQueue,
  importRangeWorkflowId,
  ShopDomainKey,
  stopImportRangeSignal,
} from '@belegfluss/orchestration/api';
import { settleImportRange } from '@belegfluss/orchestration/imports';
import type { GatewayContext } from '../../context';
import { BadRequest } from '../../errors';
import { query } from '../../http';
import { sessionOf } from '../../middleware/session';
import { importingShop, selectableDays, type ImportChecks } from './historical';
import { OrderImportRangeQuery } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'import.range': '?from&to: import a range of days, one after another',
  'import.range.stop': 'Stop the range: the running day finishes',
});

/**
 * The historical import of a range of days: `POST /api/orders/import/range?from=&to=` queues
 * the days behind one workflow, which runs each day's own workflow one after another; the
 * dialog follows it in `GET /api/orders/import/days` (its `range`). Bad input answers 400 and
 * queues nothing.
 */
export function importRangeRoutes(gw: GatewayContext, api: Router, checks: ImportChecks): void {
  api.post('import.range', '/api/orders/import/range', async (ctx) => {
    const { from, to } = query(ctx, OrderImportRangeQuery);
    const shop = await importingShop(gw, ctx, checks);
    const allowed = await selectableDays(gw, shop);
    const stored = await latestImportRange(gw.db, shop.id);
    const running = stored && (await settleImportRange(importRunStore(gw.db), gw.temporal, stored));
    const checked = checkImportRange(from, to, {
      ...allowed,
      running: running?.status === 'running' ? running : null,
    });
    if ('error' in checked) throw BadRequest(checked.error, checked.field);

    const workflowId = importRangeWorkflowId(shop.id, from, to, Date.now().toString(36));
    // Two clicks at once: the table lets one range per shop run, the other is refused.
    if (!(await claimImportRange(gw.db, { shopId: shop.id, workflowId, from, to })))
      throw BadRequest(IMPORT_RANGE_MESSAGES.running, 'from');
    try {
      await gw.temporal.workflow.start('importRangeWorkflow', {
        workflowId,
        taskQueue: backgroundTaskQueue(gw.settings.taskQueue),
        args: [{ shopId: shop.id, from, to }],
        typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shop.id }]),
      });
    } catch (error) {
      await releaseImportRange(gw.db, workflowId);
      if (error instanceof WorkflowExecutionAlreadyStartedError)
        throw BadRequest(IMPORT_RANGE_MESSAGES.running, 'from');
      throw error;
    }
    ctx.status = 202;
    ctx.body = { id: workflowId, from, to, days: checked.days.length, status: 'running' };
  });

  /** Stops the running range: the days not started stay so, the running day finishes. */
  api.post('import.range.stop', '/api/orders/import/range/stop', async (ctx) => {
    const shopId = sessionOf(ctx).shop;
    const stored = await latestImportRange(gw.db, shopId);
    const range = stored && (await settleImportRange(importRunStore(gw.db), gw.temporal, stored));
    if (range?.status !== 'running') throw BadRequest(IMPORT_RANGE_MESSAGES.noneRunning);
    await requestImportRangeStop(gw.db, range.workflowId);
    await gw.temporal.workflow
      .getHandle(range.workflowId)
      .signal(stopImportRangeSignal)
      .catch((error: unknown) => {
        // Ended between the look and the signal: nothing is left to stop.
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      });
    ctx.status = 202;
    ctx.body = { id: range.workflowId, from: range.from, to: range.to, stopRequested: true };
  });
}
