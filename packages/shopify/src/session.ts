import { createAdminClient, type AdminClient } from './admin';

/** The shop's installation as the store knows it, its token in the clear (null when missing or unreadable). */
export interface ShopifyInstall {
  accessToken: string | null;
  scopes: string[];
  uninstalled: boolean;
}

/** Where the service keeps installations; sealing the token at rest is the store's business. */
export interface ShopifyInstallStore {
  /** Null for a shop that never installed the app. */
  shopifyInstall(shopId: string): Promise<ShopifyInstall | null>;
}

export interface ShopifyAdminDeps {
  adminUrl: string;
  apiVersion: string;
}

export const SHOPIFY_NOT_CONNECTED = 'Der Shop ist nicht mit Shopify verbunden. Bitte installiere die App erneut.';

/** No Admin API call can succeed for this shop: removed, never installed, or its token lost. Only a new install helps. */
export class ShopifyNotConnectedError extends Error {
  readonly code = 'SHOPIFY_NOT_CONNECTED';
  constructor(readonly shopId: string) {
    super(SHOPIFY_NOT_CONNECTED);
    this.name = 'ShopifyNotConnectedError';
  }
}

/** One shop's Admin GraphQL client, with the scopes it was granted. */
export interface ShopifyShop {
  graphql: AdminClient;
  scopes: string[];
}

/** The shop's Admin client from its stored token, the counterpart of lexwareFor; the one guard for a shop we can't reach. */
export async function shopifyFor(
  store: ShopifyInstallStore,
  deps: ShopifyAdminDeps,
  shopId: string,
): Promise<ShopifyShop> {
  const install = await store.shopifyInstall(shopId);
  if (!install || install.uninstalled || !install.accessToken) throw new ShopifyNotConnectedError(shopId);
  return {
    scopes: install.scopes,
    graphql: createAdminClient({
      adminUrl: deps.adminUrl,
      apiVersion: deps.apiVersion,
      shop: shopId,
      accessToken: install.accessToken,
    }),
  };
}

/** For callers that carry on without Shopify: a shop we can't reach becomes null, anything else still throws. */
export function unlessNotConnected(error: unknown): null {
  if (error instanceof ShopifyNotConnectedError) return null;
  throw error;
}
