import Router from '@koa/router';
import type { Context } from 'koa';
import { randomUUID } from 'node:crypto';
import { shopExists, writeLog, type WebhookDelivery } from '@belegfluss/db';
import { orderIdOf } from '@belegfluss/orchestration/api';
import { isShopDomain, verifyWebhookHmac } from '@belegfluss/shopify';
import type { GatewayContext } from '../context';
import { MB, readRawBody } from '../http';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

/** POST /webhooks/shopify on the router too, so other methods get the usual German 405. */
export function webhookRoutes(handle: (ctx: Context) => Promise<void>): Router {
  const router = new Router();
  router.post(SHOPIFY_WEBHOOK_PATH, handle);
  return router;
}

/**
 * Shopify webhooks. The HMAC over the raw body is checked first; the delivery is
 * written to the inbox (which also dedupes; concurrent requests share one insert) and answered 200
 * once its row is committed. Nothing slow is in the request path: whether the shop is installed is
 * remembered for a few seconds, and signalling Temporal happens after the answer, in the dispatcher.
 * app.ts runs this before the routers, since a burst of webhooks is most of the gateway's traffic.
 */
export function shopifyWebhook(gw: GatewayContext): (ctx: Context) => Promise<void> {
  return async (ctx) => {
    // Shopify's largest payloads (orders with hundreds of lines) stay far below 10 MB.
    const raw = await readRawBody(ctx, 10 * MB);
    if (!verifyWebhookHmac(raw, ctx.get('x-shopify-hmac-sha256') || undefined, gw.settings.shopify.apiSecret)) {
      ctx.status = 401;
      ctx.body = { error: 'UNAUTHORIZED', message: 'Ungültige Webhook-Signatur' };
      return;
    }
    const shopId = ctx.get('x-shopify-shop-domain');
    const topic = ctx.get('x-shopify-topic');
    const json = raw.toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(json) as Record<string, unknown>;
      // Every topic's payload is an object; `null`, a number or a list would fail later, deep inside.
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError('not an object');
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'BAD_REQUEST', message: 'Der Webhook enthält kein gültiges JSON' };
      return;
    }
    if (!isShopDomain(shopId) || !topic) {
      ctx.status = 400;
      ctx.body = { error: 'BAD_REQUEST', message: 'Shop oder Thema des Webhooks fehlt' };
      return;
    }
    // An order event of a shop that is not installed (never, or uninstalled) has nowhere to go: an order
    // workflow could only fail on the missing shop. Answered 200 so Shopify does not retry it.
    if (orderIdOf(topic, body) && !(await gw.installedShops.has(shopId))) {
      gw.log.info(
        { shop: shopId, topic, webhookId: ctx.get('x-shopify-webhook-id') },
        'Webhook dropped: the shop has not installed the app',
      );
      ctx.status = 200;
      ctx.body = { ok: true, dropped: 'SHOP_NOT_INSTALLED' };
      return;
    }
    const delivery = {
      webhookId: ctx.get('x-shopify-webhook-id') || randomUUID(),
      eventId: ctx.get('x-shopify-event-id') || null,
      shopId,
      topic,
      resourceId: body.id == null ? null : String(body.id),
      triggeredAt: ctx.get('x-shopify-triggered-at') || null,
      body,
    };
    // Stored as the text Shopify sent, the one the HMAC covers.
    const fresh = await gw.inbox.record({ ...delivery, json });
    ctx.status = 200;
    ctx.body = { ok: true, duplicate: !fresh };
    // After the answer, in the background; a failure there is picked up by the relay.
    if (fresh) gw.dispatcher.enqueue(delivery);
    else if (orderIdOf(topic, body)) await logDuplicate(gw, delivery);
  };
}

/** Shopify sent an order event we already have (spec 2 §8 DUPLICATE_ORDER): processed once, noted here. */
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
