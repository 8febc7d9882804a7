import type Router from '@koa/router';
import { WorkflowNotFoundError } from '@temporalio/client';
import { getOrderSnapshot, getShop } from '@belegfluss/db';
import { ShopifyOrderSchema } from '@belegfluss/shared';
import { OrderNameKey, DocumentStatusKey } from '@belegfluss/orchestration/api';
import type { GatewayContext } from '../../context';
import { DEFAULT_TEMPORAL_UI_URL } from '../../config';
import { NotFound, Conflict, Unprocessable } from '../../errors';
import { body, NoBody, validate } from '../../http';
import { requireStaff } from '../../middleware/staff';
import { signalOrderWorkflow } from '../../deliveries';
import { auditAdminAction } from './support-desk';
import { ShopDomainParam, TerminateBody, WorkflowIdParam } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.workflows': "The shop's workflows (Temporal list by ShopDomain) with Temporal UI links",
  'admin.workflow.restart': 'signalWithStart an order workflow with the stored order snapshot',
  'admin.workflow.terminate': '{reason}: terminate a running workflow (operator)',
});

const MAX_LISTED = 200;

export const WORKFLOW_MESSAGES = {
  shopUnknown: 'Diesen Shop gibt es nicht.',
  notFound: 'Diesen Workflow gibt es nicht.',
  notOfShop: 'Dieser Workflow gehört nicht zu diesem Shop.',
  noSnapshot: 'Zu dieser Bestellung ist kein Stand gespeichert; sie kann nicht neu gestartet werden.',
  closed: 'Dieser Workflow läuft nicht mehr.',
} as const;

/** The Temporal UI: a shop's workflows (by the ShopDomain search attribute) and one workflow's history. */
export function temporalUiLinks(gw: GatewayContext) {
  const base = `${gw.options.temporalUiUrl ?? DEFAULT_TEMPORAL_UI_URL}/namespaces/${encodeURIComponent(gw.settings.temporalNamespace)}/workflows`;
  return {
    shop: (shop: string) => `${base}?query=${encodeURIComponent(`ShopDomain="${shop}"`)}`,
    workflow: (id: string, runId: string) => `${base}/${encodeURIComponent(id)}/${runId}/history`,
  };
}

async function shopParam(gw: GatewayContext, raw: string | undefined): Promise<string> {
  const shop = validate(ShopDomainParam, raw);
  if (!(await getShop(gw.db, shop))) throw NotFound(WORKFLOW_MESSAGES.shopUnknown);
  return shop;
}

/** Workflow ids carry the shop (`order:{shop}:{id}`), so an action can't reach another shop's workflow. */
function workflowParam(shop: string, raw: string | undefined): { id: string; kind: string; ref: string } {
  const id = validate(WorkflowIdParam, raw);
  const [kind, owner, ref] = id.split(':') as [string, string, string];
  if (owner !== shop) throw NotFound(WORKFLOW_MESSAGES.notOfShop);
  return { id, kind, ref };
}

async function described(gw: GatewayContext, id: string) {
  try {
    return await gw.temporal.workflow.getHandle(id).describe();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw NotFound(WORKFLOW_MESSAGES.notFound);
    throw error;
  }
}

/** Support actions on a shop's workflows (admin area). */
export function workflowRoutes(gw: GatewayContext, admin: Router): void {
  const links = temporalUiLinks(gw);

  admin.get('admin.workflows', '/shops/:shop/workflows', async (ctx) => {
    const shop = await shopParam(gw, ctx.params.shop);
    const items = [];
    for await (const wf of gw.temporal.workflow.list({ query: `ShopDomain = "${shop}"`, pageSize: 100 })) {
      items.push({
        workflowId: wf.workflowId,
        runId: wf.runId,
        type: wf.type,
        status: wf.status.name,
        startTime: wf.startTime.toISOString(),
        closeTime: wf.closeTime?.toISOString() ?? null,
        orderName: wf.typedSearchAttributes.get(OrderNameKey) ?? null,
        documentStatus: wf.typedSearchAttributes.get(DocumentStatusKey) ?? null,
        url: links.workflow(wf.workflowId, wf.runId),
      });
      if (items.length >= MAX_LISTED) break;
    }
    ctx.body = { items, url: links.shop(shop) };
  });

  /** Hands the stored order snapshot to its workflow again (signalWithStart: a finished workflow starts anew). */
  admin.post('admin.workflow.restart', '/shops/:shop/workflows/:workflowId/restart', async (ctx) => {
    const shop = await shopParam(gw, ctx.params.shop);
    const wf = workflowParam(shop, ctx.params.workflowId);
    await body(ctx, NoBody);
    if (wf.kind !== 'order')
      throw Unprocessable('NOT_RESTARTABLE', 'Nur Bestell-Workflows können neu gestartet werden.');
    const snapshot = await getOrderSnapshot(gw.db, shop, wf.ref);
    const order = snapshot && ShopifyOrderSchema.safeParse(snapshot);
    if (!order?.success) throw Conflict('NO_SNAPSHOT', WORKFLOW_MESSAGES.noSnapshot);
    await signalOrderWorkflow(gw, shop, wf.ref, {
      topic: 'orders/updated',
      webhookId: `admin:${wf.ref}:${Date.now()}`,
      order: order.data,
    });
    const info = await described(gw, wf.id);
    await auditAdminAction(gw, ctx, shop, 'workflow.restart', { workflowId: wf.id });
    ctx.body = {
      workflowId: wf.id,
      runId: info.runId,
      status: info.status.name,
      url: links.workflow(wf.id, info.runId),
    };
  });

  admin.post(
    'admin.workflow.terminate',
    '/shops/:shop/workflows/:workflowId/terminate',
    requireStaff(gw, 'workflow.terminate'),
    async (ctx) => {
      const shop = await shopParam(gw, ctx.params.shop);
      const wf = workflowParam(shop, ctx.params.workflowId);
      const { reason } = await body(ctx, TerminateBody);
      const info = await described(gw, wf.id);
      if (info.status.name !== 'RUNNING') throw Conflict('CLOSED', WORKFLOW_MESSAGES.closed);
      await gw.temporal.workflow.getHandle(wf.id, info.runId).terminate(reason);
      await auditAdminAction(gw, ctx, shop, 'workflow.terminate', { workflowId: wf.id, reason });
      ctx.body = { workflowId: wf.id, runId: info.runId, status: 'TERMINATED' };
    },
  );
}
