import {
  markSignalled,
  markUninstalled,
  setDeliveryStatus,
  unsignalledDeliveries,
  writeLog,
  type WebhookDelivery,
} from '@belegfluss/db';
import { orderIdOf, type ShopifyEvent } from '@belegfluss/orchestration/api';
import { signalOrder } from '@belegfluss/orchestration/client';
import type { ShopifyOrder } from '@belegfluss/shared';
import type { GatewayContext } from './context';
import { nudge } from './billing';
import { COMPLIANCE_TOPICS, handleCompliance } from './compliance';
import { BILLING_TOPICS, handleBillingWebhook } from './routes/plan/webhooks';

type SignalContext = Pick<GatewayContext, 'db' | 'temporal' | 'settings' | 'log'>;

/** Hands one recorded delivery to its order workflow, starting the workflow if needed. */
export async function signalDelivery(ctx: SignalContext, d: WebhookDelivery): Promise<void> {
  const body = d.body as Record<string, unknown>;
  const orderId = orderIdOf(d.topic, body);
  if (!orderId) {
    if (COMPLIANCE_TOPICS.has(d.topic)) await handleCompliance(ctx.db, d);
    if (BILLING_TOPICS.has(d.topic)) {
      await handleBillingWebhook(ctx.db, d);
      await setDeliveryStatus(ctx.db, d.webhookId, 'successful');
      // The shop's billing period follows the plan; best effort, it never fails the delivery.
      await nudge(ctx, d.shopId, d.topic);
    }
    if (d.topic === 'app/uninstalled') {
      // The token is dead from now on; the shop's data stays until shop/redact asks for deletion.
      await markUninstalled(ctx.db, d.shopId);
      await writeLog(ctx.db, {
        shopId: d.shopId,
        origin: 'shopify',
        event: 'shop.uninstalled',
        status: 'warning',
        ref: { webhook: d.webhookId },
      }).catch(() => undefined);
      await setDeliveryStatus(ctx.db, d.webhookId, 'successful');
    }
    await markSignalled(ctx.db, d.webhookId);
    return;
  }
  const isOrder = d.topic.startsWith('orders/');
  await signalOrderWorkflow(ctx, d.shopId, orderId, {
    topic: d.topic,
    webhookId: d.webhookId,
    ...(isOrder ? { order: body as unknown as ShopifyOrder } : { refund: body }),
  });
  await markSignalled(ctx.db, d.webhookId);
}

/**
 * Hands one event to the order's workflow, starting it if needed. Webhooks come through
 * signalDelivery; the order import sends synthetic `orders/import` events the same way.
 */
export async function signalOrderWorkflow(
  ctx: Pick<SignalContext, 'temporal' | 'settings'>,
  shopId: string,
  orderId: string,
  event: ShopifyEvent,
): Promise<void> {
  const orderName = event.order && typeof event.order.name === 'string' ? event.order.name : null;
  await signalOrder(ctx.temporal, ctx.settings.taskQueue, { shopId, orderId, orderName }, { shopify: event });
}

/**
 * Signals run in the background with bounded concurrency: a burst of webhooks is
 * answered at once and reaches Temporal at the pace Temporal can take. A delivery
 * already queued or in flight is not queued twice.
 */
export function createDispatcher(
  ctx: SignalContext,
  concurrency = Number(process.env.SIGNAL_CONCURRENCY ?? 8),
  maxQueued = 20_000,
) {
  const queue: WebhookDelivery[] = [];
  const pending = new Set<string>();
  let active = 0;
  let closed = false;
  const pump = () => {
    while (!closed && active < concurrency && queue.length > 0) {
      const d = queue.shift()!;
      active++;
      signalDelivery(ctx, d)
        .catch((err: unknown) => ctx.log.warn({ err, webhookId: d.webhookId }, 'signal failed; relay will retry'))
        .finally(() => {
          active--;
          pending.delete(d.webhookId);
          pump();
        });
    }
  };
  return {
    /** Past maxQueued the row stays unsignalled and the relay takes it later. */
    enqueue(d: WebhookDelivery): void {
      if (closed || pending.has(d.webhookId) || queue.length >= maxQueued) return;
      pending.add(d.webhookId);
      queue.push(d);
      pump();
    },
    async close(): Promise<void> {
      closed = true;
      queue.length = 0;
      while (active > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * Re-signals deliveries that were answered 200 but never reached Temporal (it was
 * down, or the gateway died in between), so an acknowledged webhook is never lost.
 */
export function startRelay(
  ctx: SignalContext,
  dispatcher: Dispatcher,
  everyMs = 5_000,
  olderThanMs = 30_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    unsignalledDeliveries(ctx.db, olderThanMs)
      .then((rows) => rows.forEach((d) => dispatcher.enqueue(d)))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'relay could not read the inbox; will try again'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => clearInterval(timer);
}
