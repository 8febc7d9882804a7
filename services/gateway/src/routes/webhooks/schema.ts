import { z } from 'zod';
import { COMPLIANCE_TOPICS } from '../../compliance';
import { BILLING_TOPICS } from '../plan/webhooks';
import { ORDER_TOPICS, RETURN_TOPICS } from '../../topics';

/**
 * Shopify's HMAC covers the body only; topic, shop and times come in unsigned headers. So a body signed for one
 * purpose must not be taken for another: each topic's body has to show the fields that identify its kind (an
 * order is no refund, a customer redaction no shop redaction), and where it names its shop, that shop must be
 * the header's. Only the identifying fields are checked; the handlers read the rest as before.
 */

/** Shopify retries for 4 hours; shop/redact comes 48 hours after the uninstall it follows. */
export const WEBHOOK_MAX_AGE_MS = 48 * 60 * 60 * 1000;

const id = z.number().int().positive();
const gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`));
const absent = z.never().optional();

const order = z.object({ id, admin_graphql_api_id: gid('Order'), line_items: z.array(z.unknown()) });
/** orders/edited carries the edit, not the order: what was added and removed, and the order it belongs to. */
const changes = z.object({ additions: z.array(z.unknown()), removals: z.array(z.unknown()) });
const orderEdit = z.object({ order_edit: z.object({ id, order_id: id, line_items: changes }) });
const refund = z.object({
  id,
  order_id: id,
  admin_graphql_api_id: gid('Refund'),
  refund_line_items: z.array(z.unknown()),
});
/**
 * A return: request and approve name the order as an object, decline names none, the others by order_id; a
 * refund or an order (both with an order id and line items) never passes for one.
 */
const returnBody = (topic: string) =>
  z.object({
    id,
    admin_graphql_api_id: gid('Return'),
    status: z.string(),
    ...(topic === 'returns/request' || topic === 'returns/approve'
      ? { order: z.object({ id, admin_graphql_api_id: gid('Order') }) }
      : topic === 'returns/decline'
        ? {}
        : { order_id: id }),
    ...(topic === 'returns/process' ? { return_line_items: z.array(z.unknown()) } : {}),
  });
/** The compliance bodies name the shop by its id and domain. */
const complianceShop = { shop_id: id, shop_domain: z.string() };
const customer = z.object({ id: id.nullish() });
const billing = (type: string) =>
  z.object({ admin_graphql_api_id: gid(type), status: z.string(), admin_graphql_api_shop_id: gid('Shop') });

/** Each subscribed topic's body (topics.test.ts checks that none is missing). */
const BODIES: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ...ORDER_TOPICS.map(
    (topic) => [topic, topic === 'refunds/create' ? refund : topic === 'orders/edited' ? orderEdit : order] as const,
  ),
  ...RETURN_TOPICS.map((topic) => [topic, returnBody(topic)] as const),
  // The Shop resource.
  ['app/uninstalled', z.object({ id, myshopify_domain: z.string() })],
  [
    'customers/data_request',
    z.object({ ...complianceShop, customer, orders_requested: z.array(id), data_request: z.object({ id }) }),
  ],
  ['customers/redact', z.object({ ...complianceShop, customer, orders_to_redact: z.array(id) })],
  // Deletes the whole shop: a customer topic's body (same shop fields) must never pass as this one.
  [
    'shop/redact',
    z.object({
      ...complianceShop,
      customer: absent,
      orders_to_redact: absent,
      orders_requested: absent,
      data_request: absent,
    }),
  ],
  ['app_subscriptions/update', z.object({ app_subscription: billing('AppSubscription') })],
  ['app_purchases_one_time/update', z.object({ app_purchase_one_time: billing('AppPurchaseOneTime') })],
]);

/** The topics whose bodies are known; any other is refused. */
export const SHAPED_TOPICS: readonly string[] = [...BODIES.keys()];

export type Refusal = { reason: string; message: string };

export const OTHER_SHOP: Refusal = {
  reason: 'SHOP',
  message: 'Der Webhook nennt einen anderen Shop als den, für den er zugestellt wurde.',
};

const TriggeredAt = z.iso.datetime({ offset: true });

/**
 * Why a delivery whose HMAC is valid is still not taken, or null when it is: the triggered-at header is
 * missing or older than Shopify's retry window, the topic is not one we subscribe to, the body is not that
 * topic's, or the body names another shop than the header.
 */
export function refuseDelivery(
  d: { topic: string; shopId: string; triggeredAt: string; body: Record<string, unknown> },
  now = Date.now(),
): Refusal | null {
  if (!TriggeredAt.safeParse(d.triggeredAt).success)
    return { reason: 'TRIGGERED_AT', message: 'Dem Webhook fehlt ein gültiger Zeitpunkt (X-Shopify-Triggered-At).' };
  if (now - Date.parse(d.triggeredAt) > WEBHOOK_MAX_AGE_MS)
    return { reason: 'STALE', message: 'Der Webhook ist älter als 48 Stunden und wird nicht mehr angenommen.' };
  const shape = BODIES.get(d.topic);
  if (!shape) return { reason: 'TOPIC', message: `Das Webhook-Thema „${d.topic}“ wird nicht angenommen.` };
  if (!shape.safeParse(d.body).success)
    return { reason: 'BODY', message: `Der Inhalt des Webhooks passt nicht zum Thema „${d.topic}“.` };
  const named = d.body.shop_domain ?? d.body.myshopify_domain;
  if (named !== undefined && named !== d.shopId) return OTHER_SHOP;
  return null;
}

/**
 * Shopify's numeric id of the shop a body names, where it names one: compliance topics (`shop_id`), the Shop
 * resource of app/uninstalled (`id`), and the billing topics (`admin_graphql_api_shop_id`). Call after
 * refuseDelivery, which has checked the shapes.
 */
export function shopifyShopIdNamedBy(topic: string, body: Record<string, unknown>): string | undefined {
  if (COMPLIANCE_TOPICS.has(topic)) return String(body.shop_id);
  if (topic === 'app/uninstalled') return String(body.id);
  if (BILLING_TOPICS.has(topic)) {
    const update = (body.app_subscription ?? body.app_purchase_one_time) as { admin_graphql_api_shop_id: string };
    return update.admin_graphql_api_shop_id.split('/').at(-1);
  }
  return undefined;
}

/** POST /webhooks/lexoffice: the event Lexware sends, after its signature is checked. */
export const EventBody = z.object({
  organizationId: z.string().min(1).max(100),
  eventType: z.string().min(1).max(100),
  resourceId: z.string().min(1).max(100),
  eventDate: z.string().min(1).max(64),
});
