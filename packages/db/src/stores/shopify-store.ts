import type { Db } from '../connection';
import type { SecretBox } from '../secrets';
import { getShop } from './shops';

/**
 * The Shopify client's ShopifyInstallStore: the shop's installation with its token opened. A token
 * marked missing, or sealed with another key, is no token: only a new install brings one.
 */
export function shopifyStore(db: Db, box: SecretBox) {
  return {
    async shopifyInstall(shopId: string) {
      const shop = await getShop(db, shopId);
      if (!shop) return null;
      let accessToken: string | null = null;
      if (shop.shopifyTokenEnc && !shop.missingAccessToken) {
        try {
          accessToken = box.open(shop.shopifyTokenEnc);
        } catch {
          accessToken = null;
        }
      }
      return { accessToken, scopes: shop.scopes, uninstalled: shop.uninstalledAt !== null };
    },
  };
}
