import { markUninstalled, setDeliveryStatus, writeLog, type WebhookDelivery } from '@belegfluss/db';
import { orderIdOf, type ShopifyEvent } from '@belegfluss/orchestration/api';
import { signalOrder } from '@belegfluss/orchestration/client';
import { receivedRefunds, type ShopifyOrder } from '@belegfluss/shared';
import type { GatewayContext } from './context';
import { nudge } from './billing';
import { COMPLIANCE_TOPICS, handleCompliance } from './compliance';
import { BILLING_TOPICS, handleBillingWebhook } from './routes/plan/webhooks';
import { RETURN_TOPICS } from './topics';

type SignalContext = Pick<GatewayContext, 'db' | 'temporal' | 'settings' | 'log' | 'installedShops'>;

/** What one topic that names no order does with its recorded delivery. */
type TopicHandler = (ctx: SignalContext, d: WebhookDelivery) => Promise<void>;

/** The token is dead from now on; the shop's data stays until shop/redact asks for deletion. */
const appUninstalled: TopicHandler = async (ctx, d) => {
  await markUninstalled(ctx.db, d.shopId);
  await writeLog(ctx.db, {
    shopId: d.shopId,
    origin: 'shopify',
    event: 'shop.uninstalled',
    status: 'warning',
    ref: { webhook: d.webhookId },
  }).catch(() => undefined);
  await setDeliveryStatus(ctx.db, d.webhookId, 'successful');
};

const billingChanged: TopicHandler = async (ctx, d) => {
  await handleBillingWebhook(ctx.db, d);
  await setDeliveryStatus(ctx.db, d.webhookId, 'successful');
  // The shop's billing period follows the plan; best effort, it never fails the delivery.
  await nudge(ctx, d.shopId, d.topic);
};

const compliance: TopicHandler = (ctx, d) => handleCompliance(ctx.db, d);

/**
 * A processed return moves goods and money: its order's workflow makes the exchange's documents (and knows the
 * refund that belongs to it). It settles the delivery at the end of its round, like an order event.
 */
const returnProcessed: TopicHandler = async (ctx, d) => {
  const body = d.body as Record<string, unknown>;
  await signalOrderWorkflow(ctx, d.shopId, String(body.order_id), {
    topic: d.topic,
    webhookId: d.webhookId,
    return: { ...body, processed_at: d.triggeredAt ?? new Date().toISOString() },
  });
};

/** What a return's status change says, in the order's log: nothing is booked until it is processed. */
const RETURN_STATUS_WORDS: Record<string, string> = {
  'returns/request': 'requested',
  'returns/approve': 'approved',
  'returns/decline': 'declined',
  'returns/close': 'closed',
  'returns/reopen': 'reopened',
  'returns/cancel': 'canceled',
};

const returnStatusChanged: TopicHandler = async (ctx, d) => {
  const body = d.body as { id?: unknown; name?: unknown; order_id?: unknown; order?: { id?: unknown } };
  const orderId = body.order_id ?? body.order?.id;
  await writeLog(ctx.db, {
    shopId: d.shopId,
    origin: 'shopify',
    event: 'return.status',
    status: 'info',
    ...(orderId != null ? { orderId: String(orderId) } : {}),
    ref: { webhook: d.webhookId },
    body: { status: RETURN_STATUS_WORDS[d.topic], returnId: body.id, name: body.name ?? null },
  }).catch(() => undefined);
  await setDeliveryStatus(ctx.db, d.webhookId, 'successful');
};

/** One handler per topic that names no order, as the Shopify app templates route their webhooks. */
export const TOPIC_HANDLERS: ReadonlyMap<string, TopicHandler> = new Map([
  ['app/uninstalled', appUninstalled],
  ...RETURN_TOPICS.map((topic): [string, TopicHandler] => [
    topic,
    topic === 'returns/process' ? returnProcessed : returnStatusChanged,
  ]),
  ...[...BILLING_TOPICS].map((topic): [string, TopicHandler] => [topic, billingChanged]),
  ...[...COMPLIANCE_TOPICS].map((topic): [string, TopicHandler] => [topic, compliance]),
]);

/**
 * Hands one recorded delivery to its order workflow, starting the workflow if needed, or to its topic's
 * handler. The caller marks it signalled (the dispatcher does so for many at once).
 */
export async function signalDelivery(ctx: SignalContext, d: WebhookDelivery): Promise<void> {
  const body = d.body as Record<string, unknown>;
  const orderId = orderIdOf(d.topic, body);
  if (!orderId) {
    await TOPIC_HANDLERS.get(d.topic)?.(ctx, d);
    // An uninstall or a redaction changes whether the shop's order webhooks are taken.
    ctx.installedShops.forget(d.shopId);
    return;
  }
  // An edit's body is no order: the workflow learns which lines it changed; the order's snapshot follows it in
  // orders/updated.
  if (d.topic === 'orders/edited') {
    await signalOrderWorkflow(ctx, d.shopId, orderId, { topic: d.topic, webhookId: d.webhookId, edit: body });
    return;
  }
  const isOrder = d.topic.startsWith('orders/');
  // Shopify may send a refund without created_at, or refund line items without id (see receivedRefund).
  const received = receivedRefunds(d.topic, body, d.triggeredAt ?? new Date().toISOString());
  await signalOrderWorkflow(ctx, d.shopId, orderId, {
    topic: d.topic,
    webhookId: d.webhookId,
    ...(d.triggeredAt ? { triggeredAt: d.triggeredAt } : {}),
    ...(isOrder ? { order: received as unknown as ShopifyOrder } : { refund: received }),
  });
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
