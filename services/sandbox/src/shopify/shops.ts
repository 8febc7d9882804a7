import type { SandboxState, ShopState } from '../state.js';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Accepts "demo-shop" or "demo-shop.myshopify.com", as people type both. */
export function normaliseShop(input: string): string | null {
  const value = input.trim().toLowerCase();
  const domain = value.endsWith('.myshopify.com') ? value : `${value}.myshopify.com`;
  return SHOP_DOMAIN.test(domain) ? domain : null;
}

export class ShopNotFoundError extends Error {}

export function getShop(state: SandboxState, input: string): ShopState {
  const domain = normaliseShop(input);
  const shop = domain ? state.shops[domain] : undefined;
  if (!shop) throw new ShopNotFoundError(`Shop ${input} does not exist in the sandbox`);
  return shop;
}

export const SHOPIFY_PLANS = ['basic', 'shopify', 'advanced', 'shopify_plus', 'partner_test', 'trial'] as const;

export function createShop(
  state: SandboxState,
  domain: string,
  opts: {
    plan?: string;
    name?: string;
    email?: string;
    createdAt?: string;
    orderPrefix?: string;
    orderSuffix?: string;
  },
): ShopState {
  const existing = state.shops[domain];
  if (existing) {
    if (opts.plan) existing.plan = opts.plan;
    return existing;
  }
  const handle = domain.replace('.myshopify.com', '');
  const shop: ShopState = {
    domain,
    name:
      opts.name ??
      handle
        .split('-')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' '),
    email: opts.email ?? `inhaber@${handle}.example`,
    plan: opts.plan ?? 'basic',
    currency: 'EUR',
    createdAt: opts.createdAt ? new Date(opts.createdAt).toISOString() : new Date().toISOString(),
    orderPrefix: opts.orderPrefix ?? '#',
    orderSuffix: opts.orderSuffix ?? '',
    installed: false,
    grantedScopes: [],
    accessTokens: {},
    authCodes: {},
    nextOrderNumber: 1001,
    orders: {},
    customers: {},
    metafields: {},
    webhookSubscriptions: [],
    appSubscriptions: [],
    deliveries: [],
    throttle: { available: state.knobs.shopify.graphqlCostLimit, updatedAt: Date.now() },
  };
  state.shops[domain] = shop;
  return shop;
}

/** Strips secrets and the bulky lists for listings. */
export function shopSummary(shop: ShopState): Record<string, unknown> {
  return {
    domain: shop.domain,
    name: shop.name,
    email: shop.email,
    plan: shop.plan,
    currency: shop.currency,
    installed: shop.installed,
    grantedScopes: shop.grantedScopes,
    orderCount: Object.keys(shop.orders).length,
    deliveryCount: shop.deliveries.length,
    createdAt: shop.createdAt,
  };
}
