import { createReadStream, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotDir } from './frontends';
import { untilNotLimited } from './lexware-by-hand';

const pdfjs = fileURLToPath(new URL('../../node_modules/pdfjs-dist/build/', import.meta.url));
let sandbox: RunningSandbox;
let viewer: Server;
let viewerUrl: string;

/** A page that draws a PDF with pdf.js: headless Chromium's own PDF viewer shows nothing. */
const viewerPage = (pdfUrl: string) => `<!doctype html><html><body style="margin:0;background:#888">
<canvas id="page"></canvas>
<script type="module">
import * as pdfjs from '/pdfjs/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/pdf.worker.mjs';
const doc = await pdfjs.getDocument(${JSON.stringify(pdfUrl)}).promise;
const page = await doc.getPage(1);
const viewport = page.getViewport({ scale: 1.4 });
const canvas = document.getElementById('page');
canvas.width = viewport.width; canvas.height = viewport.height;
await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
const text = (await page.getTextContent()).items.map((i) => i.str).join(' ');
document.body.dataset.text = text;
document.title = 'rendered';
</script></body></html>`;

beforeAll(async () => {
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, paypal: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
  });
  viewer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/pdfjs/')) {
      res.setHeader('Content-Type', 'text/javascript');
      createReadStream(pdfjs + url.pathname.slice('/pdfjs/'.length).replace(/[^\w.-]/g, ''))
        .on('error', () => res.writeHead(404).end())
        .pipe(res);
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(viewerPage(url.searchParams.get('pdf') ?? ''));
  });
  await new Promise<void>((r) => viewer.listen(0, '127.0.0.1', () => r()));
  const address = viewer.address();
  viewerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => viewer?.close(r));
  await sandbox?.stop();
});

/** Opens the control page in Chromium, runs `act`, checks for script errors and saves a full-page screenshot. */
async function onControlPage(name: string, act: (page: Page) => Promise<void>): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(sandbox.urls.control);
    await act(page);
    expect(errors).toEqual([]);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
  } finally {
    await browser.close();
  }
}

async function paidOrderInvoice(): Promise<{ id: string; voucherNumber: string }> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { access_token } = (await post(`${sandbox.urls.control}/control/lexware/tokens`, {})) as {
    access_token: string;
  };
  const auth = { Authorization: `Bearer ${access_token}` };
  const contact = (await post(
    `${sandbox.urls.lexwareApi}/contacts`,
    {
      version: 0,
      roles: { customer: {} },
      person: { firstName: 'Erika', lastName: 'Mustermann' },
      addresses: { billing: [{ street: 'Hauptstr. 5', zip: '50667', city: 'Köln', countryCode: 'DE' }] },
    },
    auth,
  )) as { id: string };
  await new Promise((r) => setTimeout(r, 600)); // the stand-in allows 2 requests per second
  const date = '2026-11-21T10:00:00.000+01:00';
  const created = (await post(
    `${sandbox.urls.lexwareApi}/invoices?finalize=true`,
    {
      voucherDate: date,
      address: { contactId: contact.id },
      totalPrice: { currency: 'EUR' },
      taxConditions: { taxType: 'gross' },
      shippingConditions: { shippingType: 'delivery', shippingDate: date },
      title: 'Rechnung',
      remark: 'Bestellung #1001',
      lineItems: [
        {
          type: 'custom',
          name: 'Kaffeebohnen',
          quantity: 2,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', grossAmount: 19, taxRatePercentage: 7 },
        },
        {
          type: 'custom',
          name: 'Versand',
          quantity: 1,
          unitName: 'Versand',
          unitPrice: { currency: 'EUR', grossAmount: 4.9, taxRatePercentage: 19 },
        },
      ],
    },
    auth,
  )) as { id: string };
  await new Promise((r) => setTimeout(r, 600));
  const invoice = (await fetch(`${sandbox.urls.lexwareApi}/invoices/${created.id}`, { headers: auth }).then((r) =>
    r.json(),
  )) as { id: string; voucherNumber: string };
  return invoice;
}

