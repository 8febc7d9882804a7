import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { merchant } from './merchant';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { startStack, type Stack } from './stack';
import { couponsTable, shopsTable } from '@belegfluss/db/testing';

/**
 * Each remote on its own port and inside the shell, against the real gateway;
 * then the shell with one remote down: a German error inside the frame, the rest
 * of the app keeps working, and "Erneut versuchen" recovers once it is back.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
let restarted: ChildProcess | undefined;
const shop = 'remotes-laden.myshopify.com';

beforeAll(async () => {
  // The admin list links each shop to its workflows in the Temporal UI.
  process.env.TEMPORAL_UI_URL = 'http://127.0.0.1:8233';
  // The browser's staff user (the sandbox's default one) is listed as support, so the admin area opens.
  process.env.SUPPORT_STAFF = `${shop}:${DEFAULT_STAFF_USER_ID}`;
  stack = await startStack({ worker: false });
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  const m = merchant(stack, shop);
  await m.createShop();
  await m.install();
  // A partner with support staff, so every area has something to show.
  await shopsTable.update(stack.db, { id: shop }, { partner: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  delete process.env.SUPPORT_STAFF;
  if (restarted?.pid) process.kill(-restarted.pid, 'SIGTERM');
  await browser?.close();
  await frontends?.stop();
  await stack?.stop();
});

const AREAS = [
  { name: 'preferences', path: '/preferences', heading: 'Einstellungen', content: 'Automatisierung' },
  { name: 'partner', path: '/partner', heading: 'Partnerprogramm', content: 'Coupons' },
  { name: 'admin', path: '/admin', heading: 'Administration', content: shop },
] as const;

describe('the remotes', () => {
  for (const area of AREAS) {
    it(`loads ${area.name} alone, on its own port`, async () => {
      await page.goto(`${frontends.urls[area.name]}${area.path}?shop=${shop}`);
      await page.getByRole('heading', { name: area.heading, level: 1 }).waitFor({ timeout: 20_000 });
      await page.getByText(area.content).first().waitFor({ timeout: 20_000 });
      // Alone there is no shell: no navigation frame.
      expect(await page.getByRole('link', { name: 'Bestellungen' }).count()).toBe(0);
      await screenshot(page, `remote-${area.name}-alone`);
    });

    it(`loads ${area.name} inside the shell`, async () => {
      await page.goto(`${frontends.urls.shell}${area.path}?shop=${shop}`);
      await page.getByRole('heading', { name: area.heading, level: 1 }).waitFor({ timeout: 20_000 });
      await page.getByText(area.content).first().waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Bestellungen' }).waitFor();
      // The chunks come from the remote's own origin, the singletons from the shell.
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(scripts.some((url) => url.startsWith(frontends.urls[area.name]))).toBe(true);
      await screenshot(page, `remote-${area.name}-in-shell`);
    });
  }
});

describe('the remotes on live data, inside the shell', () => {
  it('lets a partner create a coupon and see it in the list', async () => {
    await page.goto(`${frontends.urls.shell}/partner/coupons/new?shop=${shop}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill('kaffee 10');
    expect(await dialog.getByLabel('Code').inputValue()).toBe('KAFFEE10');
    await dialog.getByLabel('Code').fill('KAFFEE-10');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await page.getByText('Coupon erstellt').first().waitFor();
    await page.getByRole('cell', { name: 'KAFFEE-10', exact: true }).waitFor();
    const stored = await couponsTable.one(stack.db, { code: 'KAFFEE-10' });
    expect(stored).toMatchObject({ partnerShopId: shop });
    await screenshot(page, 'partner-coupons');
    for (const [path, heading] of [
      ['/partner/redemptions', 'Einlösungen'],
      ['/partner/payouts', 'Auszahlungen'],
      ['/partner/preferences', 'Partnerdaten'],
    ] as const) {
      await page.goto(`${frontends.urls.shell}${path}?shop=${shop}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByText(/konnten nicht geladen werden/).count()).toBe(0);
    }
  });

  it('links each shop of the admin list to its workflows in the Temporal UI', async () => {
    await page.goto(`${frontends.urls.shell}/admin?shop=${shop}`);
    const link = page.getByRole('link', { name: 'In Temporal öffnen' }).first();
    await link.waitFor({ timeout: 20_000 });
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(href.origin).toBe('http://127.0.0.1:8233');
    expect(href.searchParams.get('query')).toBe(`ShopDomain="${shop}"`);
  });
});

describe('the shell with a remote that is down', () => {
  it('shows a German error inside the frame, keeps the rest working and recovers on retry', async () => {
    frontends.stopRemote('partner');
    await page.goto(`${frontends.urls.shell}/partner?shop=${shop}`);
    await page.getByText('Dieser Bereich konnte nicht geladen werden').waitFor({ timeout: 30_000 });
    await page.getByText('Der Bereich „Partnerprogramm“ ist gerade nicht erreichbar.').waitFor();
    await screenshot(page, 'shell-remote-down');

    // The frame still routes: the shell's own pages and the other remotes.
    await page.getByRole('link', { name: 'Bestellungen' }).click();
    await page.getByRole('heading', { name: 'Bestellungen', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await page.getByText('Automatisierung').first().waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Partnerprogramm' }).click();
    await page.getByText('Dieser Bereich konnte nicht geladen werden').waitFor({ timeout: 30_000 });

    // The remote comes back on the same address; a retry loads it without reloading the page.
    const port = new URL(frontends.urls.partner).port;
    const root = fileURLToPath(new URL('../..', import.meta.url));
    restarted = spawn(`${root}/node_modules/.bin/rsbuild`, ['preview'], {
      cwd: `${root}/frontends/partner`,
      env: { ...process.env, PORT: port, GATEWAY_URL: stack.gatewayUrl, SANDBOX_URL: stack.sandbox.urls.control },
      stdio: 'ignore',
      detached: true,
    });
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${frontends.urls.partner}/mf-manifest.json`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('heading', { name: 'Partnerprogramm', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByText('Coupons').first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('Dieser Bereich konnte nicht geladen werden').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(page, 'shell-remote-recovered');
  });
});
