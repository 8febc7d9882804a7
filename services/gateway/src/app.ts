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

/**
 * The gateway's routes, in one place. Errors answer `{error: CODE, message, field?}` with a German message.
 *   GET  /healthz
 *   POST /webhooks/shopify                      Shopify webhooks (HMAC; body fits the topic and names the header's shop,
 *                                               triggered at most 48 h ago, else 401; inbox by group commit, 200; signalWithStart after, in the
 *                                               dispatcher; compliance topics handled for real); served in front of Koa
 *                                               (main.ts); over 10 MB → 413 (on Content-Length before reading), no object → 400
 *   POST /webhooks/paypal                       PayPal PAYMENT.PAYOUTSBATCH.* (checked with verify-webhook-signature) → signal the payout run
 *   HEAD /webhooks/lexoffice                    Lexware's check of the callback URL → 200
 *   POST /webhooks/lexoffice                    Lexware events (X-Lxo-Signature RSA-SHA512) → signal lexwareEvent to order:{shop}:{orderId}; over 1 MB → 413
 *   GET  /api/auth                              Shopify install / re-authorisation (?shop&scopes, signed link); 60 a minute per address
 *   GET  /api/auth/callback                     Shopify OAuth callback
 *   GET  /api/lexoffice/callback                Lexware OAuth callback (popup)
 *   GET  /documents/{token}[/download]          document PDF by its 32-character token (inline / attachment); drafts → 409; only while the
 *                                               shop has the app; 20 misses per address in 10 min → 429
 *   Every answer carries X-Content-Type-Options: nosniff; unknown paths and methods answer German JSON (404/405).
 *   --- below: session token required; the shop comes from the token ---
 *   GET  /api/shop                              the shop object with isAdmin and staff (the listed person), isShopify, isDev
 *   POST /api/shop/enable/{true|false}          master switch + {invoiceCreate?, creditCreate?} → {enabled, invoiceCreate, creditCreate, message};
 *                                               with invoices on, the wizard's imported orders go to their workflows (wizard-invoices:{shop})
 *   GET  /api/shop/logs                         ?sortBy&sortDir&search&origin&status&order&page&pageSize(25) → {items, hasPrevious, hasNext}
 *   GET  /api/orders                            ?sortBy&sortDir&search&page (50 a page) → {items:[order + receipts], total, hasPrevious, hasNext}
 *   GET  /api/orders/{id}                       one order with invoices[] and credits[]
 *   GET  /api/orders/{id}/lexoffice/{invoice|credit}/preview → {pdf:{base64}|null, invoice, draft?, error}
 *   POST /api/orders/{id}/{invoice|credit}/email  send dialog {receipt?, email, copy, subject, message, signature, attachments}
 *                                               → {success, message, emailedAt}; drafts 409; Idempotency-Key: one send per key;
 *                                               60 sends per shop an hour → 429
 *   POST /api/orders/{id}/invoice/{receipt}/cancel  a credit note over the whole invoice (precedingSalesVoucherId) → invoice cancelled
 *   POST /api/orders/import                     wizard: starts (or joins) the workflow wizard:{shop}:{run} — the last 60 days of
 *                                               orders as a Shopify bulk export, then Lexware documents linked to the orders they
 *                                               name → {affected, continue, status}; 403 without read_all_orders, 400 when not connected
 *   GET  /api/orders/import/wizard              that run's order progress (from the workflow's query) → {affected, continue, status}
 *   GET  /api/orders/import/wizard/invoices     the wizard's last step: imported orders that switching invoices on will invoice → {orders}
 *   POST /api/lexoffice/import                  wizard, repeated while `continue`: the run's document progress
 *                                               → {continue, progress, found, affected, assigned} (assigned: linked so far)
 *   GET  /api/preferences, PATCH                the automation switches as the preferences remote reads them ('all' | false)
 *   GET  /api/preferences/{section}, PATCH      invoices, credits, contacts, transactions, metafields, orderHandling,
 *                                               automation, notifications, general (incl. vatRegime) → {section, value[, forced, warnings]}
 *   GET  /api/metafields                        metafields page: {read, write, limit, placeholders, resources (scope, granted), writable
 *                                               (category, label, type, example), writeScope}; saving is PATCH /api/preferences/metafields
 *   GET  /api/metafields/links                  e-mail link wizard, ?invoiceText&creditText&style(button|link)&color → {ready, sources,
 *                                               groups: 4 × 5 notification templates with Liquid `code` and HTML `preview`}
 *   GET  /api/transactions/gateways             transactions page: {gateways: [{id, name, orderCount (our orders), enabled, selectable
 *                                               (PayPal never)}]}; saving is PATCH /api/preferences/transactions
 *   GET  /api/lexoffice/auth                    popup URL to connect Lexware Office
 *   POST /api/lexoffice/signup                  account-opening dialog {email, acceptTerms: true} → {url}: Lexware's registration page
 *                                               (e-mail, partner = our client id, returnTo); logged as lexoffice.signup
 *   GET  /api/lexoffice/signup/return           (public) back from that page: closes the popup, the wizard asks for consent next
 *   POST /api/lexoffice/pull                    refresh the Lexware profile
 *   DELETE /api/lexoffice, POST /api/lexoffice/disconnect   revoke the token and forget the connection
 *   GET  /api/lexoffice/vars                    ?value&type(invoice|credit|mail)&field → {value} rendered for the newest order
 *   GET  /api/lexoffice/print-layouts           the organisation's print layouts → {layouts: [{id, name, default}]}; 409 NOT_CONNECTED
 *   POST /api/help/contact                      {subject, message} → stored, mailed to SUPPORT_EMAIL (default sender) → {mailed, message};
 *                                               5 per shop an hour → 429
 *   GET  /api/legal                             (public) the Impressum from IMPRINT_* (required in production)
 *   GET  /api/admin/help-requests, /api/admin/shops/{shop}/logs, GET|PATCH /api/admin/shops/{shop}/settings  support desk (PATCH: operator, not for their own shop)
 *   GET  /api/shop/smtp, PATCH, DELETE          the shop's own SMTP sender → {smtp: {host, port, encryption, user, email, name,
 *                                               hasPassword, status, error, checkedAt} | null}; PATCH saves it unchecked
 *   POST /api/shop/smtp/validate                {host, port, encryption, user, pass, email, name} → a real SMTP connection (public
 *                                               addresses, ports 25/465/587/2525, 5 checks per shop in 10 min);
 *                                               saved as connected or interrupted → {status, result: {ok, message}, smtp}
 *   GET  /api/partner                           partner overview (partner flag)
 *   GET  /api/admin/shops                       shop list (people in SUPPORT_STAFF or OPERATOR_STAFF)
 *   GET  /api/admin/shops/{shop}/workflows      the shop's workflows (Temporal list, ShopDomain = "…") with Temporal UI links
 *   POST /api/admin/shops/{shop}/workflows/{id}/restart    signalWithStart an order workflow with the stored order snapshot
 *   POST /api/admin/shops/{shop}/workflows/{id}/terminate  {reason} → terminate a running workflow (operator)
 *   GET  /api/admin/downtimes, POST; PATCH, DELETE /api/admin/downtimes/{id}   maintenance windows (shown in GET /api/shop)
 *   GET  /api/admin/coupons, POST                  coupons without a partner (PARTNER among them); POST operator only
 *   GET  /api/admin/payout-runs                 the monthly partner payout runs with their state
 *   GET  /api/admin/payout-runs/{id}/sepa       the run's pain.001 file for the bank
 *   POST /api/admin/payout-runs/{id}/confirm    {executed: true} → the bank executed the file: its payouts are paid (operator)
 *   GET  /api/partner/coupons, POST|DELETE /api/partner/coupons/{code} {type}   partner coupons (errors as codes)
 *   GET  /api/partner/redemptions               ?sort&tab&search → {items}
 *   GET  /api/partner/payouts, POST             payouts; POST requests one of the released provisions (threshold, gateway on file)
 *   GET  /api/partner/payouts/{id}/receipt      → {mimetype, content (base64 PDF)}
 *   GET  /api/partner/preferences, PATCH        payout details (PayPal e-mail or bank name, IBAN, BIC) → updated shop
 *   POST /api/audits {month}, GET /api/audits/{month}[/csv]   the completeness audit of a month (routes/audit/audit.ts)
 *   POST /api/orders/import?date=YYYY-MM-DD     the paid historical import of that one day as workflow import:{shop}:{date}
 *                                               → 202 {id}; 402 unless bought; 409 when the day is imported or importing
 *   POST /api/orders/import/range?from=&to=    a range of days queued behind workflow import-range:{shop}:{from}:{to}:{run},
 *                                               each day its own import:{shop}:{date}, one after another → 202 {id, days};
 *                                               400 in German for a bad range or while another range runs
 *   POST /api/orders/import/range/stop          the days not started stay so, the running day finishes → 202
 *   GET  /api/orders/import/days                the dialog: {first, last} selectable days, days[] {day, status, orders, invoices,
 *                                               waiting, estimate}, range {from, to, status, total, daysDone, invoices, current}
 *   GET  /api/orders/import/{date}              its progress {status, affected, pages}
 *   GET  /api/plan/coupon/{code}                coupon check → {type, value, intervals, plans, terms {monthly, annual}, comment?};
 *                                               terms: the discount as each interval bills it, in German; errors INVALID 404, USED 409,
 *                                               SELF_REDEMPTION 403, EXPIRED 422 (German texts)
 *   POST /api/plan                              {plan, annual, coupon} → free: {plan} (the active subscription cancelled at Shopify);
 *                                               paid: Shopify appSubscriptionCreate → {confirmationUrl}
 *   GET  /api/plan/return                       (public) Shopify's return from the confirmation page: currentAppInstallation → plan active
 *                                               (app_subscriptions/update webhooks activate, decline and end subscriptions too)
 *   POST /api/plan/purchase/{feature}           one-time unlock (orderImport, at the plan's import price): appPurchaseOneTimeCreate →
 *                                               {confirmationUrl, purchase}; 402 on free, 409 once bought
 *   GET  /api/plan/purchase/return              (public) back from that charge: currentAppInstallation.oneTimePurchases ACTIVE → unlocked
 *                                               (5 × quota for 30 days), DECLINED → not; then to the shell's purchase page
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
  health.get('/healthz', async (ctx) => {
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
