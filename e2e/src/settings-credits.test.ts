import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';
import { documentsTable } from '@belegfluss/db/testing';

/**
 * The credit note settings and the order-handling page, clicked through in Chromium against
 * the whole stack: credit notes switched on as drafts become a draft credit note in the
 * sandbox's Lexware on a refund; with `syncOrderPayment` a paid Lexware invoice marks the
 * Shopify order paid.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'gutschrift-einstellungen.myshopify.com';
const m = () => merchant(stack, shop);
const control = async <T>(path: string, init: RequestInit = {}) => {
  const res = await fetch(`${stack.sandbox.urls.control}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};
const patch = (section: string, body: Record<string, unknown>) =>
  m().api(`/api/preferences/${section}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const lexwareId = (type: 'invoice' | 'credit', orderId: number) =>
  eventually(
    async () =>
      (
        await documentsTable.first(
          stack.db,
          { shopId: shop, type, orderId: String(orderId) },
          { notNull: ['lexwareId'] },
        )
      )?.lexwareId as string | undefined,
    120_000,
  );
const serverErrors: string[] = [];

interface Voucher {
  id: string;
  voucherStatus: string;
  relatedVouchers: { id: string; voucherType: string }[];
}

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
  // The merchant starts with credit notes off, so the walk switches them on.
  await patch('credits', { creditCreate: false });
});
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('credit note and order-handling settings in Chromium', () => {
  it('switches credit notes on as drafts, keeps it after a reload, and a refund becomes a draft credit note', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/credits?shop=${shop}`);
    await page.getByRole('heading', { name: 'Gutschriften', level: 1 }).waitFor({ timeout: 30_000 });
    const create = page.getByLabel('Gutschriften automatisch erstellen');
    expect(await create.isChecked()).toBe(false);
    await setCheckbox(create);
    await page.getByText('Gespeichert', { exact: true }).first().waitFor();
    // Status is an expert option.
    expect(await page.getByLabel('Als Entwurf anlegen').count()).toBe(0);
    await setCheckbox(page.getByLabel('Expertenmodus'));
    await page.getByLabel('Als Entwurf anlegen').check({ force: true, timeout: 20_000 });
    await page.getByText('Gespeichert', { exact: true }).first().waitFor();
    await eventually(
      async () =>
        (await m().api<{ value: { creditCreate: boolean; creditFinalize: boolean } }>('/api/preferences/credits')).value
          .creditFinalize === false,
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Gutschriften', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Als Entwurf anlegen').waitFor();
    expect(await page.getByLabel('Gutschriften automatisch erstellen').isChecked()).toBe(true);
    expect(await page.getByLabel('Als Entwurf anlegen').isChecked()).toBe(true);
    expect(await page.getByLabel('Expertenmodus').isChecked()).toBe(true);
    await page
      .getByRole('region', { name: 'Gutschriften per E-Mail' })
      .getByText('Kein automatischer Versand.')
      .waitFor();
    await screenshot(page, 'settings-credits');

    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    const invoiceId = await lexwareId('invoice', order.id);
    await control(`/control/shops/${shop}/orders/${order.id}/refund`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'full' }),
    });
    const creditId = await lexwareId('credit', order.id);
    const credit = (await control<Voucher[]>('/control/lexware/credit-notes')).find((v) => v.id === creditId);
    expect(credit).toMatchObject({
      voucherStatus: 'draft',
      relatedVouchers: [expect.objectContaining({ id: invoiceId, voucherType: 'invoice' })],
    });

    // With an order in the shop, the texts show their live preview.
    await page.reload();
    await page.getByText(`Vorschau (Bestellung ${order.name}): `).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'settings-credits-preview');
    expect(serverErrors).toEqual([]);
  }, 240_000);

  it('marks the Shopify order paid when its Lexware invoice is paid, once syncOrderPayment is on', async () => {
    // Invoices on order creation, so an unpaid order has one to pay in Lexware.
    await patch('invoices', { invoiceEvent: 'created' });
    await page.goto(`${frontends.urls.shell}/preferences/orders?shop=${shop}`);
    await page.getByRole('heading', { name: 'Bestellungen', level: 1 }).waitFor({ timeout: 30_000 });
    const sync = page.getByLabel('Bestellung in Shopify als bezahlt markieren');
    expect(await sync.isChecked()).toBe(false);
    await setCheckbox(sync);
    await page.getByText('Gespeichert', { exact: true }).first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Bestellungen', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Bestellung in Shopify als bezahlt markieren').isChecked()).toBe(true);
    // Expert mode, switched on in the walk above, shows the order filter.
    await page.getByLabel('Kassenbestellungen (POS) überspringen').waitFor();
    await screenshot(page, 'settings-orders');

    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    const invoiceId = await lexwareId('invoice', order.id);
    expect(
      (await control<{ financial_status: string }>(`/control/shops/${shop}/orders/${order.id}`)).financial_status,
    ).not.toBe('paid');
    await control(`/control/lexware/invoices/${invoiceId}/pay`, { method: 'POST', body: '{}' });
    const paid = await eventually(async () => {
      const o = await control<{ financial_status: string }>(`/control/shops/${shop}/orders/${order.id}`);
      return o.financial_status === 'paid' && o;
    }, 120_000);
    expect(paid.financial_status).toBe('paid');
    expect(serverErrors).toEqual([]);
  }, 240_000);
});
