import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { shopExists, shopifyShopIdOf, writeLog, type WebhookDelivery } from '@belegfluss/db';
import { orderIdOf } from '@belegfluss/orchestration/api';
import { isShopDomain, verifyWebhookHmac } from '@belegfluss/shopify';
import type { GatewayContext } from '../../context';
import { errorAnswer } from '../../errors';
import { MB, readRawBody, readRequestBody } from '../../http';
import { OTHER_SHOP, refuseDelivery, shopifyShopIdNamedBy, type Refusal } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'webhooks.shopify': 'Shopify webhooks (HMAC); served in front of Koa by main.ts',
});

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';
/** Shopify's largest payloads (orders with hundreds of lines) stay far below 10 MB. */
const LIMIT = 10 * MB;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A new delivery, handed to the dispatcher once the answer is sent. */
  fresh?: WebhookDelivery;
}

/**
 * Shopify webhooks. The HMAC over the raw body is checked first, then that the body fits the unsigned headers
 * (refused: 401, nothing written, nothing started); the delivery is written to the inbox (which also dedupes;
 * concurrent requests share one insert) and answered 200 once its row is committed. Nothing slow is in the
 * request path: whether the shop is installed is remembered for a few seconds, and signalling Temporal happens
 * after the answer, in the dispatcher.
 */
async function takeWebhook(gw: GatewayContext, raw: Buffer, header: (name: string) => string): Promise<Answer> {
  const shopId = header('x-shopify-shop-domain');
  const topic = header('x-shopify-topic');
  const refused = (refusal: Refusal): Answer => {
    gw.log.warn(
      { shop: shopId, topic, webhookId: header('x-shopify-webhook-id'), reason: refusal.reason },
      'Webhook refused',
    );
    return { status: 401, body: { error: 'UNAUTHORIZED', message: refusal.message } };
  };
  if (!verifyWebhookHmac(raw, header('x-shopify-hmac-sha256') || undefined, gw.settings.shopify.apiSecret))
    return refused({ reason: 'HMAC', message: 'Ungültige Webhook-Signatur' });
  const json = raw.toString('utf8');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(json) as Record<string, unknown>;
    // Every topic's payload is an object; `null`, a number or a list would fail later, deep inside.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError('not an object');
  } catch {
    return { status: 400, body: { error: 'BAD_REQUEST', message: 'Der Webhook enthält kein gültiges JSON' } };
  }
  if (!isShopDomain(shopId) || !topic)
    return { status: 400, body: { error: 'BAD_REQUEST', message: 'Shop oder Thema des Webhooks fehlt' } };
  // The signature vouches for the body only: it must be this topic's, of this shop, and recent.
  const triggeredAt = header('x-shopify-triggered-at');
  const refusal = refuseDelivery({ topic, shopId, triggeredAt, body });
  if (refusal) return refused(refusal);
  // Shopify's id of the shop, where the body names it, against the one read at install (if we have it).
  const namedShopifyId = shopifyShopIdNamedBy(topic, body);
  if (namedShopifyId !== undefined) {
    const stored = await shopifyShopIdOf(gw.db, shopId);
    if (stored !== null && stored !== namedShopifyId) return refused(OTHER_SHOP);
  }
  // An order event of a shop that is not installed (never, or uninstalled) has nowhere to go: an order
  // workflow could only fail on the missing shop. Answered 200 so Shopify does not retry it.
  const orderId = orderIdOf(topic, body);
  if (orderId && !(await gw.installedShops.has(shopId))) {
    gw.log.info(
      { shop: shopId, topic, webhookId: header('x-shopify-webhook-id') },
      'Webhook dropped: the shop has not installed the app',
    );
    return { status: 200, body: { ok: true, dropped: 'SHOP_NOT_INSTALLED' } };
  }
  const delivery = {
    webhookId: header('x-shopify-webhook-id') || randomUUID(),
    eventId: header('x-shopify-event-id') || null,
    shopId,
    topic,
    resourceId: body.id == null ? null : String(body.id),
    triggeredAt,
    body,
  };
  // Stored as the text Shopify sent, the one the HMAC covers.
  const fresh = await gw.inbox.record({ ...delivery, json });
  // Rare, and the merchant's log has it by the time Shopify has the answer.
  if (!fresh && orderId) await logDuplicate(gw, delivery);
  return { status: 200, body: { ok: true, duplicate: !fresh }, ...(fresh ? { fresh: delivery } : {}) };
}

