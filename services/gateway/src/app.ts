import Koa from 'koa';
import Router from '@koa/router';
import type { GatewayContext } from './context';
import { errorMiddleware } from './errors';
import { requireSession } from './middleware/session';
import { shopifyAuthRoutes } from './routes/auth';
import { lexofficeAuthRoutes } from './routes/lexoffice';
import { shopRoutes } from './routes/shop';
import { webhookRoutes } from './routes/webhooks';

/**
 * The gateway's routes, in one place:
 *   POST /webhooks/shopify            Shopify webhooks (HMAC, inbox, signalWithStart)
 *   GET  /api/auth                    Shopify install / re-authorisation (?shop&scopes, signed link)
 *   GET  /api/auth/callback           Shopify OAuth callback
 *   GET  /api/lexoffice/callback      Lexware OAuth callback (popup)
 *   --- below: session token required; the shop comes from the token ---
 *   GET  /api/shop                    the shop object (spec 1 §3)
 *   GET  /api/lexoffice/auth          popup URL to connect Lexware Office
 *   POST /api/lexoffice/pull          refresh the Lexware profile
 */
export function createApp(gw: GatewayContext): Koa {
  const app = new Koa({ proxy: true });
  app.on('error', (err: unknown) => gw.log.error({ err }, 'request failed'));
  app.use(errorMiddleware);

  const api = new Router();
  api.use(requireSession(gw.settings.shopify));
  shopRoutes(gw, api);
  const lexofficePublic = lexofficeAuthRoutes(gw, api);

  const health = new Router();
  health.get('/healthz', (ctx) => { ctx.body = { ok: true }; });

  for (const router of [health, webhookRoutes(gw), shopifyAuthRoutes(gw), lexofficePublic]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}
