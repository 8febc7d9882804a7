import { ApiError } from './api';

/**
 * Session tokens, the App Bridge way: inside the Shopify admin App Bridge hands
 * them out; locally the sandbox's Shopify stand-in signs them for a chosen shop.
 */
export interface TokenSource {
  kind: 'app-bridge' | 'sandbox';
  shop: string;
  getToken(): Promise<string>;
}

interface AppBridgeGlobal {
  idToken?: () => Promise<string>;
  config?: { shop?: string };
}

declare global {
  interface Window {
    shopify?: AppBridgeGlobal;
  }
}

export function appBridgeTokenSource(win: Window = window): TokenSource | undefined {
  const bridge = win.shopify;
  const idToken = bridge?.idToken;
  if (typeof idToken !== 'function') return undefined;
  const shop = bridge?.config?.shop ?? new URLSearchParams(win.location.search).get('shop') ?? '';
  // App Bridge caches and renews its tokens itself.
  return { kind: 'app-bridge', shop, getToken: () => idToken.call(bridge) };
}

/** Seconds since the epoch from a JWT's `exp`, without checking the signature (the gateway does). */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Session tokens live 60 s; fetch a new one this long before the old one runs out. */
export const TOKEN_REFRESH_MARGIN_MS = 15_000;
const TOKEN_FALLBACK_LIFETIME_MS = 60_000;

export interface SandboxTokenOptions {
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export function sandboxTokenSource(sandboxUrl: string, shop: string, options: SandboxTokenOptions = {}): TokenSource {
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const url = `${sandboxUrl.replace(/\/+$/, '')}/control/session-token?shop=${encodeURIComponent(shop)}`;
    let response: Response;
    try {
      response = await doFetch(url, { headers: { Accept: 'application/json' } });
    } catch {
      throw new ApiError(0, 'Die Sandbox ist nicht erreichbar; es gibt kein Sitzungstoken.');
    }
    if (!response.ok)
      throw new ApiError(
        response.status,
        `Die Sandbox hat kein Sitzungstoken für ${shop} ausgestellt (HTTP ${response.status}).`,
      );
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== 'string' || token === '')
      throw new ApiError(502, 'Die Sandbox hat ein leeres Sitzungstoken geliefert.');
    const exp = jwtExpiry(token);
    current = { token, expiresAt: exp !== undefined ? exp * 1000 : now() + TOKEN_FALLBACK_LIFETIME_MS };
    return token;
  }

  return {
    kind: 'sandbox',
    shop,
    getToken() {
      if (current && current.expiresAt - TOKEN_REFRESH_MARGIN_MS > now()) return Promise.resolve(current.token);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}

export interface SandboxShop {
  shop: string;
  name: string;
}

export async function listSandboxShops(sandboxUrl: string, fetchImpl: typeof fetch = fetch): Promise<SandboxShop[]> {
  let response: Response;
  try {
    response = await fetchImpl(`${sandboxUrl.replace(/\/+$/, '')}/control/shops`, {
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, `Die Sandbox unter ${sandboxUrl} ist nicht erreichbar.`);
  }
  if (!response.ok) throw new ApiError(response.status, `Die Sandbox liefert keine Shops (HTTP ${response.status}).`);
  const body = (await response.json()) as unknown;
  const list = Array.isArray(body)
    ? body
    : ((body as { shops?: unknown; items?: unknown }).shops ?? (body as { items?: unknown }).items);
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (entry): entry is { shop: string; name?: unknown } => typeof (entry as { shop?: unknown })?.shop === 'string',
    )
    .map((entry) => ({ shop: entry.shop, name: typeof entry.name === 'string' ? entry.name : entry.shop }));
}

export const SHOP_STORAGE_KEY = 'belegfluss:shop';

/** `?shop=` wins (and is remembered); otherwise the last choice on this device. */
export function readShopChoice(win: Window = window): string | undefined {
  const fromUrl = new URLSearchParams(win.location.search).get('shop');
  if (fromUrl) {
    rememberShop(fromUrl, win);
    return fromUrl;
  }
  try {
    return win.localStorage.getItem(SHOP_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberShop(shop: string, win: Window = window): void {
  try {
    win.localStorage.setItem(SHOP_STORAGE_KEY, shop);
  } catch {
    // Private mode: the choice only lasts for this page.
  }
}

export function forgetShop(win: Window = window): void {
  try {
    win.localStorage.removeItem(SHOP_STORAGE_KEY);
  } catch {
    // Nothing remembered, nothing to forget.
  }
}
