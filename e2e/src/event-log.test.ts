import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeLog } from '@belegfluss/db';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { documentsTable, eventLogTable, shopsTable } from '@belegfluss/db/testing';

/**
 * The event log as its own page, in Chromium against the whole stack:
 * the worker's real entries read as German sentences, search, status filter, sort and paging work,
 * each entry leads to its order or to the setting behind it, the order page reads the same
 * sentences, and only an admin sees a critical entry's stack trace.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'protokoll-laden.myshopify.com';
/** A second staff account of the shop, listed as support; the merchant's own (the sandbox's default) is not. */
const SUPPORT_USER = '5550001';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
let paid: { id: number; name: string };
let waiting: { id: number; name: string };

// Bounded by its parts: the browser session (240 s, as merchant-pages allows it) and the two waits (120 s each).
beforeAll(async () => {
  process.env.SUPPORT_STAFF = `${shop}:${SUPPORT_USER}`;
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors, { freePlan: true }));
  paid = (await m().createOrder({ scenario: 'de_b2c' })).order;
  await m().payOrder(paid.id);
  waiting = (await m().createOrder({ scenario: 'de_b2c' })).order;
  // The real entries: the paid order's invoice, and the unpaid one waiting for its payment.
  await eventually(
    async () => (await eventLogTable.first(stack.db, { shopId: shop, event: 'invoice.created' })) as unknown,
    120_000,
  );
  await eventually(
    async () =>
      (await eventLogTable.first(stack.db, {
        shopId: shop,
        event: 'invoice.skipped',
        orderId: String(waiting.id),
      })) as unknown,
    120_000,
  );
  await writeLog(stack.db, {
    shopId: shop,
    origin: 'invoice',
    event: 'invoice.failed',
    status: 'critical',
    orderId: String(waiting.id),
    orderName: waiting.name,
    body: {
      service: 'lexoffice',
      status: 400,
      message: 'Die Adresse ist unvollständig',
      stack: 'LexwareError: 400 Bad Request\n    at createInvoice (documents.ts:61)',
    },
  });
}, 480_000);
afterAll(async () => {
  delete process.env.SUPPORT_STAFF;
  await closeMerchantBrowser({ stack, frontends, browser });
});

const rows = () => page.locator('.Polaris-IndexTable__TableRow');
const openLog = async () => {
  await page.goto(`${frontends.urls.shell}/log?shop=${shop}`);
  await page.getByText('Einträge werden 7 Tage aufbewahrt').waitFor({ timeout: 60_000 });
  await rows().first().waitFor({ timeout: 60_000 });
};

