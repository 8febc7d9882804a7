import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';
import { documentsTable, ordersTable } from '@belegfluss/db/testing';

/**
 * The invoice settings page clicked through in Chromium against the whole stack: the merchant
 * sets the title "Rechnung {ORDER.NAME}" and net prices, sees both saved and kept after a reload,
 * previews the invoice of an open order, pays it in the sandbox and finds the title and net
 * mode on the invoice in the sandbox's Lexware Office.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'rechnung-einstellungen.myshopify.com';
const m = () => merchant(stack, shop);
const control = async <T>(path: string) => {
  const res = await fetch(`${stack.sandbox.urls.control}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};
const serverErrors: string[] = [];

interface Voucher {
  id: string;
  title: string;
  taxConditions: { taxType: string };
  lineItems: { type: string; unitPrice?: { netAmount?: number; grossAmount?: number } }[];
}

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
});
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('invoice settings in Chromium', () => {
  it('sets title and net prices, keeps them, previews the invoice, and a paid order gets that invoice in Lexware', async () => {
    // An open order, so the live preview and the invoice preview have something to show.
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await eventually(
      async () => (await ordersTable.first(stack.db, { shopId: shop, orderId: String(order.id) })) !== undefined,
      60_000,
    );

    await page.goto(`${frontends.urls.shell}/preferences/invoices?shop=${shop}`);
    await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor({ timeout: 30_000 });
    const layout = page.getByRole('region', { name: 'Texte der Rechnung' });
    const title = layout.getByRole('textbox', { name: 'Titel' });
    await title.fill('Rechnung {ORDER.NAME}');
    await layout.getByText(`Rechnung ${order.name}`, { exact: true }).waitFor({ timeout: 20_000 });
    await title.press('Tab');
    await layout.getByText('Gespeichert', { exact: true }).waitFor();

    const format = page.getByRole('region', { name: 'Format' });
    await setCheckbox(format.getByLabel('Alle Rechnungen als Nettorechnung'));
    await format.getByText('Gespeichert', { exact: true }).waitFor();
    await screenshot(page, 'settings-invoices');

    await page.reload();
    await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor({ timeout: 30_000 });
    expect(
      await page
        .getByRole('region', { name: 'Texte der Rechnung' })
        .getByRole('textbox', { name: 'Titel' })
        .inputValue(),
    ).toBe('Rechnung {ORDER.NAME}');
    expect(
      await page.getByRole('region', { name: 'Format' }).getByLabel('Alle Rechnungen als Nettorechnung').isChecked(),
    ).toBe(true);
    const stored = await m().api<{ value: { asNet: boolean; invoiceLayout: { title: string } } }>(
      '/api/preferences/invoices',
    );
    expect(stored.value).toMatchObject({ asNet: true, invoiceLayout: { title: 'Rechnung {ORDER.NAME}' } });

    // Before payment the preview shows what would go to Lexware Office.
    await page
      .getByRole('region', { name: 'Texte der Rechnung' })
      .getByRole('button', { name: 'Rechnungsvorschau' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Noch keine Rechnung erstellt', { exact: false }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('heading', { name: `Rechnung ${order.name}` }).waitFor();
    await dialog.getByText('3 Positionen').waitFor();
    await screenshot(page, 'settings-invoices-preview-draft');
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();

    await m().payOrder(order.id);
    const lexwareId = await eventually(
      async () =>
        (
          await documentsTable.first(
            stack.db,
            { shopId: shop, type: 'invoice', orderId: String(order.id) },
            { notNull: ['lexwareId'] },
          )
        )?.lexwareId as string | undefined,
      120_000,
    );
    const vouchers = await control<Voucher[]>('/control/lexware/invoices');
    const invoice = vouchers.find((v) => v.id === lexwareId)!;
    expect(invoice.title).toBe(`Rechnung ${order.name}`);
    expect(invoice.taxConditions.taxType).toBe('net');
    expect(
      invoice.lineItems.filter((l) => l.type === 'custom').every((l) => typeof l.unitPrice?.netAmount === 'number'),
    ).toBe(true);

    // Now the preview shows the invoice's PDF.
    await page.goto(`${frontends.urls.shell}/preferences/invoices?assistant=receipt-preview&shop=${shop}`);
    const paidDialog = page.getByRole('dialog');
    await paidDialog.locator('iframe[title="Rechnung als PDF"]').waitFor({ timeout: 30_000 });
    const src = (await paidDialog.locator('iframe[title="Rechnung als PDF"]').getAttribute('src'))!;
    expect(src).toMatch(/^blob:/);
    // The frame holds the invoice's PDF (headless Chromium draws no PDF viewer, so read it back).
    expect(await page.evaluate(async (url) => (await (await fetch(url)).text()).slice(0, 5), src)).toBe('%PDF-');
    await paidDialog.getByText(/^Rechnung .+ · festgeschrieben$/).waitFor();
    await screenshot(page, 'settings-invoices-preview-pdf');
    expect(serverErrors).toEqual([]);
  }, 300_000);
});
