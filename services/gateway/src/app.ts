import Koa from 'koa';
import Router from '@koa/router';
import type { GatewayContext } from './context';
import { errorMiddleware } from './errors';
import { requireSession } from './middleware/session';
import { adminRoutes } from './routes/admin/admin';
import { shopifyAuthRoutes } from './routes/auth';
import { documentRoutes } from './routes/documents/documents';
import { helpRoutes } from './routes/help';
import { importRoutes } from './routes/import/import';
import { lexofficeAuthRoutes } from './routes/lexoffice';
import { lexofficeEventRoutes } from './routes/lexoffice-events/events';
import { logRoutes } from './routes/logs/logs';
import { orderRoutes } from './routes/orders/orders';
import { partnerRoutes } from './routes/partner/partner';
import { preferenceRoutes } from './routes/preferences/preferences';
import { shopRoutes } from './routes/shop';
import { webhookRoutes } from './routes/webhooks';

/**
 * The gateway's routes, in one place. Errors answer `{error: CODE, message, field?}` with a German message.
 *   GET  /healthz
 *   POST /webhooks/shopify                      Shopify webhooks (HMAC, inbox, signalWithStart; compliance topics handled for real)
 *   HEAD /webhooks/lexoffice                    Lexware's check of the callback URL → 200
 *   POST /webhooks/lexoffice                    Lexware events (X-Lxo-Signature RSA-SHA512) → signal lexofficeEvent to order:{shop}:{orderId}
 *   GET  /api/auth                              Shopify install / re-authorisation (?shop&scopes, signed link)
 *   GET  /api/auth/callback                     Shopify OAuth callback
 *   GET  /api/lexoffice/callback                Lexware OAuth callback (popup)
 *   GET  /documents/{token}[/download]          document PDF by its 32-character token (inline / attachment); drafts → 409
 *   --- below: session token required; the shop comes from the token ---
 *   GET  /api/shop                              the shop object (spec 1 §3) with isAdmin, isShopify, isDev
 *   POST /api/shop/enable/{true|false}          master switch + {invoiceCreate?, creditCreate?} → {enabled, invoiceCreate, creditCreate, message}
 *   GET  /api/shop/logs                         ?sortBy&sortDir&search&origin&status&order&page&pageSize(25) → {items, hasPrevious, hasNext}
 *   GET  /api/orders                            ?sortBy&sortDir&search&page (50 a page) → {items:[order + receipts], total, hasPrevious, hasNext}
 *   GET  /api/orders/{id}                       one order with invoices[] and credits[]
 *   GET  /api/orders/{id}/lexoffice/{invoice|credit}/preview → {pdf:{base64}|null, invoice, draft?, error}
 *   POST /api/orders/import                     wizard: the last 60 days of orders via Admin GraphQL → upsert + signalWithStart
 *                                               ('orders/import') → {affected}; 403 without read_all_orders, 400 when not connected
 *   POST /api/lexoffice/import                  wizard, repeated while `continue`: one voucher-list page a call, vouchers naming
 *                                               an order become its documents → {continue, progress, found, affected, assigned}
 *   GET  /api/preferences, PATCH                the automation switches as the preferences remote reads them ('all' | false)
 *   GET  /api/preferences/{section}, PATCH      invoices, credits, contacts, transactions, metafields, orderHandling,
 *                                               automation, notifications, general (incl. vatRegime) → {section, value[, forced, warnings]}
 *   GET  /api/lexoffice/auth                    popup URL to connect Lexware Office
 *   POST /api/lexoffice/pull                    refresh the Lexware profile
 *   DELETE /api/lexoffice, POST /api/lexoffice/disconnect   revoke the token and forget the connection
 *   GET  /api/lexoffice/vars                    ?value&type&field → {value} rendered for the newest order
 *   POST /api/help/contact                      {subject, message} → recorded in the shop's log
 *   GET  /api/partner                           partner overview (partner flag)
 *   GET  /api/admin/shops                       shop list (permission view_dashboard, or ADMIN_SHOPS)
 */
export function buildApiRouter(gw: GatewayContext): { api: Router; pub: Router[] } {
  const api = new Router();
  api.use(requireSession(gw.settings.shopify));
  shopRoutes(gw, api);
  preferenceRoutes(gw, api);
  orderRoutes(gw, api);
  importRoutes(gw, api);
  logRoutes(gw, api);
  helpRoutes(gw, api);
  const documentsPublic = documentRoutes(gw, api);
  const lexofficePublic = lexofficeAuthRoutes(gw, api);
  adminRoutes(gw, api);
  partnerRoutes(gw, api);
  return { api, pub: [documentsPublic, lexofficePublic] };
}

export function createApp(gw: GatewayContext): Koa {
  const app = new Koa({ proxy: true });
  app.on('error', (err: unknown) => gw.log.error({ err }, 'request failed'));
  app.use(errorMiddleware);

  const { api, pub } = buildApiRouter(gw);
  const health = new Router();
  health.get('/healthz', (ctx) => { ctx.body = { ok: true }; });

  for (const router of [health, webhookRoutes(gw), lexofficeEventRoutes(gw), shopifyAuthRoutes(gw), ...pub]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}
