import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOG_PAGE_SIZE, firstEventLogPath } from '@belegfluss/frontend-kit';
import { firstOrdersQuery, orderPath, ordersPath } from './pages/orders/orders';
import { REMOTE_ROUTES, remoteRouteFor } from './remotes/routes';
import { shopFixture } from './test/fixtures';

const config = {
  apiUrl: '/api',
  sandboxUrl: '/sandbox',
  remotes: {
    preferences: 'http://p/mf-manifest.json',
    partner: 'http://q/mf-manifest.json',
    admin: 'http://r/mf-manifest.json',
  },
};
const shop = shopFixture({ shop: 'frueh-laden.myshopify.com', name: 'Früh-Laden' });
const ORDERS_FIRST_PAGE = `/api${ordersPath(firstOrdersQuery(''))}`;
/** The parts of a remote's mf-manifest.json the page reads. */
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/preferences.abc.js', path: '' } },
  exposes: [
    { path: './App', assets: { js: { sync: ['static/js/async/app.def.js'], async: ['static/js/async/x.js'] } } },
  ],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** A window as the entry sees it: index.html has started config.json already. */
function pageWindow(url: string) {
  return {
    location: new URL(url),
    localStorage: window.localStorage,
    belegflussConfig: Promise.resolve(json(config)),
  } as unknown as Window;
}

