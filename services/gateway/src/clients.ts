import { lexwareStore, shopifyStore } from '@belegfluss/db';
import { lexwareFor, type LexwareClient } from '@belegfluss/lexware';
import { shopifyFor, type ShopifyShop } from '@belegfluss/shopify';
import type { GatewayContext } from './context';

/** The shop's Lexware client, its tokens and request slots kept in our database. */
export const lexwareOf = (gw: GatewayContext, shopId: string): LexwareClient =>
  lexwareFor(lexwareStore(gw.db, gw.box), gw.settings.lexware, shopId);

/** The shop's Shopify Admin client; a shop we can't reach is a ShopifyNotConnectedError (400, see errors.ts). */
export const shopifyOf = (gw: GatewayContext, shopId: string): Promise<ShopifyShop> =>
  shopifyFor(shopifyStore(gw.db, gw.box), gw.settings.shopify, shopId);
