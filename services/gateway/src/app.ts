import Koa, { type Context, type Next } from 'koa';
import { databaseAnswers } from '@belegfluss/db';
import Router from '@koa/router';
import type { GatewayContext } from './context';
import { DEFAULT_TRUSTED_PROXY_HOPS } from './config';
import { errorMiddleware } from './errors';
import { requireSession } from './middleware/session';
import { adminRoutes } from './routes/admin/admin';
import { shopifyAuthRoutes } from './routes/auth/auth';
import { documentRoutes } from './routes/documents/documents';
import { cancelRoutes } from './routes/documents/cancel';
import { helpRoutes } from './routes/help/help';
import { legalRoutes } from './routes/legal/legal';
import { importRoutes } from './routes/import/import';
import { auditRoutes } from './routes/audit/audit';
import { lexwareAuthRoutes } from './routes/lexware/lexware';
import { lexwareEventRoutes } from './routes/webhooks/lexware';
import { lexwareSignupRoutes } from './routes/lexware/signup';
import { printLayoutRoutes } from './routes/print-layouts/print-layouts';
import { logRoutes } from './routes/logs/logs';
import { mailRoutes } from './routes/mail/mail';
import { metafieldRoutes } from './routes/metafields/metafields';
import { orderRoutes } from './routes/orders/orders';
import { partnerRoutes } from './routes/partner/partner';
import { planRoutes } from './routes/plan/plan';
import { preferenceRoutes } from './routes/preferences/preferences';
import { shopRoutes } from './routes/shop/shop';
import { transactionRoutes } from './routes/transactions/transactions';
import { webhookRoutes } from './routes/webhooks/shopify';
import { paypalWebhookRoutes } from './routes/webhooks/paypal';
import { describeRoutes } from './route-list';

describeRoutes({
  healthz: 'Health check: up when the database answers',
});

/**
 * The routes behind the session token (`api`) and the public ones some of their modules declare beside them
 * (`pub`). The list of all routes is made from the routers (route-list.ts, `npm run routes`), not kept here.
 */
export function buildApiRouter(gw: GatewayContext): { api: Router; pub: Router[] } {
  const api = new Router();
  api.use(requireSession(gw.settings.shopify));
  shopRoutes(gw, api);
  preferenceRoutes(gw, api);
  orderRoutes(gw, api);
  importRoutes(gw, api);
  auditRoutes(gw, api);
  logRoutes(gw, api);
  metafieldRoutes(gw, api);
  transactionRoutes(gw, api);
  helpRoutes(gw, api);
  const documentsPublic = documentRoutes(gw, api);
  const lexwarePublic = lexwareAuthRoutes(gw, api);
  const signupPublic = lexwareSignupRoutes(gw, api);
  printLayoutRoutes(gw, api);
  adminRoutes(gw, api);
  partnerRoutes(gw, api);
  mailRoutes(gw, api);
  cancelRoutes(gw, api);
  const planPublic = planRoutes(gw, api);
  return { api, pub: [documentsPublic, lexwarePublic, signupPublic, planPublic, legalRoutes(gw)] };
}

/**
 * Every answer is taken as what its Content-Type says (no sniffing a PDF or JSON into HTML), and a path
 * or method no route knows gets the same German JSON as every other error instead of Koa's English text.
 */
async function answerUnmatched(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
  if (ctx.body !== undefined && ctx.body !== null) return;
  const answer = UNMATCHED[ctx.status];
  if (!answer) return;
  const status = ctx.status;
  ctx.body = answer;
  ctx.status = status; // setting a body would otherwise make it 200
}
const UNMATCHED: Record<number, { error: string; message: string }> = {
  404: { error: 'NOT_FOUND', message: 'Diese Adresse gibt es nicht.' },
  405: { error: 'METHOD_NOT_ALLOWED', message: 'Diese Methode ist hier nicht erlaubt.' },
  501: { error: 'NOT_IMPLEMENTED', message: 'Diese Methode wird nicht unterstützt.' },
};

export function createApp(gw: GatewayContext): Koa {
  // Koa reads the client's address that many entries from the right of X-Forwarded-For, the ones our own
  // proxies appended, so what a client writes into the header itself is never taken. Without proxies
  // the header is not read at all (Koa's maxIpsCount 0 would mean "trust every entry").
  const hops = gw.options.trustedProxyHops ?? DEFAULT_TRUSTED_PROXY_HOPS;
  const app = new Koa(hops > 0 ? { proxy: true, maxIpsCount: hops } : { proxy: false });
  app.on('error', (err: unknown) => gw.log.error({ err }, 'request failed'));
  app.use(errorMiddleware);
  app.use(answerUnmatched);

  const { api, pub } = buildApiRouter(gw);
  const health = new Router();
  // For the container's health check: up means the database answers too.
  health.get('healthz', '/healthz', async (ctx) => {
    try {
      await databaseAnswers(gw.db);
      ctx.body = { ok: true };
    } catch (err) {
      gw.log.warn({ err }, 'health check: database unreachable');
      ctx.status = 503;
      ctx.body = { ok: false, message: 'Datenbank nicht erreichbar' };
    }
  });

  for (const router of [
    health,
    webhookRoutes(gw),
    paypalWebhookRoutes(gw),
    lexwareEventRoutes(gw),
    shopifyAuthRoutes(gw),
    ...pub,
  ]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}
