import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { merchant } from './merchant';
import { launchChromium, screenshot } from './frontends';
import { NGINX, serveWithNginx } from './nginx';
import { startStack, type Stack } from './stack';
// The dev server's config.json, to compare the container's shape against.
import { runtimeConfig } from '../../frontends/shell/runtime-config.mjs';
import { shopsTable } from '@belegfluss/db/testing';

/**
 * The production build as the images serve it: nginx with deploy/nginx.conf.template, config.json and
 * App Bridge rendered from the environment by deploy/frontend-entrypoint.sh at start, each remote on
 * its own origin. Shopify's CDN is out of reach here, so the browser gets a stand-in for app-bridge.js
 * that, like the real one, reads the meta tag and hands out session tokens (from the sandbox).
 */
const API_KEY = 'belegfluss-dev-api-key';
const SHOP = 'nginx-laden.myshopify.com';
let stack: Stack;
let served: Awaited<ReturnType<typeof serveWithNginx>>;
let browser: Browser;
let page: Page;
const bridgeSeen: Array<{ apiKey: string | null; first: boolean }> = [];

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`nginx fehlt (${NGINX}): apt-get install nginx-light`);
  // The browser's staff user (the sandbox's default one) is listed as support, so the admin area opens.
  process.env.SUPPORT_STAFF = `${SHOP}:${DEFAULT_STAFF_USER_ID}`;
  stack = await startStack({ worker: false });
  served = await serveWithNginx({
    gatewayUrl: stack.gatewayUrl,
    env: (urls) => ({
      SHOPIFY_API_KEY: API_KEY,
      SHELL_REMOTE_PREFERENCES: `${urls.preferences}/mf-manifest.json`,
      SHELL_REMOTE_PARTNER: `${urls.partner}/mf-manifest.json`,
      SHELL_REMOTE_ADMIN: `${urls.admin}/mf-manifest.json`,
    }),
  });
  const m = merchant(stack, SHOP);
  await m.createShop();
  await m.install();
  // A partner with support staff, so every area shows its data.
  await shopsTable.update(stack.db, { id: SHOP }, { partner: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const control = stack.sandbox.urls.control;
  await page.exposeFunction('reportBridge', (apiKey: string | null, first: boolean) =>
    bridgeSeen.push({ apiKey, first }),
  );
  await page.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        const meta = document.querySelector('meta[name="shopify-api-key"]');
        const first = document.currentScript === document.querySelector('head script');
        window.reportBridge(meta && meta.content, first);
        const shop = new URLSearchParams(location.search).get('shop');
        window.shopify = {
          config: { apiKey: meta && meta.content, shop },
          idToken: async () => (await (await fetch('${control}/control/session-token?shop=' + shop)).json()).token,
        };
      })();`,
    }),
  );
});
afterAll(async () => {
  delete process.env.SUPPORT_STAFF;
  await browser?.close();
  await served?.stop();
  await stack?.stop();
});

describe('the production front ends behind nginx', () => {
  it('renders config.json from the environment at start, in the dev server’s shape, never cached', async () => {
    const res = await fetch(`${served.urls.shell}/config.json`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const config = (await res.json()) as Record<string, unknown>;
    const expected = runtimeConfig({
      SHELL_SANDBOX_URL: 'none',
      SHOPIFY_API_KEY: API_KEY,
      SHELL_REMOTE_PREFERENCES: `${served.urls.preferences}/mf-manifest.json`,
      SHELL_REMOTE_PARTNER: `${served.urls.partner}/mf-manifest.json`,
      SHELL_REMOTE_ADMIN: `${served.urls.admin}/mf-manifest.json`,
    });
    expect(config).toEqual(expected);
    const html = await readFile(`${served.dir}/shell/index.html`, 'utf8');
    expect(html).toMatch(
      /<head><meta name="shopify-api-key" content="belegfluss-dev-api-key" \/><script src="https:\/\/cdn\.shopify\.com\/shopifycloud\/app-bridge\.js"><\/script>/,
    );
    // The page carries the same config written in, so it need not wait a round trip for config.json.
    const inline = /window\.belegflussConfig = Promise\.resolve\(new Response\('([^']*)'\)\)/.exec(html);
    expect(inline, 'config.json inline in index.html').not.toBeNull();
    expect(JSON.parse(inline![1]!)).toEqual(expected);
  });

  it('answers the remotes’ manifests cross-origin and forwards /api, /webhooks and /documents to the gateway', async () => {
    const manifest = await fetch(`${served.urls.preferences}/mf-manifest.json`, {
      headers: { Origin: served.urls.shell },
    });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${served.urls.shell}/api/shop`)).status).toBe(401);
    expect((await fetch(`${served.urls.shell}/webhooks/shopify`, { method: 'POST', body: '{}' })).status).toBe(401);
    // The links in customers' mails are APP_URL/documents/{token}: the gateway's answer, not the shell's index.html.
    for (const path of [
      '/documents/unbekannt0123456789unbekannt0123',
      '/documents/unbekannt0123456789unbekannt0123/download',
    ]) {
      const document = await fetch(`${served.urls.shell}${path}`);
      expect(document.status, path).toBe(404);
      expect(document.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await document.json(), path).toMatchObject({ message: 'Beleg nicht gefunden' });
    }
  });

  it('sends scripts and styles as brotli or gzip and cached for good by their hashed names, the pages and manifests revalidated', async () => {
    const html = await readFile(`${served.dir}/shell/index.html`, 'utf8');
    // The entry and the preloaded chunks are named in the page's inline scripts (early-requests.mjs).
    const assets = [...new Set([...html.matchAll(/"(\/static\/[^"]+\.(?:js|css))"/g)].map(([, path]) => path!))];
    expect(assets.length).toBeGreaterThan(1);
    let compressed = 0;
    for (const path of assets) {
      const res = await fetch(`${served.urls.shell}${path}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status, path).toBe(200);
      // Under a kilobyte, compressing saves less than it costs (gzip_min_length).
      const body = await readFile(`${served.dir}/shell${path}`, 'utf8');
      expect(res.headers.get('content-encoding'), path).toBe(Buffer.byteLength(body) >= 1024 ? 'gzip' : null);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      // fetch unpacks it: the same bytes as the build's file.
      expect(await res.text(), path).toBe(body);
      if (res.headers.get('content-encoding') === 'gzip') compressed++;
      // Brotli, written by the build beside the .gz, to a browser that takes it; caches keep the two apart.
      const br = await fetch(`${served.urls.shell}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(br.headers.get('content-encoding'), path).toBe(Buffer.byteLength(body) >= 1024 ? 'br' : null);
      if (br.headers.get('content-encoding')) expect(br.headers.get('vary'), path).toMatch(/Accept-Encoding/);
      expect(await br.text(), path).toBe(body);
    }
    expect(compressed).toBeGreaterThan(1);
    // A deep link answers index.html, which must be asked again after a deployment, compressed on the fly.
    const page = await fetch(`${served.urls.shell}/orders/1001?shop=${SHOP}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).not.toContain('first-paint');
    // The start page, the settings home, the event log, the audit, the partner overview and the admin area get the
    // page that paints their first view before any script runs, revalidated as well.
    for (const path of ['/', '/home', '/preferences', '/log', '/orders/audit', '/partner', '/admin']) {
      const start = await fetch(`${served.urls.shell}${path}?shop=${SHOP}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(start.headers.get('cache-control'), path).toBe('no-cache');
      expect(start.headers.get('content-encoding'), path).toBe('gzip');
      const body = await start.text();
      expect(body, path).toContain('first-paint');
      expect(body, path).toContain('shopify-api-key');
    }
    const manifest = await fetch(`${served.urls.partner}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    // A chunk that is not there is a 404, never index.html parsed as a script.
    expect((await fetch(`${served.urls.partner}/static/js/async/fehlt.0000000000.js`)).status).toBe(404);
  });

  it('paints the start page before any script runs, and hands it over to the app in one step', async () => {
    const start = `${served.urls.shell}/?shop=${SHOP}&host=aG9zdA`;
    // Without the app's scripts: the frame, the title and the first tip, from the HTML alone.
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    await page.goto(start);
    await page.locator('#first-paint h1', { hasText: 'Übersicht' }).waitFor({ timeout: 30_000 });
    await page.locator('#first-paint', { hasText: 'Jeder erstellte Beleg verbraucht eine Übertragung' }).waitFor();
    await screenshot(page, 'nginx-first-view');
    await page.unroute('**/static/js/**', noScripts);
    // With them: the app's dashboard replaces the view, which is gone, and no heading is there twice.
    await page.goto(start);
    await page.getByText('Verbleibende Übertragungen').waitFor({ timeout: 30_000 });
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Übersicht', level: 1 }).count()).toBe(1);
  });

  it("paints the event log's page with the shop's plan before any script runs, and the page takes over", async () => {
    const log = `${served.urls.shell}/log?shop=${SHOP}&host=aG9zdA`;
    const retention = /Dein Tarif \S+ bewahrt das Protokoll \d+ Tage auf/;
    // Without the app's scripts: the view of the shop's plan, once App Bridge's token and GET /api/shop answered.
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    await page.goto(log);
    await page.locator('#first-paint', { hasText: retention }).waitFor({ timeout: 30_000 });
    await page.unroute('**/static/js/**', noScripts);
    // With them: the app's page replaces the view and is in sight, with the sentence and the title once.
    await page.goto(log);
    await page.getByRole('heading', { name: 'Einträge', exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('visible');
    expect(await page.getByText(retention).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Protokoll', level: 1 }).count()).toBe(1);
  });

  it('paints the audit of a month without a report before any script runs, and the page takes over', async () => {
    const audit = `${served.urls.shell}/orders/audit?shop=${SHOP}&host=aG9zdA`;
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    // The audit opens with the month that ended last, which has no report yet in this shop.
    await page.goto(audit);
    await page.locator('#first-paint', { hasText: 'Für diesen Monat gibt es noch keinen Prüfbericht' }).waitFor({
      timeout: 30_000,
    });
    expect(await page.locator('#first-paint input[type=month]').inputValue()).toMatch(/^\d{4}-\d{2}$/);
    await page.unroute('**/static/js/**', noScripts);
    // With them: the page replaces its view, and says what the view said once.
    await page.goto(audit);
    await page.getByRole('button', { name: 'Jetzt prüfen' }).waitFor({ timeout: 30_000 });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await page.getByText('Für diesen Monat gibt es noch keinen Prüfbericht').count()).toBe(1);
  });

  it('paints the partner overview with its figures before any script runs, and the remote takes over', async () => {
    const partner = `${served.urls.shell}/partner?shop=${SHOP}&host=aG9zdA`;
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    // The partner's commission, from GET /api/partner, written as the app writes it.
    await page.goto(partner);
    await page.locator('#first-paint', { hasText: /Du erhältst \d+(,\d+)? % der Abonnementzahlungen/ }).waitFor({
      timeout: 30_000,
    });
    expect(await page.locator('#first-paint').textContent()).not.toContain('%%');
    await page.unroute('**/static/js/**', noScripts);
    await page.goto(partner);
    await page.getByRole('link', { name: 'Coupons verwalten' }).waitFor({ timeout: 30_000 });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await page.getByText(/Du erhältst .* der Abonnementzahlungen/).count()).toBe(1);
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('visible');
  });

  it('paints the admin area with who is working there before any script runs, and the remote takes over', async () => {
    const admin = `${served.urls.shell}/admin?shop=${SHOP}&host=aG9zdA`;
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    await page.goto(admin);
    await page.locator('#first-paint', { hasText: /Angemeldet als \S+: .*\(.*myshopify\.com\)/ }).waitFor({
      timeout: 30_000,
    });
    const line = (await page.locator('#first-paint').textContent())!.match(/Angemeldet als [^)]*\)/)![0];
    await page.unroute('**/static/js/**', noScripts);
    // With them: the remote's list replaces the view, with the same line once.
    await page.goto(admin);
    await page.getByRole('link', { name: SHOP }).waitFor({ timeout: 30_000 });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await page.getByText(line, { exact: true }).count()).toBe(1);
  });

  it("paints the settings home's frame before any script runs, and keeps it until the remote's cards arrive", async () => {
    const settings = `${served.urls.shell}/preferences?shop=${SHOP}&host=aG9zdA`;
    const noScripts = (route: Route) => route.abort();
    await page.route('**/static/js/**', noScripts);
    await page.goto(settings);
    await page.locator('#first-paint h1', { hasText: 'Einstellungen' }).waitFor({ timeout: 30_000 });
    await page.locator('#first-paint', { hasText: 'Jeder Schalter und jede Auswahl auf dieser Seite' }).waitFor();
    await page.unroute('**/static/js/**', noScripts);
    // With them: the remote's settings home replaces the view, with the banner once and the title once.
    await page.goto(settings);
    await page.getByRole('heading', { name: 'Verbindung' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).count()).toBe(1);
    expect(await page.getByText('Jeder Schalter und jede Auswahl auf dieser Seite').count()).toBe(1);
  });

  for (const area of [
    { name: 'preferences', path: '/preferences', heading: 'Einstellungen', content: 'Automatisierung' },
    { name: 'partner', path: '/partner', heading: 'Partnerprogramm', content: 'Coupons' },
    { name: 'admin', path: '/admin', heading: 'Administration', content: SHOP },
  ] as const) {
    it(`loads ${area.name} from its own origin in Chromium, with session tokens from App Bridge`, async () => {
      await page.goto(`${served.urls.shell}${area.path}?shop=${SHOP}&host=aG9zdA`);
      await page.getByRole('heading', { name: area.heading, level: 1 }).waitFor({ timeout: 30_000 });
      // Data from the gateway, through nginx's /api, authorised by App Bridge's token.
      await page.getByText(area.content).first().waitFor({ timeout: 30_000 });
      // The shell may show the heading (and the admin's shop name) before the remote's own chunks have loaded:
      // wait until the browser has fetched from the remote's origin.
      await page.waitForFunction(
        (origin) => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(origin)),
        served.urls[area.name],
        { timeout: 30_000 },
      );
      expect(bridgeSeen.at(-1)).toEqual({ apiKey: API_KEY, first: true });
      // Embedded: no sandbox shop picker, the shop comes from App Bridge.
      expect(await page.getByText('Sandbox-Shop').count()).toBe(0);
      await screenshot(page, `nginx-${area.name}`);
    });
  }
});
