import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { documentsTable } from '@belegfluss/db/testing';

/**
 * The merchant's other daily pages in Chromium against the whole stack: the
 * send dialog with copy (BCC) and signature reaches the SMTP stand-in as written; an order that does
 * not exist says „nicht gefunden“, never „noch nicht verfügbar“; a shop without the app gets the 418
 * page that explains it; /preferences/setup is a real page.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'seiten-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
type Caught = { subject: string; text?: string; html?: string; envelope: { to: string[] } };

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('the merchant’s pages in Chromium', () => {
  it('sends a document with copy (BCC) and signature from the order page', async () => {
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    await eventually(
      async () =>
        documentsTable.first(
          stack.db,
          { shopId: shop, orderId: String(order.id), type: 'invoice' },
          { notNull: ['lexwareId'] },
        ),
      120_000,
    );
    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    await page.getByRole('button', { name: 'Per E-Mail senden' }).click({ timeout: 60_000 });
    // The create is not read back: the order page learns the number from Lexware's voucher list when it shows it.
    const invoice = await eventually(
      async () =>
        documentsTable.first(
          stack.db,
          { shopId: shop, orderId: String(order.id), type: 'invoice' },
          { notNull: ['number'] },
        ),
      60_000,
    );
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Rechnung ${invoice.number} per E-Mail senden`).waitFor();
    await dialog.getByLabel('Empfänger').fill('kundin@seiten-laden.example');
    await dialog.getByLabel('Kopie an (BCC)').fill('buchhaltung@seiten-laden.example');
    await dialog.getByLabel('Signatur').fill('Viele Grüße aus dem Seiten-Laden');
    await screenshot(page, 'send-dialog');
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await page
      .getByText(/versendet|gesendet/)
      .first()
      .waitFor({ timeout: 60_000 });

    const mails = await eventually(async () => {
      const list = (await (
        await fetch(`${stack.sandbox.urls.control}/control/mail?to=kundin%40seiten-laden.example`)
      ).json()) as Caught[];
      return list.length > 0 && list;
    }, 60_000);
    expect(mails[0]!.envelope.to.sort()).toEqual(['buchhaltung@seiten-laden.example', 'kundin@seiten-laden.example']);
    expect(`${mails[0]!.text ?? ''}${mails[0]!.html ?? ''}`).toContain('Viele Grüße aus dem Seiten-Laden');
    // The server accepted the mail a moment before the send is recorded: wait for the record, not for a fixed time.
    const emailedAt = await eventually(
      async () => (await documentsTable.one(stack.db, { id: invoice.id })).emailedAt,
      30_000,
    );
    expect(emailedAt).toBeInstanceOf(Date);
  }, 240_000);

  it('says „nicht gefunden“ for an order that does not exist', async () => {
    await page.goto(`${frontends.urls.shell}/orders/987654321?shop=${shop}`);
    await page.getByText('Die Bestellung konnte nicht geladen werden').waitFor({ timeout: 60_000 });
    await page.getByText('Bestellung nicht gefunden', { exact: false }).waitFor();
    expect(await page.getByText('noch nicht verfügbar', { exact: false }).count()).toBe(0);
    await screenshot(page, 'order-not-found');
  }, 120_000);

  it('shows /preferences/setup with its steps', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/setup?shop=${shop}`);
    await page.getByText('Was Belegfluss braucht, damit Belege von selbst entstehen').waitFor({ timeout: 60_000 });
    await page.getByText('Lexware Office verbinden').first().waitFor();
    expect(await page.getByText('noch nicht verfügbar', { exact: false }).count()).toBe(0);
    await screenshot(page, 'preferences-setup');
  }, 120_000);

  it('explains an unknown shop on the 418 page, with a way to contact support', async () => {
    const stranger = 'fremder-laden.myshopify.com';
    await merchant(stack, stranger).createShop();
    await page.goto(`${frontends.urls.shell}/?shop=${stranger}`);
    await page.getByText("418 — I'm a teapot").waitFor({ timeout: 60_000 });
    await page
      .getByText('Belegfluss kennt diesen Shop nicht: Die App ist in diesem Shop nicht (mehr) installiert.', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Kontakt aufnehmen' }).getAttribute('href')).toContain(
      '/help/contact?subject=Shop+l%C3%A4sst+sich+nicht+laden',
    );
    await screenshot(page, 'teapot-unknown-shop');
  }, 120_000);

  it('shows the Impressum from the operator’s configuration, not a placeholder text', async () => {
    await page.goto(`${frontends.urls.shell}/help/imprint?shop=${shop}`);
    await page.getByText('Angaben gemäß § 5 DDG').waitFor({ timeout: 60_000 });
    // The e2e stack runs in development: the gateway names itself as a development setup, never as a made-up provider.
    await page.getByText('Belegfluss (Entwicklungsumgebung, kein Anbieter)').waitFor();
    expect(await page.getByText('noch nicht verfügbar', { exact: false }).count()).toBe(0);
    await screenshot(page, 'imprint');
  }, 120_000);
});
