import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';
import { documentsTable } from '@belegfluss/db/testing';

/**
 * The settings home clicked through in Chromium against the whole stack:
 * the receipt language switched to English shows in the next invoice in the sandbox's Lexware,
 * a notification switch and expert mode are saved on change and kept after a reload, and the
 * navigation leads to each settings page.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'einstellungen-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];

interface LexwareInvoice {
  id: string;
  title: string;
  introduction: string;
  remark: string;
  lineItems: { type: string; unitName?: string }[];
}
const invoiceOf = (orderId: number) =>
  eventually(
    async () =>
      await documentsTable.first(
        stack.db,
        { shopId: shop, type: 'invoice', orderId: String(orderId) },
        { notNull: ['lexwareId'] },
      ),
    120_000,
  );
const lexwareInvoice = async (id: string) =>
  (await m().json<LexwareInvoice[]>(`${stack.sandbox.urls.control}/control/lexware/invoices`)).find((i) => i.id === id);

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
}, 180_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

/** The home with every card loaded: the remote, then each card's preferences (a busy machine can take a while). */
const homeLoaded = async () => {
  for (const [region, label] of [
    ['Sprache der Belege', 'Belegsprache'],
    ['Benachrichtigungen', 'Übertragungen bald aufgebraucht'],
    ['App-Einstellungen', 'Expertenmodus'],
  ] as const) {
    await page.getByRole('region', { name: region }).getByLabel(label).waitFor({ state: 'attached', timeout: 60_000 });
  }
};
const openHome = async () => {
  await page.goto(`${frontends.urls.shell}/preferences?shop=${shop}`);
  await homeLoaded();
};

describe('settings home in Chromium', () => {
  it('switches the receipt language to English and the next invoice is written in English', async () => {
    await openHome();
    const language = page.getByRole('region', { name: 'Sprache der Belege' });
    await language.getByLabel('Belegsprache').selectOption('en');
    await language.getByText('Gespeichert', { exact: true }).waitFor();
    expect((await m().api<{ value: { language: string } }>('/api/preferences/general')).value.language).toBe('en');

    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    const invoice = await lexwareInvoice((await invoiceOf(order.id)).lexwareId!);
    expect(invoice).toMatchObject({
      title: 'Invoice',
      introduction: `Thank you for your order ${order.name}. We invoice you for the following items.`,
      remark: `Thank you for your purchase.\nBestellung ${order.name}`,
    });
    expect(invoice!.lineItems.filter((l) => l.type === 'custom').map((l) => l.unitName)).toContain('Pieces');

    // The feedback stays for 5 seconds, then goes.
    await language.getByText('Gespeichert', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
  }, 240_000);

  it('saves a notification switch and expert mode on change and keeps them after a reload', async () => {
    await openHome();
    const notifications = page.getByRole('region', { name: 'Benachrichtigungen' });
    await setCheckbox(notifications.getByLabel('Übertragungen bald aufgebraucht'), false);
    await notifications.getByText('Gespeichert', { exact: true }).waitFor();

    const app = page.getByRole('region', { name: 'App-Einstellungen' });
    await setCheckbox(app.getByLabel('Expertenmodus'));
    await app.getByText('Gespeichert', { exact: true }).waitFor();
    await screenshot(page, 'settings-home');

    await page.reload();
    await homeLoaded();
    expect(await page.getByRole('region', { name: 'App-Einstellungen' }).getByLabel('Expertenmodus').isChecked()).toBe(
      true,
    );
    expect(
      await page
        .getByRole('region', { name: 'Benachrichtigungen' })
        .getByLabel('Übertragungen bald aufgebraucht')
        .isChecked(),
    ).toBe(false);
    expect(await page.getByRole('region', { name: 'Sprache der Belege' }).getByLabel('Belegsprache').inputValue()).toBe(
      'en',
    );
    expect((await m().api<{ value: Record<string, boolean> }>('/api/preferences/notifications')).value).toMatchObject({
      creditsExhaustedSoon: false,
      creditsExhaustedNow: true,
    });
    expect((await m().api<{ value: { expertMode: boolean } }>('/api/preferences/general')).value.expertMode).toBe(true);
  }, 120_000);

  it('remembers a dismissed banner on this device and leads to every settings page', async () => {
    await openHome();
    const banner = page.getByText('Änderungen werden sofort gespeichert');
    await banner.waitFor();
    await page.getByRole('button', { name: 'Benachrichtigung verwerfen' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('App:banner:settings-autosave'))).not.toBeNull();
    await page.reload();
    await homeLoaded();
    await page.getByRole('navigation', { name: 'Einstellungsseiten' }).waitFor();
    expect(await banner.count()).toBe(0);

    for (const [name, path] of [
      ['Kontakte', '/preferences/contacts'],
      ['Metafelder', '/preferences/metafields'],
      ['E-Mail-Versand', '/preferences/mail'],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Einstellungsseiten' })
        .getByRole('button', { name: `${name} öffnen` })
        .click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 60_000 });
      await page.goBack();
      await page.getByRole('navigation', { name: 'Einstellungsseiten' }).waitFor({ timeout: 60_000 });
    }
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
