import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { errorHandler } from '../http/errors.js';
import type { SandboxState } from '../state.js';
import { contactsRouter, type Publish } from './contacts.js';
import { vouchersRouter } from './invoices/routes.js';
import { deliveryNotesRouter } from './delivery-notes.js';
import { authenticate, faults, jsonOnly, rateLimit } from './middleware.js';
import { lexwareOauthRouter } from './oauth.js';
import { profileRouter } from './profile.js';
import { lexwareSignupRouter } from './signup.js';
import { TokenBuckets } from './rate-limit.js';

import { countRequests } from './request-stats.js';

export interface LexwareAppOptions {
  state: SandboxState;
  log: Logger;
  clients: Record<string, string>;
  buckets: TokenBuckets;
  publish: Publish;
  /** Extra /v1 routers (finance, event subscriptions…), mounted behind the same auth and limits. */
  extra?: Router[];
  onRevoked?: (connectionId: string, organizationId: string) => void;
}

/** The Lexware Office stand-in: OAuth on /oauth2, the public API on /v1. */
export function lexwareApp(o: LexwareAppOptions): Koa {
  const app = new Koa();
  app.use(errorHandler(o.log));

  const oauth = lexwareOauthRouter({ state: o.state, clients: o.clients, onRevoked: o.onRevoked });
  app.use(oauth.routes()).use(oauth.allowedMethods());
  const signup = lexwareSignupRouter({ state: o.state, clients: o.clients });
  app.use(signup.routes()).use(signup.allowedMethods());

  const api = new Router({ prefix: '/v1' });
  api.use(authenticate(o.state), countRequests(), rateLimit(o.buckets), faults(o.state), jsonOnly());
  for (const r of [
    profileRouter(),
    contactsRouter(o.publish),
    vouchersRouter(o.publish),
    deliveryNotesRouter(),
    ...(o.extra ?? []),
  ]) {
    api.use(r.routes(), r.allowedMethods());
  }
  app.use(api.routes()).use(api.allowedMethods());
  app.use(unknownResource);
  return app;
}

/**
 * A path no endpoint serves is refused by Lexware's API gateway with 403 and this odd message (documented
 * under "Error Codes": "Resource not available. Possibly wrong Url or method"), not a friendly 404.
 */
async function unknownResource(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  await next();
  if (ctx.body !== undefined || ctx.status !== 404 || !ctx.path.startsWith('/v1')) return;
  const token = ctx.get('authorization').replace(/^bearer\s+/i, '');
  ctx.status = 403;
  ctx.body = {
    message: `'${token}' not a valid key=value pair (missing equal-sign) in Authorization header: 'Bearer ${token}'.`,
  };
}
