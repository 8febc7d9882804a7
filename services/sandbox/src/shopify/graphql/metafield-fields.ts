import type { ShopState } from '../../state.js';
import { connection, type ConnectionArgs } from './connection.js';

type Json = Record<string, unknown>;

/** MetafieldOwnerType from the owner's GID: `gid://shopify/ProductVariant/1` is PRODUCTVARIANT. */
export const metafieldOwnerType = (ownerId: string) => (ownerId.split('/')[3] ?? '').toUpperCase();

/** Metafield fields shared by every owner type. */
export function metafieldFields(shop: ShopState, ownerId: string): Json {
  const list = () => shop.metafields[ownerId] ?? [];
  return {
    metafield: ({ namespace, key }: { namespace?: string; key: string }) => {
      const m = list().find((m) => m.key === key && (!namespace || m.namespace === namespace));
      return m ? { ...m, ownerType: metafieldOwnerType(ownerId) } : null;
    },
    metafields: ({ namespace, ...args }: ConnectionArgs & { namespace?: string }) =>
      connection(
        list()
          .filter((m) => !namespace || m.namespace === namespace)
          .map((m) => ({ ...m, ownerType: metafieldOwnerType(ownerId) })),
        args,
      ),
  };
}