const BUSY: Answer = {
  status: 503,
  body: { error: 'BUSY', message: 'Gerade kommen zu viele Webhooks auf einmal an. Bitte später erneut senden.' },
  headers: { 'Retry-After': '5', Connection: 'close' },
};

/** Takes a webhook while one of the bounded places for its body is free; BUSY without reading it otherwise. */
async function withinBound(gw: GatewayContext, take: () => Promise<Answer>): Promise<Answer> {
  if (!gw.webhookBodies.take()) {
    gw.log.warn({ max: gw.webhookBodies.max }, 'Webhook answered 503: too many bodies held at once');
    return BUSY;
  }
  try {
    return await take();
  } finally {
    gw.webhookBodies.release();
  }
}

/** Signalling goes through the dispatcher, after the answer; a failure there is picked up by the relay. */
const handOver = (gw: GatewayContext, answer: Answer) => {
  if (answer.fresh) gw.dispatcher.enqueue(answer.fresh);
};

/** POST /webhooks/shopify in Koa: where the fast path below isn't in front (and other methods get a German 405). */
export function webhookRoutes(gw: GatewayContext): Router {
  const router = new Router();
  router.post('webhooks.shopify', SHOPIFY_WEBHOOK_PATH, async (ctx) => {
    const answer = await withinBound(gw, async () =>
      takeWebhook(gw, await readRawBody(ctx, LIMIT), (name) => ctx.get(name)),
    );
    if (answer.headers) ctx.set(answer.headers);
    ctx.status = answer.status;
    ctx.body = answer.body;
    handOver(gw, answer);
  });
  return router;
}

export const isShopifyWebhook = (req: IncomingMessage) =>
  req.method === 'POST' && (req.url === SHOPIFY_WEBHOOK_PATH || req.url?.startsWith(`${SHOPIFY_WEBHOOK_PATH}?`));

/**
 * The same route without Koa, in front of it (main.ts): under a burst, webhooks are nearly all the gateway's
 * requests, and Koa's context, middleware and response handling cost about as much as the rest of taking one
 * in. Answers as the Koa app would: the same JSON and German messages, nosniff, 413 closing the connection.
 */
export function shopifyWebhookListener(gw: GatewayContext): (req: IncomingMessage, res: ServerResponse) => void {
  const header = (req: IncomingMessage) => (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(', ') : value) ?? '';
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    let answer: Answer;
    try {
      answer = await withinBound(gw, async () => takeWebhook(gw, await readRequestBody(req, LIMIT), header(req)));
    } catch (caught) {
      const failed = errorAnswer(caught);
      if (failed.log) gw.log.error({ err: caught }, 'request failed');
      if (failed.status === 413) res.setHeader('Connection', 'close');
      answer = failed;
    }
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'X-Content-Type-Options': 'nosniff',
      ...answer.headers,
    });
    res.end(text);
    handOver(gw, answer);
  };
  return (req, res) => {
    serve(req, res).catch((err: unknown) => {
      gw.log.error({ err }, 'request failed');
      res.destroy();
    });
  };
}

/** Shopify sent an order event we already have (DUPLICATE_ORDER): processed once, noted here. */
async function logDuplicate(gw: GatewayContext, d: WebhookDelivery): Promise<void> {
  // A shop we don't know (never installed, already redacted) has no log to write to.
  if (!(await shopExists(gw.db, d.shopId))) return;
  const body = d.body as { id?: unknown; order_id?: unknown; name?: unknown };
  await writeLog(gw.db, {
    shopId: d.shopId,
    origin: 'webhook',
    event: 'webhook.skipped',
    status: 'info',
    orderId: String(orderIdOf(d.topic, body as Record<string, unknown>)),
    orderName: typeof body.name === 'string' ? body.name : null,
    body: { reason: 'DUPLICATE_ORDER', topic: d.topic, webhookId: d.webhookId },
  });
}
