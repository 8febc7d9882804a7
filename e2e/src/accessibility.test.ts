import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { shopsTable } from '@belegfluss/db/testing';
import { merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';

/**
 * axe (WCAG 2.1 A and AA) over every route of the shell and its three remotes, as a merchant on the
 * Standard plan sees them: some cards there are plan-locked, which is where the overlay and the
 * disabled controls show. Each route prints its violations by impact; a critical or serious one fails.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
let axeSource: string;
let orderId: number;
const shop = 'barrierefrei-laden.myshopify.com';
const serverErrors: string[] = [];
const IMPACTS: ImpactValue[] = ['critical', 'serious', 'moderate', 'minor'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Violations (a rule failing on a route) and the elements they were found on, by impact. */
const totals: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
const elements: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
let checked = 0;

const HELP_ARTICLES = [
  'setup/connect',
  'setup/testing',
  'setup/template',
  'shopify/plan',
  'shopify/metafields',
  'shopify/webhooks',
  'taxes/business',
  'app/privacy',
  'app/terms',
  'app/changelog',
];
const PLAN_IDS = ['free', 'basic', 'standard', 'premium', 'business', 'corporate', 'enterprise'];

/** Every route a merchant, a partner or support staff can open; `:order` is an order of the shop. */
const ROUTES = [
  '/',
  '/home',
  '/?assistant=connect',
  '/orders',
  '/orders/:order',
  '/orders/audit',
  '/log',
  '/plan',
  ...PLAN_IDS.map((id) => `/plan/${id}`),
  '/plan/purchase/orderImport',
  '/affiliate',
  '/apps',
  '/register',
  '/exitiframe',
  '/gibt-es-nicht',
  '/help',
  '/help/contact',
  '/help/imprint',
  ...HELP_ARTICLES.map((article) => `/help/${article}`),
  '/preferences',
  '/preferences/transactions',
  '/preferences/metafields',
  '/preferences/mail',
  '/preferences/credits',
  '/preferences/orders',
  '/preferences/contacts',
  '/preferences/invoices',
  // The e-mail link wizard: a dialog, and on Standard a plan-locked one.
  '/preferences/invoices?assistant=email-integration',
  '/preferences/setup',
  '/partner',
  '/partner/coupons',
  '/partner/coupons/new',
  '/partner/coupons/confirm',
  '/partner/redemptions',
  '/partner/payouts',
  '/partner/preferences',
  '/admin',
  '/admin/help',
  '/admin/downtimes',
  '/admin/payouts',
  `/admin/shops/${shop}`,
];

beforeAll(async () => {
  // The browser's staff user (the sandbox's default one) is support staff, so the admin area opens too.
  process.env.SUPPORT_STAFF = `${shop}:${DEFAULT_STAFF_USER_ID}`;
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors, { freePlan: true }));
  await shopsTable.update(stack.db, { id: shop }, { planId: 'standard', partner: true });
  ({
    order: { id: orderId },
  } = await merchant(stack, shop).createOrder({ scenario: 'de_b2c' }));
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}, 240_000);
afterAll(async () => {
  delete process.env.SUPPORT_STAFF;
  console.log(
    `axe: ${checked} of ${ROUTES.length} routes checked; violations by impact ${JSON.stringify(totals)}, on elements ${JSON.stringify(elements)}`,
  );
  await closeMerchantBrowser({ stack, frontends, browser });
});

/**
 * A page is ready for axe once it has its heading and no skeleton or loading bar is left: axe on a
 * skeleton would judge placeholders, not what the merchant reads.
 */
async function settle(target: Page): Promise<void> {
  await target.waitForLoadState('networkidle', { timeout: 60_000 });
  await target.waitForFunction(
    () =>
      document.querySelector('h1, [role="dialog"] h2') !== null &&
      document.querySelector('[class*="Polaris-Skeleton"], .Polaris-Frame-Loading') === null,
    undefined,
    { timeout: 60_000 },
  );
}

describe('accessibility of every route (axe, WCAG 2.1 A and AA)', () => {
  for (const route of ROUTES) {
    it(`${route} has no critical or serious violation`, async () => {
      const path = route.replace(':order', String(orderId));
      const join = path.includes('?') ? '&' : '?';
      await page.goto(`${frontends.urls.shell}${path}${join}shop=${shop}`);
      await settle(page);
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
      const results = (await page.evaluate(
        (tags) =>
          (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
          }),
        TAGS,
      )) as AxeResults;
      const counts = Object.fromEntries(IMPACTS.map((impact) => [impact!, 0])) as Record<string, number>;
      for (const violation of results.violations) {
        const impact = violation.impact ?? 'minor';
        counts[impact]! += 1;
        totals[impact]! += 1;
        elements[impact]! += violation.nodes.length;
      }
      checked += 1;
      const details = results.violations.map(
        (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
      console.log(`axe ${route}: ${JSON.stringify(counts)}${details.length ? `\n  ${details.join('\n  ')}` : ''}`);
      await screenshot(page, `axe${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '') || '-root'}`);
      const blocking = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
      expect(blocking.map((v) => `${v.id} (${v.help})`)).toEqual([]);
    }, 120_000);
  }

  it('got no server error from /api on the way', () => {
    expect(serverErrors).toEqual([]);
  });
});
