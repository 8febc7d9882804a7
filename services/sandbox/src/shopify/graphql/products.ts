import type { ShopState } from '../../state.js';
import type { LineItem } from '../orders/types.js';
import { requireScope, type GqlContext } from './context.js';
import { metafieldFields } from './metafield-fields.js';

const productGid = (id: number) => `gid://shopify/Product/${id}`;
const variantGid = (id: number) => `gid://shopify/ProductVariant/${id}`;

/** A line item's product and variant, with their metafields; reading them needs read_products, as in Shopify. */
export function lineItemProducts(shop: ShopState, l: LineItem): Record<string, unknown> {
  return {
    product: (_a: unknown, ctx: GqlContext) => {
      if (l.product_id === null) return null;
      requireScope(ctx, 'read_products', 'product');
      return {
        id: productGid(l.product_id),
        title: l.title,
        // Shopify's products always have a vendor, an empty one when none was given.
        vendor: l.vendor ?? '',
        ...metafieldFields(shop, productGid(l.product_id)),
      };
    },
    variant: (_a: unknown, ctx: GqlContext) => {
      if (l.variant_id === null) return null;
      requireScope(ctx, 'read_products', 'variant');
      return {
        id: variantGid(l.variant_id),
        title: l.variant_title ?? 'Default Title',
        sku: l.sku,
        ...metafieldFields(shop, variantGid(l.variant_id)),
      };
    },
  };
}

/** The sandbox has no product catalogue: a product or variant exists when one of the shop's orders sold it. */
export function isProductOwner(shop: ShopState, ownerId: string): boolean {
  return Object.values(shop.orders).some((o) =>
    o.line_items.some(
      (l) =>
        (l.product_id !== null && productGid(l.product_id) === ownerId) ||
        (l.variant_id !== null && variantGid(l.variant_id) === ownerId),
    ),
  );
}
