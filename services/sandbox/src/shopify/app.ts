import Koa from 'koa';
import { errorHandler } from '../http/errors.js';
import type { Sandbox } from '../sandbox.js';
import { billingRouter } from './billing.js';
import { graphqlRouter } from './graphql/route.js';
import { shopifyOauthRouter } from './oauth.js';

/** The Shopify stand-in: /store/{shop}/admin/oauth/… and /store/{shop}/admin/api/{version}/graphql.json. */
export function shopifyApp(sb: Sandbox): Koa {
  const app = new Koa();
  app.use(errorHandler(sb.opts.log));
  const oauth = shopifyOauthRouter({
    state: sb.state,
    apiKey: sb.opts.apiKey,
    apiSecret: sb.opts.appSecret,
    appUrl: sb.opts.appUrl,
    appConfig: sb.opts.appConfig,
  });
  app.use(oauth.routes()).use(oauth.allowedMethods());
  for (const router of [graphqlRouter(sb), billingRouter(sb)]) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