describe('the event log page in Chromium', () => {
  it('shows every entry as a German sentence, with the plan’s retention, and searches and filters them', async () => {
    await openLog();
    await expect(
      page.getByText('Dein Tarif Free bewahrt das Protokoll 7 Tage auf', { exact: false }).isVisible(),
    ).resolves.toBe(true);
    const invoiceNumber = (await documentsTable.one(stack.db, { shopId: shop, orderId: String(paid.id) }))
      .number as string;
    await page.getByText(`Rechnung in Lexware Office erstellt: ${invoiceNumber}`).waitFor();
    await page.getByText('Rechnung wartet auf das gewählte Ereignis (z. B. Zahlung oder Versand)').first().waitFor();
    await page.getByText('Rechnung konnte nicht erstellt werden: Die Adresse ist unvollständig').waitFor();
    // No raw codes anywhere in the table.
    expect(await page.locator('.Polaris-IndexTable').innerText()).not.toMatch(/invoice\.|WAIT|DISABLED_/);
    await screenshot(page, 'event-log');

    // The search finds the sentence a merchant reads, not only the stored code.
    await page.getByPlaceholder('Einträge durchsuchen').fill('wartet');
    await eventually(async () => (await rows().allInnerTexts()).every((t) => t.includes('Rechnung wartet')));
    await expect(rows().first().innerText()).resolves.toContain('Rechnung wartet auf das gewählte Ereignis');
    await page.getByPlaceholder('Einträge durchsuchen').fill('');
    await eventually(async () => (await rows().count()) > 2);

    // Status filter: only the critical entry, and no stack trace for a merchant.
    await page.getByRole('button', { name: 'Status' }).click();
    await page.getByLabel('Fehler').check({ force: true });
    await eventually(async () => (await rows().count()) === 1);
    await expect(rows().first().innerText()).resolves.toContain('Rechnung konnte nicht erstellt werden');
    expect(await page.getByRole('button', { name: 'Stacktrace anzeigen' }).count()).toBe(0);
  }, 240_000);

  it('links each entry to the setting behind it or to its order, whose page reads the same sentences', async () => {
    await openLog();
    const waitingRow = rows().filter({ hasText: 'Rechnung wartet auf das gewählte Ereignis' }).first();
    await waitingRow.getByRole('link', { name: 'Rechnungserstellung' }).click();
    await eventually(async () => page.url().includes('/preferences/invoices#create'));

    await openLog();
    await rows()
      .filter({ hasText: 'Rechnung in Lexware Office erstellt' })
      .getByRole('link', { name: paid.name })
      .click();
    await eventually(async () => page.url().includes(`/orders/${paid.id}`));
    await page.getByText('Rechnung in Lexware Office erstellt', { exact: false }).last().waitFor({ timeout: 60_000 });
    await page.getByText('Kontakt in Lexware Office angelegt', { exact: false }).first().waitFor();
    // Beside the documents: payment and fulfilment, the customer, the items and the balance.
    // The page follows the order as Shopify's paid webhook lands; reload until it shows.
    await eventually(
      async () => (await page.getByText('Zahlung: Bezahlt').isVisible()) || (await page.reload(), false),
      60_000,
    );
    await page.getByText('Versand: Nicht versendet').waitFor();
    await page.getByText('Ausgeglichen').waitFor();
    await page.getByRole('heading', { name: 'Artikel' }).waitFor();
    await page
      .getByText(/SKU .* × /)
      .first()
      .waitFor();
    await screenshot(page, 'order-detail-facts');
  }, 120_000);

  it('cancels the invoice with the credit note that closes it, and explains what only Lexware Office can do', async () => {
    await page.goto(`${frontends.urls.shell}/orders/${paid.id}?shop=${shop}`);
    const invoiceNumber = (
      await documentsTable.one(stack.db, { shopId: shop, orderId: String(paid.id), type: 'invoice' })
    ).number as string;
    const invoiceCard = page.locator('.Polaris-ShadowBevel', {
      has: page.getByRole('heading', { name: `Rechnung ${invoiceNumber}` }),
    });
    await invoiceCard.getByRole('button', { name: 'Aktionen' }).click({ timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Als bezahlt markieren' }).click();
    await page
      .getByText('Die Schnittstelle liest den Zahlstatus nur, sie erfasst keine Zahlungen.', { exact: false })
      .waitFor();
    const lexwareId = (await documentsTable.one(stack.db, { shopId: shop, orderId: String(paid.id), type: 'invoice' }))
      .lexwareId as string;
    expect(await page.getByRole('link', { name: 'In Lexware Office öffnen' }).getAttribute('href')).toContain(
      `/permalink/invoices/view/${lexwareId}`,
    );
    await page.getByRole('dialog').getByText('Schließen', { exact: true }).click();

    await invoiceCard.getByRole('button', { name: 'Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await page
      .getByText('Rechnung storniert: Die Gutschrift schließt sie in Lexware Office.')
      .waitFor({ timeout: 30_000 });
    await invoiceCard.getByText('Storniert').waitFor();
    expect(
      await invoiceCard
        .getByRole('heading', { name: `Rechnung ${invoiceNumber}` })
        .evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe('line-through');
    await page.getByRole('heading', { name: /^Gutschrift / }).waitFor();
    await screenshot(page, 'invoice-cancelled');
    const credit = await documentsTable.one(stack.db, { shopId: shop, orderId: String(paid.id), type: 'credit' });
    const org = Object.values(stack.sandbox.state.lexware.organizations)[0]!;
    expect(org.vouchers[credit.lexwareId!]).toMatchObject({ precedingSalesVoucherId: lexwareId });
    await page.getByText(`Rechnung storniert, die Stornogutschrift schließt sie: ${invoiceNumber}`).waitFor();
  }, 120_000);

  it('shows a critical entry’s stack trace to listed support staff, not to the shop’s view_dashboard', async () => {
    await shopsTable.update(stack.db, { id: shop }, { permissions: ['view_dashboard'] });
    await openLog();
    const failed = rows().filter({ hasText: 'Rechnung konnte nicht erstellt werden' });
    await failed.waitFor();
    expect(await failed.getByRole('button', { name: 'Stacktrace anzeigen' }).count()).toBe(0);
    // The support person signs in: the sandbox signs their session tokens with their user id.
    await page.route(/\/control\/session-token\?/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('userId', SUPPORT_USER);
      return route.continue({ url: url.toString() });
    });
    await openLog();
    await failed.getByRole('button', { name: 'Stacktrace anzeigen' }).click();
    await failed.getByText('at createInvoice (documents.ts:61)', { exact: false }).waitFor();
    await screenshot(page, 'event-log-stack-trace');
    expect(serverErrors).toEqual([]);
  }, 120_000);
  it('sorts oldest first and pages 25 entries at a time', async () => {
    for (let i = 0; i < 30; i++)
      await writeLog(stack.db, {
        shopId: shop,
        origin: 'shop',
        event: 'automation.enabled',
        status: 'info',
        body: { active: true },
      });
    await openLog();
    await page.getByLabel('Sortieren').selectOption('date asc');
    await eventually(async () => !(await rows().first().innerText()).includes('Belegerstellung aktiviert'));
    expect(await rows().count()).toBe(25);
    await page.getByText('Seite 1').waitFor();
    await page
      .getByRole('button', { name: /Weiter|Nächste/ })
      .last()
      .click();
    await page.getByText('Seite 2').waitFor();
    await eventually(async () => (await rows().count()) < 25 && (await rows().count()) > 0);
  }, 120_000);
});
