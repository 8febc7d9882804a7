import Koa from 'koa';
import { errorHandler } from '../http/errors.js';
import { PaymentError } from '../lexware/invoices/payment.js';
import type { Sandbox } from '../sandbox.js';
import { OrderNotFoundError } from '../shopify/orders/service.js';
import { RefundError } from '../shopify/orders/refund.js';
import { ShopNotFoundError } from '../shopify/shops.js';
import { paypalControlRoutes } from '../paypal/control.js';
import { knobRoutes } from './knob-routes.js';
import { lexwareControlRoutes } from './lexware-routes.js';
import { mailRoutes } from './mail-routes.js';
import { pageRoutes } from './page/routes.js';
import { orderRoutes } from './order-routes.js';
import { shopRoutes } from './shop-routes.js';
import { controlErrors, cors } from './validate.js';
import { viesControlRoutes, viesRoutes } from '../vies/routes.js';

/** Port 4000: the control API for tests, the CLI and the control page. */
export function controlApp(sb: Sandbox): Koa {
  const app = new Koa();
  app.use(errorHandler(sb.opts.log));
  app.use(cors);
  // Sandbox bookkeeping fields start with "_" and never leave the sandbox, just as in webhooks.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body !== null && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && !ctx.response.is('html')) {
      const status = ctx.status;
      ctx.body = JSON.stringify(ctx.body, (key, value: unknown) => (key.startsWith('_') ? undefined : value));
      ctx.type = 'json';
      ctx.status = status;
    }
  });
  app.use(
    controlErrors([
      [ShopNotFoundError, 404],
      [OrderNotFoundError, 404],
      [RefundError, 422],
      [PaymentError, 422],
    ]),
  );
  for (const router of [
    shopRoutes(sb),
    orderRoutes(sb),
    lexwareControlRoutes(sb),
    knobRoutes(sb),
    mailRoutes(sb),
    pageRoutes(sb),
    paypalControlRoutes(sb.paypal),
    viesRoutes(sb.vies),
    viesControlRoutes(sb.vies),
  ]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use((ctx) => {
    if (ctx.path === '/control/urls') ctx.body = sb.urls;
  });
  return app;
}