describe('the sandbox as a person sees it, in Chromium', () => {
  it('renders a Lexware invoice PDF with its number, items and totals', async () => {
    const invoice = await paidOrderInvoice();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 1250 } });
      await page.goto(
        `${viewerUrl}/?pdf=${encodeURIComponent(`${sandbox.urls.control}/control/lexware/vouchers/${invoice.id}/file`)}`,
      );
      await page.waitForFunction(() => document.title === 'rendered', undefined, { timeout: 20_000 });
      const text = await page.evaluate(() => document.body.dataset.text ?? '');
      expect(text).toContain(invoice.voucherNumber);
      expect(text).toContain('Kaffeebohnen');
      expect(text).toContain('42,90');
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: `${screenshotDir}/sandbox-invoice.png` });
    } finally {
      await browser.close();
    }
  });

  it('shows the control page with its German sections', async () => {
    await onControlPage('sandbox-control', async (page) => {
      for (const heading of ['Bestellungen', 'Webhooks an die App', 'Abgefangene E-Mails'])
        await page.getByText(heading, { exact: true }).first().waitFor();
    });
  });

  it('sets up the profile of a Lexware organisation on the control page, and offers an XRechnung as XML', async () => {
    const contact = await fetch(`${sandbox.urls.control}/control/lexware/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
      .then((r) => r.json() as Promise<{ access_token: string }>)
      .then(async ({ access_token }) => {
        const auth = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
        const created = (await untilNotLimited(() =>
          fetch(`${sandbox.urls.lexwareApi}/contacts`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              version: 0,
              roles: { customer: {} },
              company: { name: 'Stadtwerke Musterstadt' },
              xRechnung: { buyerReference: '991-12345-67', vendorNumberAtCustomer: '4711' },
              addresses: {
                billing: [{ street: 'Rathausplatz 1', zip: '12345', city: 'Musterstadt', countryCode: 'DE' }],
              },
            }),
          }),
        ).then((r) => r.json())) as { id: string };
        const date = '2026-11-21T10:00:00.000+01:00';
        const invoice = await untilNotLimited(() =>
          fetch(`${sandbox.urls.lexwareApi}/invoices?finalize=true`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              voucherDate: date,
              address: { contactId: created.id },
              totalPrice: { currency: 'EUR' },
              taxConditions: { taxType: 'net' },
              shippingConditions: { shippingType: 'service', shippingDate: date },
              lineItems: [
                {
                  type: 'custom',
                  name: 'Wartung',
                  quantity: 1,
                  unitName: 'Stunde',
                  unitPrice: { currency: 'EUR', netAmount: 80, taxRatePercentage: 19 },
                },
              ],
            }),
          }),
        );
        expect(invoice.status).toBe(201);
        return created;
      });
    expect(contact.id).toBeTruthy();
    await onControlPage('sandbox-control-lexware', async (page) => {
      const before = (await fetch(`${sandbox.urls.control}/control/lexware/organizations`).then((r) => r.json())) as {
        id: string;
      }[];
      await page.getByRole('button', { name: 'Organisation anlegen' }).click();
      const form = page.locator('form[data-org]').nth(before.length);
      await form.waitFor();
      await form.locator('input[name=companyName]').fill('Rösterei Nord GmbH');
      await form.locator('select[name=version]').selectOption('XL');
      await form.locator('select[name=taxType]').selectOption('net');
      await form.locator('select[name=distanceSalesPrinciple]').selectOption('DESTINATION');
      await form.getByRole('button', { name: 'Profil speichern' }).click();
      // Saved: the organisation's profile, and the page said so (its toast shows for a moment only, so a busy
      // machine may never see it visible; its text stays).
      const saved = async () =>
        (
          (await fetch(`${sandbox.urls.control}/control/lexware/organizations`).then((r) => r.json())) as {
            profile: Record<string, unknown>;
          }[]
        ).at(-1)!.profile;
      await vi.waitUntil(async () => (await page.locator('#toast').textContent()) === 'Profil gespeichert', {
        timeout: 30_000,
      });
      expect(await saved()).toMatchObject({
        companyName: 'Rösterei Nord GmbH',
        taxType: 'net',
        distanceSalesPrinciple: 'DESTINATION',
        businessFeatures: ['INVOICING', 'INVOICING_PRO', 'BOOKKEEPING'],
      });
      const xml = page.getByRole('link', { name: 'XRechnung' }).first();
      await xml.waitFor();
      const href = await xml.getAttribute('href');
      const file = await fetch(new URL(href!, sandbox.urls.control));
      // CII, as Lexware issues XRechnungen (ram: in CII, cbc: in UBL).
      expect(await file.text()).toMatch(/<(ram|cbc):BuyerReference>991-12345-67<\/(ram|cbc):BuyerReference>/);
    });
  });
});
