import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { couponsTable, documentsTable } from '@belegfluss/db/testing';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';

/**
 * The fields of the shop model that had no page before, clicked in Chromium against the whole stack: the payment
 * term from the fulfilment, the finalising event and the invoice tags under Rechnungen, the contact category under
 * Kontakte; a paid and shipped order then gets its invoice finalised and due on the shipping day in the sandbox's
 * Lexware. The same person is the operator and creates a coupon in the admin area.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'felder-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
const control = async <T>(path: string, init: RequestInit = {}) => {
  const res = await fetch(`${stack.sandbox.urls.control}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

interface Voucher {
  id: string;
  voucherStatus: string;
  voucherDate: string;
  dueDate?: string;
  paymentConditions?: { paymentTermLabel: string; paymentTermDuration: number };
}

beforeAll(async () => {
  process.env.OPERATOR_STAFF = `${shop}:${DEFAULT_STAFF_USER_ID}=Olga Betrieb`;
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
}, 240_000);
afterAll(async () => {
  delete process.env.OPERATOR_STAFF;
  await closeMerchantBrowser({ stack, frontends, browser });
});

describe('the new settings in Chromium', () => {
  it('sets the payment term, the finalising event and the tags; a shipped order gets that invoice', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/invoices?shop=${shop}`);
    await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor({ timeout: 60_000 });
    const create = page.getByRole('region', { name: 'Rechnungen erstellen' });
    await create.getByLabel('Rechnung erstellen, wenn die Bestellung …').selectOption('fulfilled');
    await create.getByText('Gespeichert', { exact: true }).waitFor({ timeout: 30_000 });

    const date = page.getByRole('region', { name: 'Rechnungsdatum' });
    await date.getByLabel('Zahlungsziel beginnt mit …').selectOption('fulfilled');
    await date.getByText('Gespeichert', { exact: true }).waitFor({ timeout: 30_000 });

    // While the event was paid, the finalising event was at creation; now the order ships first.
    const status = page.getByRole('region', { name: 'Status' });
    await status.getByLabel('Festschreiben, wenn die Bestellung bei Erstellung schon …').selectOption('fulfilled');
    await status.getByText('Gespeichert', { exact: true }).waitFor({ timeout: 30_000 });

    const tags = page.getByRole('region', { name: 'Tags an Rechnungen' });
    await tags.getByText('kann Belegen keine Tags mitgeben', { exact: false }).waitFor();
    await setCheckbox(tags.getByLabel('Bestellnummer'));
    await tags.getByText('Gespeichert', { exact: true }).waitFor({ timeout: 30_000 });
    await tags.getByLabel('Eigene Tags').fill('Messe,');
    await tags.getByText('messe', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'w31-settings-invoices-fields');

    await page.reload();
    await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor({ timeout: 60_000 });
    expect(
      await page.getByRole('region', { name: 'Rechnungsdatum' }).getByLabel('Zahlungsziel beginnt mit …').inputValue(),
    ).toBe('fulfilled');
    const stored = await m().api<{ value: Record<string, unknown> }>('/api/preferences/invoices');
    expect(stored.value).toMatchObject({
      invoiceEvent: 'fulfilled',
      invoiceDue: 'fulfilled',
      invoiceEnshrine: 'fulfilled',
      invoiceTag: { shopify: true, orderId: true, custom: ['messe'] },
    });

    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    await control(`/control/shops/${shop}/orders/${order.id}/fulfil`, { method: 'POST', body: '{}' });
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
    const invoice = (await control<Voucher[]>('/control/lexware/invoices')).find((v) => v.id === lexwareId)!;
    // Created when the order shipped, and already shipped: finalised, due on the shipping day.
    expect(invoice.voucherStatus).toBe('open');
    expect(invoice.paymentConditions).toMatchObject({ paymentTermDuration: 0 });
    expect(invoice.paymentConditions?.paymentTermLabel).toMatch(
      /^Zahlbar ohne Abzug bis zum Versandtag, \d\d\.\d\d\.\d{4}\.$/,
    );
    expect(invoice.dueDate?.slice(0, 10)).toBe(invoice.voucherDate.slice(0, 10));
  }, 300_000);

  it('keeps the contact category and says Lexware Office cannot take it', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/contacts?shop=${shop}`);
    const organise = page.getByRole('region', { name: 'Organisieren' });
    const category = organise.getByLabel('Kontaktkategorie');
    await category.waitFor({ timeout: 60_000 });
    await organise.getByText('kennt keine Kontaktkategorie', { exact: false }).waitFor();
    await category.fill('x'.repeat(51));
    await category.press('Tab');
    await organise.getByText('Maximal 50 Zeichen', { exact: true }).first().waitFor({ timeout: 30_000 });
    await category.fill('Onlineshop');
    await category.press('Tab');
    await organise.getByText('Gespeichert', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'w31-settings-contacts-category');
    const stored = await m().api<{ value: { contactCategory: string } }>('/api/preferences/contacts');
    expect(stored.value.contactCategory).toBe('Onlineshop');
  }, 120_000);

  it('the operator creates a coupon in the admin area, German messages first', async () => {
    await page.goto(`${frontends.urls.shell}/admin/coupons?shop=${shop}`);
    const code = page.getByLabel('Code');
    await code.waitFor({ timeout: 60_000 });
    await code.fill('partner');
    await page.getByText('Tarife: PARTNER gilt nur für Tarife mit mehr als 1.999 Übertragungen').waitFor();
    expect(await page.getByLabel('Premium').count()).toBe(0);
    await page.getByLabel('Rabatt in %').fill('150');
    await page.getByRole('button', { name: 'Coupon erstellen' }).click();
    await page.getByText('Ein Prozentrabatt ist höchstens 100', { exact: true }).waitFor();
    await page.getByLabel('Rabatt in %').fill('10');
    await page.getByRole('button', { name: 'Coupon erstellen' }).click();
    await page.getByRole('cell', { name: 'PARTNER' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'w31-admin-coupon-form');
    expect(await couponsTable.one(stack.db, { code: 'PARTNER' })).toMatchObject({
      partnerShopId: null,
      // No plan ticked: every plan PARTNER allows.
      plans: ['business', 'corporate', 'enterprise'],
    });
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
