import type { Context, Next } from 'koa';
import { getShop } from '@belegfluss/db';
import type { GatewayContext } from '../context';
import { Forbidden, NotFound } from '../errors';
import { sessionOf } from './session';

/** Name and sub name joined with an underscore, and every such entry must be present. */
export function hasPermissions(granted: readonly string[], ...required: [name: string, sub: string][]): boolean {
  return required.every(([name, sub]) => granted.includes(`${name}_${sub}`));
}

/**
 * Guards a route that writes rows of the shop: a session token can be valid for a shop that never
 * installed the app (Shopify signs it all the same), and then there is nothing to write to.
 */
export function requireInstalled(gw: GatewayContext) {
  return async (ctx: Context, next: Next) => {
    const row = await getShop(gw.db, sessionOf(ctx).shop);
    if (!row || row.uninstalledAt) throw NotFound('Dieser Shop ist nicht installiert.');
    await next();
  };
}

/** Guards /api/partner/*: only shops with the partner flag. */
export function requirePartner(gw: GatewayContext) {
  return async (ctx: Context, next: Next) => {
    const row = await getShop(gw.db, sessionOf(ctx).shop);
    if (!row) throw NotFound('Dieser Shop ist nicht installiert.');
    if (!row.partner) throw Forbidden('Nur für Partner: Dieser Shop nimmt nicht am Partnerprogramm teil.');
    await next();
  };
}
