import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { lexwareConnectionsTable } from '@belegfluss/db/testing';

/**
 * Two shops of one merchant share one Lexware connection, clicked through in Chromium: the connected shop
 * hands out a code on its settings page, the other shop enters it on its own, and when the first shop
 * disconnects the page says that the second keeps booking; a third shop joins in the connect wizard.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const FIRST = 'teilen-de.myshopify.com';
const SECOND = 'teilen-at.myshopify.com';
const THIRD = 'teilen-ch.myshopify.com';
const serverErrors: string[] = [];

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(FIRST, serverErrors));
  for (const shop of [SECOND, THIRD]) {
    await merchant(stack, shop).createShop();
    await merchant(stack, shop).install();
  }
}, 180_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

const settingsOf = async (shop: string) => {
  await page.goto(`${frontends.urls.shell}/preferences?shop=${shop}`);
  await page.getByText('Verbindung trennen').or(page.getByLabel('Code aus dem anderen Shop')).first().waitFor({
    timeout: 60_000,
  });
};
const organization = async (shop: string) =>
  (await lexwareConnectionsTable.first(stack.db, { shopId: shop }))?.organizationId;
const connectedSeen = async (shop: string) =>
  (await merchant(stack, shop).api<{ lexoffice: { isConnected: boolean } }>('/api/shop')).lexoffice.isConnected;

describe('sharing one Lexware connection between two shops in Chromium', () => {
  it('links the second shop with a code from the first and keeps it connected when the first leaves', async () => {
    await settingsOf(FIRST);
    await page.getByRole('button', { name: 'Verbindung mit einem weiteren Shop teilen' }).click();
    const code = (await page.getByLabel('Verbindungscode').textContent())!.trim();
    expect(code).toMatch(/^[0-9a-f]{24}$/);
    expect(await page.getByText(/^gültig bis \d\d:\d\d$/).isVisible()).toBe(true);
    await screenshot(page, 'connection-share-code');

    await settingsOf(SECOND);
    const field = page.getByLabel('Code aus dem anderen Shop');
    await field.fill('abgelaufen');
    await page.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await page.getByText('Der Verbindungscode ist ungültig oder abgelaufen.', { exact: false }).waitFor();
    expect(await connectedSeen(SECOND)).toBe(false);

    await field.fill(code);
    await page.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await page.getByRole('button', { name: 'Verbindung mit einem weiteren Shop teilen' }).waitFor({ timeout: 30_000 });
    expect(await connectedSeen(SECOND)).toBe(true);
    expect(await organization(SECOND)).toBe(await organization(FIRST));
    await screenshot(page, 'connection-shared-linked');

    await settingsOf(FIRST);
    await page.getByRole('button', { name: 'Verbindung trennen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verbindung trennen' }).click();
    await page
      .getByText(`Der Shop ${SECOND} nutzt dieselbe Verbindung und bleibt mit Lexware Office verbunden.`, {
        exact: false,
      })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'connection-shared-disconnected');
    expect(await connectedSeen(FIRST)).toBe(false);
    expect(await connectedSeen(SECOND)).toBe(true);
    expect(serverErrors).toEqual([]);
  }, 240_000);

  it("joins a shop's connection in the connect wizard and goes on to the imports", async () => {
    // The second shop is on the shared grant now; its code lets a third shop join as well.
    const { code } = await merchant(stack, SECOND).api<{ code: string }>('/api/lexoffice/link-code', {
      method: 'POST',
    });
    await page.goto(`${frontends.urls.shell}/home?shop=${THIRD}`);
    await page.getByRole('link', { name: 'Jetzt verbinden' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Schritt 1 von 7').waitFor();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check({ force: true });
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByText('Schritt 2 von 7').waitFor();
    await dialog.getByRole('button', { name: 'Mit der Lexware-Verbindung eines anderen Shops verbinden' }).click();
    await dialog.getByLabel('Code aus dem anderen Shop').fill(code);
    await screenshot(page, 'connection-shared-wizard');
    await dialog.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await page
      .getByText(/\d+ Bestellungen? importiert/)
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await connectedSeen(THIRD)).toBe(true);
    expect(await organization(THIRD)).toBe(await organization(SECOND));
    expect(serverErrors).toEqual([]);
  }, 180_000);
});
