import { TypedSearchAttributes } from '@temporalio/common';
import { markSignalled, unsignalledDeliveries, type WebhookDelivery } from '@belegfluss/db';
import { OrderNameKey, ShopDomainKey, orderIdOf, orderWorkflowId, shopifyEventSignal } from '@belegfluss/workflows/api';
import type { ShopifyOrder } from '@belegfluss/shared';
import type { GatewayContext } from './context';

/** Hands one recorded delivery to its order workflow, starting the workflow if needed. */
export async function signalDelivery(ctx: GatewayContext, d: WebhookDelivery): Promise<void> {
  const body = d.body as Record<string, unknown>;
  const orderId = orderIdOf(d.topic, body);
  if (!orderId) {
    await markSignalled(ctx.db, d.webhookId);
    return;
  }
  const isOrder = d.topic.startsWith('orders/');
  await ctx.temporal.workflow.signalWithStart('orderWorkflow', {
    workflowId: orderWorkflowId(d.shopId, orderId),
    taskQueue: ctx.settings.taskQueue,
    args: [{ shopId: d.shopId, orderId }],
    signal: shopifyEventSignal,
    signalArgs: [{
      topic: d.topic,
      webhookId: d.webhookId,
      ...(isOrder ? { order: body as unknown as ShopifyOrder } : { refund: body }),
    }],
    typedSearchAttributes: new TypedSearchAttributes([
      { key: ShopDomainKey, value: d.shopId },
      ...(isOrder && typeof body.name === 'string' ? [{ key: OrderNameKey, value: body.name }] : []),
    ]),
  });
  await markSignalled(ctx.db, d.webhookId);
}

/**
 * Re-signals deliveries that were answered 200 but never reached Temporal (it was
 * down, or the gateway died in between), so an acknowledged webhook is never lost.
 */
export function startRelay(ctx: GatewayContext, everyMs = 5_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        for (const d of await unsignalledDeliveries(ctx.db, everyMs)) await signalDelivery(ctx, d);
      } catch (error) {
        ctx.log.warn({ err: error }, 'relay could not signal; will try again');
      } finally {
        running = false;
      }
    })();
  }, everyMs);
  return () => clearInterval(timer);
}
