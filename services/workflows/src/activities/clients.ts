import { lexwareStore, shopifyStore, type Db, type SecretBox } from '@belegfluss/db';
import { lexwareFor, type LexwareClient, type LexwareDeps } from '@belegfluss/lexware';
import { shopifyFor, type ShopifyAdminDeps, type ShopifyShop } from '@belegfluss/shopify';

/** The shop's Lexware client, its tokens and request slots kept in our database. */
export const lexwareOf = (
  db: Db,
  box: SecretBox,
  deps: LexwareDeps,
  shopId: string,
  opts: { background?: boolean } = {},
): LexwareClient => lexwareFor(lexwareStore(db, box), deps, shopId, opts);

/** The shop's Shopify Admin client; a shop we can't reach is a ShopifyNotConnectedError. */
export const shopifyOf = (db: Db, box: SecretBox, deps: ShopifyAdminDeps, shopId: string): Promise<ShopifyShop> =>
  shopifyFor(shopifyStore(db, box), deps, shopId);
