import type { Shop } from '@belegfluss/frontend-kit';
import { createApiClient } from '@belegfluss/frontend-kit/api';
import {
  appBridgeTokenSource,
  readShopChoice,
  sandboxTokenSource,
  type TokenSource,
} from '@belegfluss/frontend-kit/session';
import { loadRuntimeConfig, type RuntimeConfig } from './config';

/**
 * What the shell asks for before React and Polaris have even arrived: config.json,
 * a session token and `GET /api/shop`. The entry chunk calls {@link startEarly}, so
 * these requests run while the browser downloads the app's chunks; the app then
 * takes their answers instead of asking again. Only small, dependency-free kit
 * modules are imported here (no shared singletons before the async boundary).
 */

let earlyConfig: Promise<RuntimeConfig> | undefined;
let configRead: Promise<RuntimeConfig> | undefined;
let earlyShop: Promise<Shop | undefined> | undefined;
const sandboxSources = new Map<string, TokenSource>();

/** config.json as the entry read it, for what starts before the app asks ({@link runtimeConfig}) for it. */
export function startedConfig(): Promise<RuntimeConfig> | undefined {
  return configRead;
}

/** config.json: the request the entry started, the first time; a new request after that (a retry). */
export function runtimeConfig(): Promise<RuntimeConfig> {
  const early = earlyConfig;
  earlyConfig = undefined;
  return early ?? loadRuntimeConfig();
}

/** One sandbox token source per sandbox and shop, so the session reuses the token fetched early. */
export function sandboxSession(sandboxUrl: string, shop: string): TokenSource {
  const key = `${sandboxUrl}\n${shop}`;
  let source = sandboxSources.get(key);
  if (!source) {
    source = sandboxTokenSource(sandboxUrl, shop);
    sandboxSources.set(key, source);
  }
  return source;
}

/**
 * The token source SessionGate will pick, by the same rule: App Bridge inside the
 * Shopify admin, otherwise the sandbox for `?shop=` or the shop last chosen here.
 */
export function sessionTokenSource(
  config: RuntimeConfig,
  bridge: TokenSource | undefined,
  shop: string | undefined,
): TokenSource | undefined {
  if (bridge) return bridge;
  return config.sandboxUrl && shop ? sandboxSession(config.sandboxUrl, shop) : undefined;
}

/**
 * What index.html started (early-requests.mjs): config.json, and inside the admin the session's /api/shop and the
 * landing page's first request.
 */
type StartedWindow = Window & {
  belegflussConfig?: Promise<Response>;
  belegflussShop?: Promise<{ response: Promise<Response>; pages?: EarlyPage[] } | undefined>;
  belegflussRemote?: Promise<{ url: string; response: Promise<Response> } | undefined>;
};

let earlyManifest: { url: string; response: Promise<Response> } | undefined;

/**
 * The manifest of the remote the visit landed in, if index.html asked for it (early-requests.mjs) and it is
 * `url`; once. Undefined otherwise, and the federation runtime asks itself.
 */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const early = earlyManifest;
  if (!early || early.url !== url) return undefined;
  earlyManifest = undefined;
  return early.response;
}

/** One of the landing page's own first requests, as index.html sent it: its full URL, the page it is for, the answer. */
interface EarlyPage {
  url: string;
  pathname: string;
  response: Promise<Response>;
}
let earlyPages: EarlyPage[] = [];

/**
 * The shell's fetch for the gateway, which every page and remote reaches through the session's API client: a
 * GET of a URL index.html has already asked for, the first one and while still on the page it was asked for,
 * takes that answer instead of asking again. Anything else, and that answer when it failed, goes out as asked.
 */
export const fetchWithEarlyPage: typeof fetch = async (input, init) => {
  // Once the visit has moved on, what was asked for the page it landed on is left alone.
  if (earlyPages.some((page) => page.pathname !== window.location.pathname)) earlyPages = [];
  const page = (init?.method ?? 'GET') === 'GET' ? earlyPages.find(({ url }) => url === String(input)) : undefined;
  if (page) {
    earlyPages = earlyPages.filter((other) => other !== page);
    const response = await page.response.catch(() => undefined);
    if (response?.ok) return response;
  }
  return fetch(input, init);
};

/**
 * Starts config.json (or takes the request index.html started for it, see rsbuild.config.ts),
 * then the token and `/api/shop`, without waiting for anything else. Resolves once `/api/shop`
 * is on its way, or once it is clear that there is none to make (no session, a failure).
 */
export function startEarly(win: StartedWindow = window): Promise<void> {
  const started = win.belegflussConfig;
  const startedShop = win.belegflussShop;
  delete win.belegflussConfig;
  delete win.belegflussShop;
  const startedRemote = win.belegflussRemote;
  delete win.belegflussRemote;
  void startedRemote?.then(
    (sent) => (earlyManifest = sent),
    () => {},
  );
  void startedShop?.then(
    (sent) => (earlyPages = sent?.pages ?? []),
    () => {},
  );
  earlyConfig = loadRuntimeConfig(started);
  configRead = earlyConfig;
  let issued = () => {};
  const requestsIssued = new Promise<void>((resolve) => (issued = resolve));
  // Leaving the admin's iframe needs no session.
  if (win.location.pathname === '/exitiframe') {
    issued();
    return requestsIssued;
  }
  earlyShop = earlyConfig
    .then((config) => {
      const bridge = appBridgeTokenSource(win);
      const source = sessionTokenSource(config, bridge, bridge ? undefined : readShopChoice(win));
      if (!source) return undefined;
      // The page asked already, with App Bridge's token (early-requests.mjs).
      if (bridge && startedShop) {
        return startedShop.then(async (sent) => {
          issued();
          const response = await sent?.response;
          return response?.ok ? ((await response.json()) as Shop) : undefined;
        });
      }
      const fetchImpl: typeof fetch = (input, init) => {
        const response = fetch(input, init);
        issued();
        return response;
      };
      return createApiClient({ baseUrl: config.apiUrl, getToken: () => source.getToken(), fetchImpl }).get<Shop>(
        '/shop',
      );
    })
    // A failed early request is simply asked again by the app, with its retries and error page.
    .catch(() => undefined)
    .finally(issued);
  return requestsIssued;
}

/**
 * The shop query's first answer comes from the request {@link startEarly} made, if it
 * succeeded; every later fetch (and a first one without it) calls `queryFn` itself.
 */
export function withEarlyShop<C>(queryFn: (context: C) => Promise<Shop>): (context: C) => Promise<Shop> {
  return async (context) => {
    const early = earlyShop;
    earlyShop = undefined;
    return (early && (await early)) ?? queryFn(context);
  };
}
