import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { documentsTable } from '@belegfluss/db/testing';

/**
 * Document actions in the order list, in Chromium against the whole stack: each
 * document of a row has its menu. Cancelling goes through Lexware's API (a credit note that pursues
 * the invoice); what the API can't do (address, paid/unpaid, draft, finalise, delete, see
 * services/sandbox/README.md) explains why in German and opens the document in Lexware Office. A draft
 * offers finalise and delete, never cancel, and its link opens the editor.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'aktionen-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
let finalised: { id: number; name: string };
let draft: { id: number; name: string };

const invoiceOf = (orderId: number) =>
  eventually(
    async () =>
      documentsTable.first(
        stack.db,
        { shopId: shop, orderId: String(orderId), type: 'invoice' },
        { notNull: ['lexwareId'] },
      ),
    120_000,
  );
const paidOrder = async () => {
  const { order } = await m().createOrder({ scenario: 'de_b2c' });
  await m().payOrder(order.id);
  await invoiceOf(order.id);
  return order;
};

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors, { freePlan: true }));
  finalised = await paidOrder();
  await m().api('/api/preferences/invoices', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ invoiceFinalize: false }),
  });
  draft = await paidOrder();
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

const row = (name: string) => page.locator('.Polaris-IndexTable__TableRow', { hasText: name });
const openList = async () => {
  await page.goto(`${frontends.urls.shell}/orders?shop=${shop}`);
  await row(finalised.name).waitFor({ timeout: 60_000 });
};

describe('document actions in the order list', () => {
  it('explains in German what only Lexware Office can do and opens the document there, without leaving the list', async () => {
    await openList();
    const invoice = await invoiceOf(finalised.id);
    await row(finalised.name)
      .getByRole('button', { name: `Aktionen ${invoice.number}` })
      .click();
    for (const item of [
      'Stornieren',
      'Adresse ändern',
      'Als bezahlt markieren',
      'Als unbezahlt markieren',
      'In Entwurf umwandeln',
      'Löschen',
    ]) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    expect(await page.getByRole('menuitem', { name: 'Festschreiben' }).count()).toBe(0);
    await screenshot(page, 'order-list-actions');
    await page.getByRole('menuitem', { name: 'Adresse ändern' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adresse ändern: in Lexware Office').waitFor();
    await dialog.getByText('Festgeschriebene Belege sind in Lexware Office unveränderlich', { exact: false }).waitFor();
    expect(await dialog.getByRole('link', { name: 'In Lexware Office öffnen' }).getAttribute('href')).toMatch(
      new RegExp(`/permalink/invoices/view/${invoice.lexwareId}$`),
    );
    await screenshot(page, 'order-list-action-in-lexware');
    await dialog.getByText('Schließen', { exact: true }).click();
    // The click in the row's menu did not open the order.
    expect(new URL(page.url()).pathname).toBe('/orders');
  }, 180_000);

  it('cancels a finalised invoice from the list: the credit note pursues it and the list shows it struck through', async () => {
    await openList();
    const invoice = await invoiceOf(finalised.id);
    await row(finalised.name)
      .getByRole('button', { name: `Aktionen ${invoice.number}` })
      .click();
    await page.getByRole('menuitem', { name: 'Stornieren' }).click();
    await page
      .getByRole('dialog')
      .getByText('Belegfluss legt in Lexware Office eine festgeschriebene Gutschrift über alle Positionen an', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await page
      .getByText('Rechnung storniert: Die Gutschrift schließt sie in Lexware Office.')
      .waitFor({ timeout: 30_000 });
    await row(finalised.name)
      .getByText(/^Gutschrift GS/)
      .waitFor({ timeout: 30_000 });
    const struck = row(finalised.name).getByText(`Rechnung ${invoice.number}`, { exact: true });
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    await row(finalised.name).getByText('Storniert', { exact: true }).waitFor();
    await screenshot(page, 'order-list-cancelled');

    expect((await documentsTable.one(stack.db, { id: invoice.id })).cancelled).toBe(true);
    const credit = await documentsTable.one(stack.db, {
      shopId: shop,
      orderId: String(finalised.id),
      type: 'credit',
    });
    const org = Object.values(stack.sandbox.state.lexware.organizations)[0]!;
    expect(org.vouchers[credit.lexwareId!]).toMatchObject({
      precedingSalesVoucherId: invoice.lexwareId,
      status: 'paidoff',
    });
    // The cancelled invoice offers no second cancel.
    await row(finalised.name)
      .getByRole('button', { name: `Aktionen ${invoice.number}` })
      .click();
    await page.getByRole('menuitem', { name: 'Löschen' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Stornieren' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('offers finalise and delete for a draft, never cancel, and links to Lexware Office’s editor', async () => {
    await openList();
    const invoice = await invoiceOf(draft.id);
    expect(invoice.status).toBe('draft');
    // A draft has no number yet: its menu is named by its kind.
    await row(draft.name)
      .getByRole('button', { name: invoice.number ? `Aktionen ${invoice.number}` : 'Aktionen Rechnung' })
      .click();
    await page.getByRole('menuitem', { name: 'Festschreiben' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Stornieren' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Als bezahlt markieren' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Festschreiben' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Die Schnittstelle schreibt Belege nur beim Anlegen fest, nicht danach.', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('link', { name: 'In Lexware Office öffnen' }).getAttribute('href')).toMatch(
      new RegExp(`/permalink/invoices/edit/${invoice.lexwareId}$`),
    );
    await dialog.getByText('Schließen', { exact: true }).click();

    // The gateway refuses cancelling a draft, as Lexware refuses pursuing one (406).
    const token = await m().token();
    const res = await fetch(`${stack.gatewayUrl}/api/orders/${draft.id}/invoice/${invoice.lexwareId}/cancel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Einen Entwurf kann die Schnittstelle von Lexware Office weder stornieren noch löschen. Lösche ihn in Lexware Office.',
    );
    expect(serverErrors).toEqual([]);
  }, 180_000);
});
