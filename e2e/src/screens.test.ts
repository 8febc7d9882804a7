import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { shopsTable } from '@belegfluss/db/testing';
import { screenshot, type serveFrontends } from './frontends';
import { eventually } from './merchant';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';

/**
 * What a merchant on the Standard plan saw wrong in Chromium, against the whole stack: the upgrade overlay on a
 * locked card stays inside that card; the credit-note texts sit in boxes sized to what is written and grow with
 * it; and the setup guide knows the tax regime once Lexware is connected, even when the connection was made
 * without the wizard (here through the permission grant alone).
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'bildschirm-laden.myshopify.com';
const serverErrors: string[] = [];

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors, { freePlan: true }));
  // Standard lacks the e-mail link into Shopify's notifications: its cards are locked with the overlay.
  await shopsTable.update(stack.db, { id: shop }, { planId: 'standard' });
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

type Box = { top: number; bottom: number; left: number; right: number };

describe('screens on the Standard plan', () => {
  for (const path of ['/preferences/metafields', '/preferences/invoices']) {
    it(`keeps the „Tarif upgraden“ overlay inside its locked card on ${path}`, async () => {
      await page.goto(`${frontends.urls.shell}${path}?shop=${shop}`);
      const lock = page.locator('[data-feature-lock="feature"][data-feature="emailIntegration"]');
      await lock.getByRole('link', { name: 'Tarif upgraden' }).waitFor({ timeout: 60_000 });
      await lock.scrollIntoViewIfNeeded();
      const boxes = await lock.evaluate((element) => {
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        };
        const overlay = element.querySelector('[data-feature-lock-overlay] .Polaris-ShadowBevel');
        const locked = element.querySelector('[aria-hidden] .Polaris-ShadowBevel');
        const button = element.querySelector('[data-feature-lock-overlay] a');
        return {
          area: box(element),
          locked: locked && box(locked),
          overlay: overlay && box(overlay),
          button: button && box(button),
        };
      });
      const inside = (inner: Box | null, outer: Box | null) =>
        Boolean(
          inner &&
          outer &&
          inner.top >= outer.top - 0.5 &&
          inner.bottom <= outer.bottom + 0.5 &&
          inner.left >= outer.left - 0.5 &&
          inner.right <= outer.right + 0.5,
        );
      expect(boxes.overlay, JSON.stringify(boxes)).not.toBeNull();
      expect(inside(boxes.overlay, boxes.locked), JSON.stringify(boxes)).toBe(true);
      expect(inside(boxes.button, boxes.overlay), JSON.stringify(boxes)).toBe(true);
      expect(inside(boxes.locked, boxes.area), JSON.stringify(boxes)).toBe(true);
      // Nothing after the lock is covered by it.
      const next = await lock.evaluate((element) => {
        const after = element.closest('section')?.nextElementSibling ?? element.nextElementSibling;
        return after ? after.getBoundingClientRect().top : null;
      });
      if (next !== null) expect(next).toBeGreaterThanOrEqual(boxes.area.bottom);
      await screenshot(page, `feature-lock-overlay${path.replaceAll('/', '-')}`);
    }, 120_000);
  }

  it('sizes the credit-note text boxes to their text and lets them grow', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/credits?shop=${shop}`);
    const introduction = page.getByLabel('Einleitung', { exact: true });
    await introduction.waitFor({ timeout: 60_000 });
    const measure = () =>
      page.evaluate(() =>
        Object.fromEntries(
          Array.from(document.querySelectorAll('textarea')).map((area) => [
            area.id,
            {
              height: Math.round(area.getBoundingClientRect().height),
              lines: area.value.split('\n').length,
              // What the box cannot show without scrolling inside it; under half a line (20 px) it is padding only.
              hidden: area.scrollHeight - area.clientHeight,
            },
          ]),
        ),
      );
    type Sizes = Awaited<ReturnType<typeof measure>>;
    const explain = async () => JSON.stringify(await measure());
    // Polaris sets a textarea's height a frame after its text changes: wait for the sizes, not for a time.
    const sized = (ok: (sizes: Sizes) => boolean) =>
      eventually(
        async () => {
          const sizes = await measure();
          return ok(sizes) && sizes;
        },
        30_000,
        explain,
      );

    // One line of default text: a box of two rows (20 px each plus padding), no longer a tall empty box.
    const before = await sized(
      (sizes) =>
        ['credit-creditLayoutIntroduction', 'credit-creditLayoutRemark'].every((id) => id in sizes) &&
        Object.values(sizes).every(
          ({ height, lines, hidden }) => lines === 1 && height >= 40 && height <= 60 && hidden < 10,
        ),
    );
    await screenshot(page, 'credit-texts');

    // Six lines make the box grow to show all of them, without a scrollbar inside it; the other box stays.
    await introduction.fill(
      ['Liebe Kundin, lieber Kunde,', '', 'danke für', 'deine', 'Bestellung', '{ORDER.NAME}.'].join('\n'),
    );
    const grown = await sized(({ 'credit-creditLayoutIntroduction': intro }) =>
      Boolean(intro && intro.height >= 6 * 20 && intro.hidden < 10),
    );
    expect(grown['credit-creditLayoutIntroduction']!.height).toBeLessThanOrEqual(6 * 20 + 20);
    expect(grown['credit-creditLayoutRemark']).toEqual(before['credit-creditLayoutRemark']);
    await screenshot(page, 'credit-texts-grown');
  }, 120_000);

  it('shows the tax regime of a Lexware account connected without the wizard as set up', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/setup?shop=${shop}`);
    const step = page.locator('.Polaris-ShadowBevel', { hasText: '2. Umsatzsteuer-Regelung wählen' });
    await step.getByText('Aus deinem Lexware-Office-Konto übernommen: Nur deutsche Umsatzsteuer.').waitFor({
      timeout: 60_000,
    });
    await step.getByText('Erledigt', { exact: true }).waitFor();
    expect(await step.getByText('Offen', { exact: true }).count()).toBe(0);
    await page
      .locator('.Polaris-ShadowBevel', { hasText: '1. Lexware Office verbinden' })
      .getByText('Erledigt')
      .waitFor();
    await screenshot(page, 'setup-guide-outside-connection');
  }, 120_000);

  it('got no server error from /api on the way', () => {
    expect(serverErrors).toEqual([]);
  });
});