describe('the shell’s early requests', () => {
  let calls: string[];
  beforeEach(() => {
    vi.resetModules();
    window.localStorage.clear();
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.startsWith('/sandbox/control/session-token')) return json({ token: 'a.b.c' });
        if (url === '/api/shop') return json(shop);
        if (url === config.remotes.preferences) return json(MANIFEST);
        if (url === ORDERS_FIRST_PAGE) return json({ items: [{ id: '1', name: '#1001' }], hasNext: false });
        return new Response('nicht hier', { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes config.json from the page, fetches the token and /api/shop once, and hands the shop to the first query', async () => {
    const { runtimeConfig, sandboxSession, startEarly, withEarlyShop } = await import('./startup');
    await startEarly(pageWindow('http://127.0.0.1/home?shop=frueh-laden.myshopify.com'));
    expect(calls).toEqual(['/sandbox/control/session-token?shop=frueh-laden.myshopify.com', '/api/shop']);
    expect((await runtimeConfig()).sandboxUrl).toBe('/sandbox');

    const queryFn = vi.fn(async () => ({ ...shop, name: 'später' }));
    const first = withEarlyShop(queryFn);
    expect(await first(undefined)).toMatchObject({ name: 'Früh-Laden' });
    expect(queryFn).not.toHaveBeenCalled();
    // Later fetches ask the gateway themselves; the session reuses the token fetched early.
    expect(await withEarlyShop(queryFn)(undefined)).toMatchObject({ name: 'später' });
    await sandboxSession('/sandbox', 'frueh-laden.myshopify.com').getToken();
    expect(calls.filter((url) => url.includes('session-token'))).toHaveLength(1);
    // A retry of config.json asks again.
    await expect(runtimeConfig()).rejects.toThrow('config.json fehlt (HTTP 404).');
    expect(calls.at(-1)).toBe('/config.json');
  });

  it('asks for nothing more without a shop, and the app then fetches the shop itself', async () => {
    const { startEarly, withEarlyShop } = await import('./startup');
    await startEarly(pageWindow('http://127.0.0.1/'));
    expect(calls).toEqual([]);
    const queryFn = vi.fn(async () => shop);
    expect(await withEarlyShop(queryFn)(undefined)).toEqual(shop);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('lets the app ask again when the early /api/shop fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('session-token') ? json({ token: 'a.b.c' }) : new Response('{}', { status: 503 }),
      ),
    );
    const { startEarly, withEarlyShop } = await import('./startup');
    await startEarly(pageWindow('http://127.0.0.1/home?shop=frueh-laden.myshopify.com'));
    const queryFn = vi.fn(async () => shop);
    expect(await withEarlyShop(queryFn)(undefined)).toEqual(shop);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('inside the admin takes the /api/shop that index.html started with App Bridge’s token, and asks nothing itself', async () => {
    const { earlyShopScript } = await import('../early-requests.mjs');
    const idToken = vi.fn(async () => 'bridge.token.x');
    const page = {
      location: new URL('http://127.0.0.1/orders?shop=frueh-laden.myshopify.com'),
      localStorage: window.localStorage,
      shopify: { idToken, config: { shop: 'frueh-laden.myshopify.com' } },
      // As the production image writes config.json into the page.
      belegflussConfig: Promise.resolve(json(config)),
    } as unknown as Window & Record<string, unknown>;
    // The page's inline script, run against this window.
    new Function('window', 'location', 'fetch', earlyShopScript)(page, page.location, fetch);
    const { startEarly, withEarlyShop, runtimeConfig } = await import('./startup');
    await startEarly(page);
    expect(calls).toEqual(['/api/shop', ORDERS_FIRST_PAGE]);
    expect((await runtimeConfig()).apiUrl).toBe('/api');
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer bridge.token.x');
    expect(idToken).toHaveBeenCalledTimes(1);
    const queryFn = vi.fn(async () => shop);
    expect(await withEarlyShop(queryFn)(undefined)).toMatchObject({ name: 'Früh-Laden' });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('inside the admin lets the app ask again when the page’s early /api/shop fails', async () => {
    const { earlyShopScript } = await import('../early-requests.mjs');
    const page = {
      location: new URL('http://127.0.0.1/orders'),
      localStorage: window.localStorage,
      shopify: { idToken: async () => Promise.reject(new Error('kein Token')) },
      belegflussConfig: Promise.resolve(json(config)),
    } as unknown as Window & Record<string, unknown>;
    new Function('window', 'location', 'fetch', earlyShopScript)(page, page.location, fetch);
    const { startEarly, withEarlyShop } = await import('./startup');
    await startEarly(page);
    expect(calls).toEqual([]);
    const queryFn = vi.fn(async () => shop);
    expect(await withEarlyShop(queryFn)(undefined)).toEqual(shop);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('names the month the audit page opens with as it has ended in Germany', async () => {
    const { auditMonthBefore } = await import('../early-requests.mjs');
    expect(auditMonthBefore(new Date('2026-11-28T12:00:00Z'))).toBe('2026-10');
    // January asks for December of the year before.
    expect(auditMonthBefore(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12');
    // 23:30 UTC on 30 November is already December in Berlin: November has ended there.
    expect(auditMonthBefore(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11');
    expect(auditMonthBefore(new Date('2026-10-31T22:30:00Z'))).toBe('2026-09');
  });

  it('inside the admin starts the landing page’s own request too, which the page’s first ask then takes', async () => {
    const { earlyShopScript, earlyPageRequests } = await import('../early-requests.mjs');
    // The orders list asks first for exactly what index.html asks for, else the early answer goes unused.
    expect(earlyPageRequests('/orders', '?shop=frueh-laden.myshopify.com', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual([
      ordersPath(firstOrdersQuery('')),
    ]);
    expect(earlyPageRequests('/orders', '?search=Meier', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual([]);
    expect(earlyPageRequests('/home', '', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual([]);
    // The audit page opens with the month before, and asks for its report (AuditPage reads the month from there).
    expect(earlyPageRequests('/orders/audit', '', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual(['/audits/2026-10']);
    expect(earlyPageRequests('/partner', '', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual(['/partner']);
    // An order and its event log's first page, as OrderDetail asks for them (its id may hold anything).
    for (const id of ['4711', 'gid://shopify/Order/4711', 'ä b+c']) {
      expect(earlyPageRequests(`/orders/${encodeURIComponent(id)}`, '', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual([
        orderPath(id),
        firstEventLogPath('/shop/logs', id),
      ]);
    }
    expect(earlyPageRequests('/orders/%E0%A4%A', '', '2026-10', EVENT_LOG_PAGE_SIZE)).toEqual([]);
    window.history.replaceState(null, '', '/orders?shop=frueh-laden.myshopify.com');
    const page = {
      location: new URL('http://127.0.0.1/orders?shop=frueh-laden.myshopify.com'),
      localStorage: window.localStorage,
      shopify: { idToken: async () => 'bridge.token.x' },
      belegflussConfig: Promise.resolve(json(config)),
    } as unknown as Window & Record<string, unknown>;
    new Function('window', 'location', 'fetch', earlyShopScript)(page, page.location, fetch);
    const { startEarly, fetchWithEarlyPage } = await import('./startup');
    await startEarly(page);
    await vi.waitFor(() => expect(calls).toEqual(['/api/shop', ORDERS_FIRST_PAGE]));
    // Another request goes out as asked and leaves the early answer for the page.
    await fetchWithEarlyPage('/api/orders/audit', { method: 'GET' });
    expect(await (await fetchWithEarlyPage(ORDERS_FIRST_PAGE, { method: 'GET' })).json()).toMatchObject({
      items: [{ name: '#1001' }],
    });
    expect(calls).toEqual(['/api/shop', ORDERS_FIRST_PAGE, '/api/orders/audit']);
    // The answer is used once: a later fetch of the list asks the gateway.
    await fetchWithEarlyPage(ORDERS_FIRST_PAGE, { method: 'GET' });
    expect(calls.at(-1)).toBe(ORDERS_FIRST_PAGE);
    expect(calls).toHaveLength(4);
    window.history.replaceState(null, '', '/');
  });

  it('finds a remote’s area by the same rule as the shell’s routes', async () => {
    const { remoteAreaOf } = await import('../early-requests.mjs');
    for (const path of [
      '/preferences',
      '/preferences/mail',
      '/partner',
      '/admin/shops',
      '/orders',
      '/preferencesx',
      '/',
    ])
      expect(remoteAreaOf(path, config.remotes), path).toBe(remoteRouteFor(path)?.name);
    expect(REMOTE_ROUTES.map(({ name }) => name).sort()).toEqual(Object.keys(config.remotes).sort());
  });

  it('in a remote’s area asks for its manifest at once, preloads its entry and App, and hands the manifest to the runtime once', async () => {
    const { earlyRemoteScript } = await import('../early-requests.mjs');
    const page = {
      location: new URL('http://127.0.0.1/preferences?shop=frueh-laden.myshopify.com'),
      belegflussConfig: Promise.resolve(json(config)),
    } as unknown as Window & Record<string, unknown>;
    new Function('window', 'location', 'fetch', earlyRemoteScript)(page, page.location, fetch);
    const { startEarly, takeEarlyManifest } = await import('./startup');
    void startEarly(page);
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
    await vi.waitFor(() =>
      expect(preloads()).toEqual(['http://p/static/js/preferences.abc.js', 'http://p/static/js/async/app.def.js']),
    );
    expect(calls.filter((url) => url === config.remotes.preferences)).toHaveLength(1);
    expect(takeEarlyManifest(config.remotes.partner)).toBeUndefined();
    expect(await (await takeEarlyManifest(config.remotes.preferences))?.json()).toEqual(MANIFEST);
    expect(takeEarlyManifest(config.remotes.preferences)).toBeUndefined();
    document.head.innerHTML = '';
  });

  it('outside a remote’s area asks for no manifest', async () => {
    const { earlyRemoteScript, landingPageOf } = await import('../early-requests.mjs');
    const page = {
      location: new URL('http://127.0.0.1/orders'),
      belegflussConfig: Promise.resolve(json(config)),
    } as unknown as Window & Record<string, unknown>;
    new Function('window', 'location', 'fetch', earlyRemoteScript)(page, page.location, fetch);
    expect(await page.belegflussRemote).toBeUndefined();
    expect(calls).toEqual([]);
    expect(landingPageOf('/orders')).toBe('orders');
    expect(landingPageOf('/orders/audit')).toBe('audit');
    expect(landingPageOf('/orders/4711')).toBe('order');
    expect(landingPageOf('/home')).toBeUndefined();
  });
});
