import type Router from '@koa/router';
import type { Context } from 'koa';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { claimOrderImport, getConnection, getOrderImport, getShop, purchasedFeatures, releaseOrderImport } from '@belegfluss/db';
import { ImportDate, OrderImportQuery, planById } from '@belegfluss/shared';
import { ShopDomainKey, importProgressQuery, importWorkflowId } from '@belegfluss/workflows/api';
import type { GatewayContext } from '../../context';
import { BadRequest, Forbidden, HttpError, NotFound } from '../../errors';
import { query, validate } from '../../http';
import { sessionOf } from '../../middleware/session';

export const HISTORICAL_MESSAGES = {
  freePlan: 'Der Import älterer Bestellungen ist auf dem kostenlosen Tarif nicht verfügbar. Wähle zuerst einen bezahlten Tarif.',
  notPurchased: 'Der Import älterer Bestellungen ist noch nicht freigeschaltet. Du kannst ihn unter Abonnement als Einmalkauf freischalten.',
  running: 'Der Import ab diesem Tag läuft bereits oder ist abgeschlossen.',
  notFound: 'Einen Import ab diesem Tag gibt es nicht.',
} as const;

/**
 * `POST /api/orders/import?date=`: the paid import of every order since `date`, as its own
 * workflow (spec 1 §4: the unlock counts only on a paid plan). Answers 202 with the id to poll.
 */
export async function startHistoricalImport(gw: GatewayContext, ctx: Context, checks: { shopifyMissing: string; scopeMissing: string; lexofficeMissing: string }): Promise<void> {
  const { date } = query(ctx, OrderImportQuery);
  const shop = await getShop(gw.db, sessionOf(ctx).shop);
  if (!shop?.shopifyTokenEnc || shop.missingAccessToken || shop.uninstalledAt) throw BadRequest(checks.shopifyMissing);
  if (planById(shop.planId).importPrice === null) throw new HttpError(402, 'PAYMENT_REQUIRED', HISTORICAL_MESSAGES.freePlan);
  if (!(await purchasedFeatures(gw.db, shop.id)).includes('orderImport')) throw new HttpError(402, 'PAYMENT_REQUIRED', HISTORICAL_MESSAGES.notPurchased);
  if (!shop.scopes.includes('read_all_orders')) throw Forbidden(checks.scopeMissing);
  if (!(await getConnection(gw.db, shop.id))) throw BadRequest(checks.lexofficeMissing);

  const workflowId = importWorkflowId(shop.id, date);
  if (!(await claimOrderImport(gw.db, shop.id, date, workflowId))) throw new HttpError(409, 'IMPORT_EXISTS', HISTORICAL_MESSAGES.running);
  try {
    await gw.temporal.workflow.start('importWorkflow', {
      workflowId, taskQueue: gw.settings.taskQueue, args: [{ shopId: shop.id, since: date }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shop.id }]),
    });
  } catch (error) {
    await releaseOrderImport(gw.db, shop.id, date);
    if (error instanceof WorkflowExecutionAlreadyStartedError) throw new HttpError(409, 'IMPORT_EXISTS', HISTORICAL_MESSAGES.running);
    throw error;
  }
  ctx.status = 202;
  ctx.body = { id: date, workflowId, status: 'running', affected: 0, pages: 0 };
}

/** `GET /api/orders/import/{date}`: progress, from the running workflow's query, else from the stored run. */
export function historicalImportRoutes(gw: GatewayContext, api: Router): void {
  api.get('/api/orders/import/:id', async (ctx) => {
    const parsed = ImportDate.safeParse(ctx.params.id);
    if (!parsed.success) throw NotFound(HISTORICAL_MESSAGES.notFound);
    const run = await getOrderImport(gw.db, sessionOf(ctx).shop, validate(ImportDate, parsed.data));
    if (!run?.workflowId) throw NotFound(HISTORICAL_MESSAGES.notFound);
    let live: { pages: number; affected: number; done: boolean } | undefined;
    if (run.status === 'running') {
      live = await gw.temporal.workflow.getHandle(run.workflowId).query(importProgressQuery).catch(() => undefined);
    }
    ctx.body = { id: run.day, workflowId: run.workflowId, status: run.status, affected: live?.affected ?? run.affected, pages: live?.pages ?? run.pages };
  });
}
