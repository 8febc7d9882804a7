/**
 * A look at admin and partner pages in Chromium (not a test): each page once with content and
 * once empty, as full-page screenshots, and how far the layout jumped while it loaded (the
 * browser's cumulative layout shift, summed over the load). A skeleton sized like its content
 * keeps that near zero. Screenshots are named `<prefix>-<page>.png` under .data/screenshots.
 * Run: cd e2e && npx tsx src/page-states.look.ts [prefix] (front ends built, TEMPORAL_CLI_PATH set).
 */
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { shopsTable } from '@belegfluss/db/testing';
import type { Page } from 'playwright-core';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { merchant } from './merchant';
import { startStack } from './stack';

const prefix = process.argv[2] ?? 'page-states';
const admin = 'blick-betrieb.myshopify.com';
const partner = 'blick-partner.myshopify.com';
const emptyPartner = 'blick-neu-partner.myshopify.com';
process.env.OPERATOR_STAFF = `${admin}:${DEFAULT_STAFF_USER_ID}=Olga Betrieb`;
const stack = await startStack();
const frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });

/** Opens the page, waits for `ready`, settles, and answers the layout shift summed since navigation. */
async function look(page: Page, path: string, shop: string, ready: string, name: string): Promise<number> {
  await page.goto(`${frontends.urls.shell}${path}?shop=${shop}`);
  await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[class*="Polaris-Skeleton"]') === null);
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  console.log(`${name}: layout shift ${shift.toFixed(4)}, ${await screenshot(page, `${prefix}-${name}`)}`);
  return shift;
}

/**
 * The page's height while its list is held back (the skeleton) and once the list is there: how far
 * the content below would move. `api` is the list's path below /api.
 */
async function heights(page: Page, path: string, shop: string, api: string, ready: string): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const pattern = new RegExp(`/api${api.replace(/[/?]/g, '\\$&')}(\\?|$)`);
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  const height = () =>
    page.evaluate(() => {
      const pages = document.querySelectorAll('.Polaris-Page');
      return Math.round(pages[pages.length - 1]?.getBoundingClientRect().height ?? 0);
    });
  await page.goto(`${frontends.urls.shell}${path}?shop=${shop}`);
  await page.locator('.Polaris-Page .Polaris-SkeletonBodyText').first().waitFor({ timeout: 60_000 });
  const skeleton = await height();
  release();
  await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[class*="Polaris-Skeleton"]') === null);
  console.log(`${path} as ${shop}: ${skeleton}px with the skeleton, ${await height()}px with the content`);
  await page.unroute(pattern);
}

try {
  for (const s of [admin, partner, emptyPartner]) {
    await merchant(stack, s).createShop();
    await merchant(stack, s).install();
    if (s !== admin) await shopsTable.update(stack.db, { id: s }, { partner: true });
  }
  const post = (shop: string, path: string, body: unknown) =>
    merchant(stack, shop).api(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post(partner, '/api/partner/coupons/KAFFEE-10', { type: '3' });
  await post(partner, '/api/partner/coupons/TEE-25', { type: '6' });

  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
  // Sums every layout shift not caused by input, as Chromium reports them.
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await look(page, '/admin/downtimes', admin, 'Keine Wartungen geplant', 'admin-downtimes-empty');
  await look(page, '/admin/coupons', admin, 'Noch keine Coupons ohne Partner', 'admin-coupons-empty');
  await look(page, '/partner/coupons', partner, 'KAFFEE-10', 'partner-coupons');
  await look(page, '/partner/coupons', emptyPartner, 'Noch keine Coupons', 'partner-coupons-empty');
  await look(page, '/partner/payouts', partner, 'Noch keine Auszahlungen', 'partner-payouts-empty');
  await post(admin, '/api/admin/downtimes', {
    status: 'warning',
    message: 'Heute ab 22 Uhr kurze Wartung.',
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endsAt: null,
  });
  await look(page, '/admin/downtimes', admin, 'Heute ab 22 Uhr kurze Wartung.', 'admin-downtimes');
  await look(page, '/admin', admin, 'blick-partner.myshopify.com', 'admin-shops');
  await heights(page, '/admin', admin, '/admin/shops', 'blick-partner.myshopify.com');
  await heights(page, '/admin/downtimes', admin, '/admin/downtimes', 'Heute ab 22 Uhr kurze Wartung.');
  await heights(page, '/partner/coupons', partner, '/partner/coupons', 'KAFFEE-10');
  await heights(page, '/partner/payouts', partner, '/partner/payouts', 'Noch keine Auszahlungen');
  await browser.close();
} finally {
  await frontends.stop();
  await stack.stop();
}
process.exit(0);
