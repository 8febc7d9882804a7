import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';
import { billingSchedule } from '../shopify/app-subscriptions.js';
import { SCENARIO_NAMES } from '../shopify/orders/scenarios.js';
import { topicPayload } from '../shopify/topic-payloads.js';
import { createShop, getShop, normaliseShop, SHOPIFY_PLANS, shopSummary } from '../shopify/shops.js';
import { hostParam, sessionToken, signedQuery } from '../shopify/signing.js';
import type { WebhookDelivery } from '../state.js';
import { body, ControlError, query } from './validate.js';

const ShopInput = z.object({
  shop: z
    .string()
    .min(1)
    .transform(
      (s, ctx) => normaliseShop(s) ?? (ctx.addIssue({ code: 'custom', message: 'Ungültiger Shop-Name' }), z.NEVER),
    ),
  plan: z.enum(SHOPIFY_PLANS).optional(),
  name: z.string().min(1).optional(),
  email: z.email().optional(),
  /** When the store was opened; orders backdated further move it back on their own. */
  createdAt: z.iso.datetime({ offset: true }).optional(),
  /** The store's order number format (Shopify: orderNumberFormatPrefix / Suffix). */
  orderPrefix: z.string().max(20).optional(),
  orderSuffix: z.string().max(20).optional(),
});

// Shopify's `sub` is the staff account's numeric user id; anything else would pass here and never in production.
const ShopQuery = z.object({
  shop: z.string().min(1),
  userId: z
    .string()
    .regex(/^[0-9]+$/, 'userId ist die numerische ID eines Shopify-Mitarbeiterkontos')
    .optional(),
});

export function deliverySummary(d: WebhookDelivery): Record<string, unknown> {
  const { body: raw, ...rest } = d;
  return { ...rest, payload: JSON.parse(raw) as unknown };
}

/** Shops, install links and session tokens: what the app needs to be installed and opened. */
export function shopRoutes(sb: Sandbox): Router {
  const router = new Router({ prefix: '/control' });

  router.get('/shops', (ctx) => {
    ctx.body = Object.values(sb.state.shops).map(shopSummary);
  });

  router.post('/shops', async (ctx) => {
    const input = await body(ctx, ShopInput);
    const shop = createShop(sb.state, input.shop, input);
    ctx.status = 201;
    ctx.body = { ...shopSummary(shop), adminUrl: `${sb.urls.shopify}/store/${shop.domain}` };
  });

  router.get('/shops/:shop', (ctx) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    ctx.body = {
      ...shopSummary(shop),
      accessTokens: Object.keys(shop.accessTokens),
      webhookSubscriptions: shop.webhookSubscriptions,
      // With the charges each interval brings, so a test sees how long a discount lasts.
      appSubscriptions: shop.appSubscriptions.map((s) => ({ ...s, charges: billingSchedule(s) })),
      metafields: shop.metafields,
    };
  });

  /** The URL Shopify opens when a merchant installs the app: {APP_URL}/api/auth?… signed with the secret. */
  router.get('/install-link', (ctx) => {
    const q = query(ctx, ShopQuery);
    const shop = getShop(sb.state, q.shop);
    const params = {
      host: hostParam(shop.domain),
      shop: shop.domain,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    ctx.body = { url: `${sb.opts.appUrl}/api/auth?${signedQuery(params, sb.opts.appSecret).toString()}` };
  });

  router.get('/session-token', async (ctx) => {
    const q = query(ctx, ShopQuery);
    const shop = getShop(sb.state, q.shop);
    ctx.body = {
      token: await sessionToken({
        shop: shop.domain,
        apiKey: sb.opts.apiKey,
        apiSecret: sb.opts.appSecret,
        userId: q.userId,
      }),
    };
  });

  /** Skips OAuth: installs the app with the given scopes and returns an offline token. */
  router.post('/shops/:shop/access-token', async (ctx) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    const input = await body(
      ctx,
      z.object({
        scopes: z.array(z.string()).default(['read_orders', 'write_orders', 'read_customers', 'read_products']),
      }),
    );
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    shop.accessTokens[token] = { scopes: input.scopes, createdAt: new Date().toISOString() };
    shop.grantedScopes = input.scopes;
    shop.installed = true;
    ctx.status = 201;
    ctx.body = { access_token: token, scope: input.scopes.join(',') };
  });

  router.get('/shops/:shop/webhooks', (ctx) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    const topic = typeof ctx.query.topic === 'string' ? ctx.query.topic : undefined;
    ctx.body = shop.deliveries.filter((d) => !topic || d.topic === topic).map(deliverySummary);
  });

  /** Sends any topic by hand: compliance topics, app/uninstalled, or a custom payload. */
  router.post('/shops/:shop/webhooks', async (ctx) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    const input = await body(
      ctx,
      z.object({
        topic: z.string().regex(/^[a-z_]+\/[a-z_]+$/),
        payload: z.record(z.string(), z.unknown()).optional(),
      }),
    );
    const payload = input.payload ?? topicPayload(shop, input.topic);
    if (input.topic === 'app/uninstalled') {
      shop.installed = false;
      shop.accessTokens = {};
    }
    const deliveries = sb.webhooks.emit(shop, [{ topic: input.topic, payload }]);
    // Uninstalling drops the shop's own subscriptions too (after their app/uninstalled went out).
    if (input.topic === 'app/uninstalled') shop.webhookSubscriptions = [];
    ctx.status = 201;
    ctx.body = deliveries.map(deliverySummary);
  });

  router.post('/shops/:shop/webhooks/:webhookId/redeliver', (ctx) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    const d = shop.deliveries.find((x) => x.webhookId === ctx.params.webhookId);
    if (!d) throw new ControlError(404, 'Zustellung nicht gefunden');
    ctx.body = deliverySummary(sb.webhooks.redeliver(shop, d));
  });

  router.get('/scenarios', (ctx) => {
    ctx.body = SCENARIO_NAMES;
  });

  return router;
}
