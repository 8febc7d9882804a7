import type { ShopState } from '../state.js';

/** Shop ids are stable per domain, derived from the name, like a real shop keeps its id. */
export function shopId(shop: ShopState): number {
  let h = 0;
  for (const c of shop.domain) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return 60_000_000_000 + (h % 9_000_000_000);
}

/**
 * Default payloads for topics sent by hand. The compliance topics follow Shopify's documented
 * bodies; order topics take the shop's newest order.
 */
export function topicPayload(shop: ShopState, topic: string): Record<string, unknown> {
  const order = Object.values(shop.orders).at(-1);
  const customer = order?.customer ?? Object.values(shop.customers)[0] ?? null;
  const base = { shop_id: shopId(shop), shop_domain: shop.domain };
  switch (topic) {
    case 'customers/data_request':
      return {
        ...base,
        orders_requested: order ? [order.id] : [],
        customer: { id: customer?.id ?? 1, email: customer?.email ?? null, phone: customer?.phone ?? null },
        data_request: { id: Date.now() },
      };
    case 'customers/redact':
      return {
        ...base,
        customer: { id: customer?.id ?? 1, email: customer?.email ?? null, phone: customer?.phone ?? null },
        orders_to_redact: order ? [order.id] : [],
      };
    case 'shop/redact':
      return base;
    case 'app/uninstalled':
      return {
        id: shopId(shop),
        name: shop.name,
        email: shop.email,
        domain: shop.domain,
        myshopify_domain: shop.domain,
        plan_name: shop.plan,
        currency: shop.currency,
        country_code: 'DE',
        iana_timezone: 'Europe/Berlin',
      };
    default:
      return (order as Record<string, unknown> | undefined) ?? base;
  }
}
