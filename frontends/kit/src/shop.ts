import { staffMay, type ShopView, type StaffAction } from '@belegfluss/shared';
import type { ApiClient } from './api';

/**
 * What `GET /api/shop` returns. The type lives once, in `@belegfluss/shared`,
 * next to the gateway code that builds it; the front ends only read it.
 */
export type Shop = ShopView;

export const SHOP_QUERY_KEY = ['shop'] as const;

/** Refetch rhythm: 20 s while connected, 60 s otherwise. */
export const SHOP_REFETCH_CONNECTED_MS = 20_000;
export const SHOP_REFETCH_DISCONNECTED_MS = 60_000;

/** One query definition for the shell and every remote, so they share one cache entry. */
export function shopQuery(api: ApiClient) {
  return {
    queryKey: SHOP_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Shop>('/shop', signal),
    refetchInterval: (query: { state: { data: Shop | undefined } }) =>
      query.state.data?.lexoffice?.isConnected ? SHOP_REFETCH_CONNECTED_MS : SHOP_REFETCH_DISCONNECTED_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  };
}

/** Name and sub name joined with an underscore; every entry must be granted. */
export function hasPermission(shop: Pick<Shop, 'permissions'> | undefined, name: string, sub?: string): boolean {
  if (!shop) return false;
  const wanted = sub ? `${name}_${sub}` : name;
  return shop.permissions.includes(wanted);
}

/**
 * The administration is for the person of the session when the gateway lists them as staff
 * (`isAdmin`); a shop's view_dashboard permission grants nothing, as the gateway would refuse it.
 */
export function isAdminShop(shop: Pick<Shop, 'isAdmin'> | undefined): boolean {
  return Boolean(shop?.isAdmin);
}

/** Whether the person may use an admin action, so the admin area shows only the buttons that work. */
export function staffMayDo(shop: Pick<Shop, 'staff'> | undefined, action: StaffAction): boolean {
  return staffMay(shop?.staff?.role, action);
}

export interface TransfersLeft {
  remaining: number;
  quota: number;
  /** Whole percent of the quota still left, 0 to 100. */
  percent: number;
  tone: 'critical' | 'warning' | 'success';
}

/** Critical below 20 % remaining, warning below 40 %. */
export function transfersLeft(credits: Shop['plan']['credits']): TransfersLeft {
  const quota = Math.max(0, credits.quota);
  const remaining = Math.max(0, quota - credits.used);
  const ratio = quota === 0 ? 0 : remaining / quota;
  const tone = ratio < 0.2 ? 'critical' : ratio < 0.4 ? 'warning' : 'success';
  return { remaining, quota, percent: Math.floor(ratio * 100), tone };
}

/** The Shopify access scopes the app's features depend on. */
export const REQUIRED_SCOPES = ['read_orders', 'write_orders', 'read_customers', 'read_products'] as const;

/** Required scopes the shop has not granted (yet). */
export function missingScopes(shop: Pick<Shop, 'scopes'>, required: readonly string[] = REQUIRED_SCOPES): string[] {
  const granted = new Set(shop.scopes ?? []);
  return required.filter((scope) => !granted.has(scope));
}
