import { COMPLIANCE_TOPICS } from './compliance';
import { BILLING_TOPICS } from './routes/plan/webhooks';

/** The order events the order workflow takes (deliveries.ts hands every `orders/*` and `refunds/create` to it). */
export const ORDER_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/fulfilled',
  'orders/partially_fulfilled',
  'orders/cancelled',
  // An edit after payment (items, quantities, shipping): the order's snapshot follows in orders/updated.
  'orders/edited',
  'refunds/create',
] as const;

/**
 * Shopify's returns: each has its own handler in deliveries.ts. Only returns/process moves goods and money (the
 * exchange's documents follow it); the others change a return's status and are recorded.
 */
export const RETURN_TOPICS = [
  'returns/request',
  'returns/approve',
  'returns/decline',
  'returns/process',
  'returns/close',
  'returns/reopen',
  'returns/cancel',
] as const;

/** Every topic /webhooks/shopify acts on, compliance topics aside: each must be subscribed (shopify.app.toml or per shop). */
export const HANDLED_TOPICS: readonly string[] = [
  ...ORDER_TOPICS,
  ...RETURN_TOPICS,
  'app/uninstalled',
  ...BILLING_TOPICS,
];

export { COMPLIANCE_TOPICS };

/** The path Shopify posts to; relative `uri`s in shopify.app.toml name the same one. */
export const WEBHOOK_PATH = '/webhooks/shopify';
