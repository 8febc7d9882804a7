import type { Context, Next } from 'koa';
import { verifySessionToken } from '@belegfluss/shopify';
import { Unauthorized } from '../errors';

export interface SessionState {
  shop: string;
  userId: string | null;
}

/** Every /api call carries an App Bridge session token; the shop comes only from it. */
export function requireSession(opts: { apiKey: string; apiSecret: string }) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('authorization');
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token) throw Unauthorized('Anmeldung fehlt: kein Sitzungstoken übermittelt.');
    try {
      const claims = await verifySessionToken(token, opts);
      (ctx.state as { session: SessionState }).session = { shop: claims.shop, userId: claims.userId };
    } catch {
      throw Unauthorized();
    }
    await next();
  };
}

export const sessionOf = (ctx: Context): SessionState => (ctx.state as { session: SessionState }).session;
