import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeLogEntry } from '@belegfluss/shared';
import { documentsTable, eventLogTable, vatIdChecksTable } from '@belegfluss/db/testing';
import { eventually, merchant } from './merchant';
import type { serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';

/**
 * VAT IDs confirmed with VIES through the whole stack (§ 18e UStG), with an Austrian business customer who buys
 * tax-free: a valid ID gives the tax-free intra-community invoice with VIES's evidence (request identifier, name,
 * address) in the log and with the customer; an invalid one an invoice with 19 % VAT on what was paid, to the cent,
 * a German log line and a mail to the merchant; while Austria's register is down the order waits and asks again,
 * and is invoiced once the sandbox's member state answers again. The merchant's settings come from the page.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'wiener-grosshandel.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
const OWN_VAT_ID = 'DE123456789';

const vies = (method: string, path: string, body?: unknown) =>
  fetch(`${stack.sandbox.urls.control}/control/vies${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
type ViesState = { requests: { body: Record<string, unknown>; answer: string }[] };
const viesRequests = async (vatNumber: string) =>
  ((await (await vies('GET', '/')).json()) as ViesState).requests.filter((r) => r.body.vatNumber === vatNumber);

type Voucher = {
  id: string;
  taxConditions: { taxType: string };
  lineItems: { unitPrice?: { taxRatePercentage: number } }[];
  totalPrice: { totalGrossAmount: number; totalNetAmount: number; totalTaxAmount: number };
  remark?: string;
};
const lexwareInvoice = async (lexwareId: string) =>
  ((await (await fetch(`${stack.sandbox.urls.control}/control/lexware/invoices`)).json()) as Voucher[]).find(
    (v) => v.id === lexwareId,
  );

/** The order's invoice in Lexware, once made. */
const invoiceOf = async (orderId: number) => {
  const doc = await eventually(
    async () =>
      documentsTable.first(
        stack.db,
        { shopId: shop, orderId: String(orderId), type: 'invoice' },
        { notNull: ['lexwareId'] },
      ),
    120_000,
  );
  return (await lexwareInvoice(doc.lexwareId!))!;
};
const logOf = (orderId: number, event: string) =>
  eventually(async () => eventLogTable.first(stack.db, { shopId: shop, orderId: String(orderId), event }), 120_000);
const cents = (amount: number | string) => Math.round(Number(amount) * 100);

/** An Austrian business customer of the sandbox (scenario eu_b2b_vat) with the ID in the order note. */
const austrianOrder = (vatId: string, email: string) =>
  m().createOrder({
    scenario: 'eu_b2b_vat',
    paid: true,
    customer: {
      firstName: 'Anna',
      lastName: 'Huber',
      email,
      company: 'Alpenhandel GmbH',
      address1: 'Mariahilfer Straße 45',
      zip: '1060',
      city: 'Wien',
      country: 'Austria',
      countryCode: 'AT',
    },
    noteAttributes: [],
    note: `USt-IdNr.: ${vatId}`,
  });

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('VAT IDs confirmed with VIES', () => {
  it('the merchant sets the own USt-IdNr. and the wait on the contacts page, in German', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/contacts?shop=${shop}`);
    const area = page.getByRole('region', { name: 'USt-IdNr.-Prüfung' });
    const own = area.getByLabel('Eigene USt-IdNr.');
    await own.fill('DE12');
    await own.blur();
    await area.getByText('Die eigene USt-IdNr. hat kein gültiges Format (z. B. DE123456789).').waitFor();
    await own.fill('de 123 456 789');
    await own.blur();
    const hours = area.getByLabel('Wartezeit, wenn VIES nicht erreichbar ist (Stunden)');
    await hours.fill('0');
    await hours.blur();
    await area.getByText('Die Wartezeit muss größer als 0 Stunden sein.').waitFor();
    await hours.fill('48');
    await hours.blur();
    const saved = await eventually(async () => {
      const { value: body } = await m().api<{
        value: { ownVatId: string; viesWaitHours: number; viesAfterWait: string };
      }>('/api/preferences/contacts');
      return body.ownVatId === OWN_VAT_ID && body.viesWaitHours === 48 && body;
    });
    expect(saved.viesAfterWait).toBe('withVat');
    await mkdir('/work/shots', { recursive: true });
    await page.screenshot({ path: '/work/shots/vies-contacts-settings.png', fullPage: true });
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it('a valid ID: the tax-free intra-community invoice, with VIES evidence in the log and with the customer', async () => {
    const { order } = await austrianOrder('ATU12345678', 'einkauf@alpenhandel.example');
    const invoice = await invoiceOf(order.id);
    expect(invoice.taxConditions.taxType).toBe('intraCommunitySupply');
    expect(cents(invoice.totalPrice.totalGrossAmount)).toBe(cents(order.total_price));
    expect(invoice.totalPrice.totalTaxAmount).toBe(0);
    expect(invoice.remark).toContain('USt-IdNr. des Leistungsempfängers: ATU12345678');

    // The merchant's own ID went to VIES as requester, so VIES gave a consultation number.
    const [asked] = await viesRequests('U12345678');
    expect(asked?.body).toEqual({
      countryCode: 'AT',
      vatNumber: 'U12345678',
      requesterMemberStateCode: 'DE',
      requesterNumber: '123456789',
    });
    const entry = await logOf(order.id, 'vatid.confirmed');
    const body = entry.body as Record<string, unknown>;
    expect(body).toMatchObject({ vatId: 'ATU12345678', valid: true, name: 'Alpenhandel GmbH' });
    expect(String(body.requestIdentifier)).toMatch(/^WAPI/);
    const sentence = describeLogEntry(entry).text;
    expect(sentence).toContain('USt-IdNr. ATU12345678 von VIES als gültig bestätigt');
    expect(sentence).toContain(`Abfragenummer ${String(body.requestIdentifier)}`);
    expect(await vatIdChecksTable.one(stack.db, { shopId: shop, vatId: 'ATU12345678' })).toMatchObject({
      valid: true,
      requestIdentifier: body.requestIdentifier,
      name: 'Alpenhandel GmbH',
      address: 'Mariahilfer Straße 45\n1060 Wien',
      email: 'einkauf@alpenhandel.example',
      orderId: String(order.id),
    });
  }, 300_000);

  it('an invalid ID: an invoice with 19 % VAT on what was paid, a German log line and a mail to the merchant', async () => {
    expect((await vies('PUT', '/vat-ids/ATU87654321', { valid: false })).status).toBe(200);
    const { order } = await austrianOrder('ATU87654321', 'einkauf@bergwerk.example');
    const invoice = await invoiceOf(order.id);
    expect(invoice.taxConditions.taxType).toBe('gross');
    expect(invoice.lineItems.every((l) => !l.unitPrice || l.unitPrice.taxRatePercentage === 19)).toBe(true);
    // Balances to the cent: the total is what the buyer paid, the tax 19/119 of it.
    expect(cents(invoice.totalPrice.totalGrossAmount)).toBe(cents(order.total_price));
    expect(cents(invoice.totalPrice.totalNetAmount) + cents(invoice.totalPrice.totalTaxAmount)).toBe(
      cents(order.total_price),
    );
    expect(Math.abs(cents(invoice.totalPrice.totalTaxAmount) - (cents(order.total_price) * 19) / 119)).toBeLessThan(
      invoice.lineItems.length,
    );
    expect(invoice.remark ?? '').not.toContain('Steuerfreie innergemeinschaftliche Lieferung');

    const entry = await logOf(order.id, 'vatid.invalid');
    expect(describeLogEntry(entry).text).toContain(
      'USt-IdNr. ATU87654321 laut VIES ungültig: Rechnung mit 19 % Umsatzsteuer statt steuerfrei',
    );
    expect(await vatIdChecksTable.one(stack.db, { shopId: shop, vatId: 'ATU87654321' })).toMatchObject({
      valid: false,
      email: 'einkauf@bergwerk.example',
    });
    const sent = await eventually(async () =>
      eventLogTable.first(
        stack.db,
        { shopId: shop, event: 'notification.sent' },
        { json: { body: { kind: 'vatIdUnconfirmed' } } },
      ),
    );
    expect(sent.status).toBe('success');
    const mails = (await (await fetch(`${stack.sandbox.urls.control}/control/mail`)).json()) as {
      subject: string;
      text?: string;
    }[];
    expect(mails.map((x) => x.subject)).toContain(`USt-IdNr. ATU87654321 nicht bestätigt (${order.name})`);
  }, 300_000);

  it("Austria's register down: the order waits and asks again, and is invoiced tax-free once it answers", async () => {
    await vies('PUT', '/vat-ids/ATU11223344', {
      valid: true,
      name: 'Donau Handel KG',
      address: 'Ringstraße 1\n1010 Wien',
    });
    await vies('PUT', '/member-states/AT', { available: false });
    const { order } = await austrianOrder('ATU11223344', 'einkauf@donau-handel.example');
    const waiting = await logOf(order.id, 'vatid.unavailable');
    expect(describeLogEntry(waiting).text).toContain(
      'USt-IdNr. ATU11223344 konnte nicht bei VIES geprüft werden (MS_UNAVAILABLE): die Rechnung wartet',
    );
    // It asks again on its own, without a webhook, and makes no invoice meanwhile.
    await eventually(
      async () => (await viesRequests('U11223344')).length >= 3,
      120_000,
      async () => `VIES was asked ${(await viesRequests('U11223344')).length} times`,
    );
    expect(await documentsTable.count(stack.db, { shopId: shop, orderId: String(order.id), type: 'invoice' })).toBe(0);
    expect(
      await eventLogTable.count(stack.db, { shopId: shop, orderId: String(order.id), event: 'vatid.unavailable' }),
    ).toBe(1);

    await vies('PUT', '/member-states/AT', { available: true });
    const invoice = await invoiceOf(order.id);
    expect(invoice.taxConditions.taxType).toBe('intraCommunitySupply');
    expect(cents(invoice.totalPrice.totalGrossAmount)).toBe(cents(order.total_price));
    const confirmed = await logOf(order.id, 'vatid.confirmed');
    expect(confirmed.body).toMatchObject({ vatId: 'ATU11223344', valid: true, name: 'Donau Handel KG' });

    // The merchant reads the whole story in the log.
    await page.goto(`${frontends.urls.shell}/log?shop=${shop}`);
    await page
      .getByText('USt-IdNr. ATU11223344 von VIES als gültig bestätigt', { exact: false })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByText('USt-IdNr. ATU87654321 laut VIES ungültig', { exact: false }).first().waitFor();
    await page.screenshot({ path: '/work/shots/vies-event-log.png', fullPage: true });
    expect(serverErrors).toEqual([]);
  }, 300_000);
});
