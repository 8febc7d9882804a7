import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';
import { documentsTable, lexwareConnectionsTable } from '@belegfluss/db/testing';

/**
 * The contact settings page in Chromium against the whole stack: contacts only for customers
 * with a tag, kept after a reload; of two paid orders only the tagged one's customer becomes a
 * Lexware contact. The VAT-ID test dialog opens from `?action=test-vatid` and finds the ID.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'kontakte-einstellungen.myshopify.com';
const TAGGED = 'grosskunde@kontakte-einstellungen.de';
const PLAIN = 'privat@kontakte-einstellungen.de';
const m = () => merchant(stack, shop);
const control = async <T>(path: string) => {
  const res = await fetch(`${stack.sandbox.urls.control}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};
const invoiceOf = (orderId: number) =>
  eventually(
    async () =>
      (
        await documentsTable.first(
          stack.db,
          { shopId: shop, type: 'invoice', orderId: String(orderId) },
          { notNull: ['lexwareId'] },
        )
      )?.lexwareId as string | undefined,
    120_000,
  );
const serverErrors: string[] = [];

interface Contact {
  id: string;
  emailAddresses?: Record<string, string[]>;
}

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
});
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('contact settings in Chromium', () => {
  it('creates contacts only for tagged customers, kept after a reload, and Lexware gets one contact of two orders', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/contacts?shop=${shop}`);
    await page.getByRole('heading', { name: 'Kontakte', level: 1 }).waitFor({ timeout: 30_000 });
    const create = page.getByRole('region', { name: 'Kontakterstellung' });
    expect(await create.getByLabel('Alle Kunden').isChecked()).toBe(true);
    await setCheckbox(create.getByLabel('Nur Kunden mit bestimmten Tags'));
    await create.getByLabel('Tags für Kontakte').fill('Großkunde');
    await create.getByLabel('Tags für Kontakte').press('Enter');
    await create.getByText('Gespeichert', { exact: true }).waitFor();
    expect(
      (await m().api<{ value: { contactCreate: unknown } }>('/api/preferences/contacts')).value.contactCreate,
    ).toEqual(['großkunde']);

    await page.reload();
    await page.getByRole('heading', { name: 'Kontakte', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await create.getByLabel('Nur Kunden mit bestimmten Tags').isChecked()).toBe(true);
    await create.getByText('großkunde', { exact: true }).waitFor();
    await screenshot(page, 'settings-contacts');

    const organizationId = (await lexwareConnectionsTable.one(stack.db, { shopId: shop })).organizationId as string;
    const contacts = () => control<Contact[]>(`/control/lexware/contacts?organizationId=${organizationId}`);
    const before = (await contacts()).length;
    const tagged = (
      await m().createOrder({
        scenario: 'de_b2c',
        tags: ['Großkunde'],
        customer: { email: TAGGED, firstName: 'Greta', lastName: 'Groß' },
      })
    ).order;
    const plain = (
      await m().createOrder({ scenario: 'de_b2c', customer: { email: PLAIN, firstName: 'Paul', lastName: 'Privat' } })
    ).order;
    await m().payOrder(tagged.id);
    await m().payOrder(plain.id);
    await invoiceOf(tagged.id);
    await invoiceOf(plain.id);

    const after = await contacts();
    expect(after.length - before).toBe(1);
    const mails = after.map((c) => Object.values(c.emailAddresses ?? {}).flat());
    expect(mails.filter((list) => list.includes(TAGGED))).toHaveLength(1);
    expect(mails.filter((list) => list.includes(PLAIN))).toHaveLength(0);
    expect(serverErrors).toEqual([]);
  }, 240_000);

  it('tests VAT-ID detection in the dialog opened by ?action=test-vatid', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/contacts?action=test-vatid&shop=${shop}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('USt-IdNr.-Erkennung testen').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Bestellnotiz').fill('USt-IdNr: ATU12345678');
    const result = dialog.getByRole('region', { name: 'Ergebnis' });
    await result.getByText('Gefunden: ATU12345678').waitFor();
    await result.getByText(/Quelle: Bestellnotiz · Land: Österreich · Format gültig/).waitFor();
    await screenshot(page, 'settings-contacts-vatid');

    await dialog.getByLabel('Bestellnotiz').fill('USt-IdNr: ATU1234');
    await result.getByText('„ATU1234“ sieht wie eine USt-IdNr. aus, hat aber kein gültiges Format für AT.').waitFor();
    await screenshot(page, 'settings-contacts-vatid-invalid');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('action')).toBeNull();
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
