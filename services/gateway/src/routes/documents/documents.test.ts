import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  type Harness,
} from '../../../test/harness';
import { lexwareConnectionsTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'docs-a.myshopify.com';
let lexware: Awaited<ReturnType<typeof connectLexware>>;
let invoiceToken: string;
let creditToken: string;
let draftToken: string;

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await h.install(A);
  lexware = await connectLexware(h, A);
  await seedOrder(h.db, A, { id: 2001, name: '#2001' });
  await seedOrder(h.db, A, { id: 2002, name: '#2002' });
  const invoiceId = await createLexwareVoucher(h, lexware.access_token, { finalize: true });
  const creditId = await createLexwareVoucher(h, lexware.access_token, {
    finalize: true,
    credit: true,
    precedingInvoiceId: invoiceId,
  });
  const draftId = await createLexwareVoucher(h, lexware.access_token, { finalize: false });
  invoiceToken = await seedDocument(h.db, A, {
    orderId: 2001,
    lexwareId: invoiceId,
    number: 'RE0001',
    status: 'open',
  });
  creditToken = await seedDocument(h.db, A, {
    orderId: 2001,
    type: 'credit',
    lexwareId: creditId,
    number: 'GS0001',
    status: 'paidoff',
  });
  draftToken = await seedDocument(h.db, 'docs-a.myshopify.com', {
    orderId: 2003,
    lexwareId: draftId,
    status: 'draft',
  });
});
afterAll(async () => h?.stop());

describe('document download', () => {
  it('streams the invoice PDF from Lexware as an attachment', async () => {
    const res = await fetch(`${h.url}/documents/${invoiceToken}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="RE0001.pdf"');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('shows it inline without /download, and serves credit notes too', async () => {
    const inline = await fetch(`${h.url}/documents/${invoiceToken}`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/);
    const credit = await fetch(`${h.url}/documents/${creditToken}/download`);
    expect(credit.status).toBe(200);
    expect(
      Buffer.from(await credit.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers 409 with a German message for a draft', async () => {
    const res = await fetch(`${h.url}/documents/${draftToken}/download`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Entwürfe können nicht heruntergeladen werden. Bitte finalisiere den Beleg in Lexware Office.',
    );
  });

  it('has no XML for a document that is no XRechnung: German 404', async () => {
    for (const token of [invoiceToken, creditToken]) {
      const res = await fetch(`${h.url}/documents/${token}/xml`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Zu diesem Beleg gibt es keine XRechnung.');
    }
  });

  it('answers 404 for unknown or malformed tokens', async () => {
    expect((await fetch(`${h.url}/documents/${'0'.repeat(32)}/download`)).status).toBe(404);
    expect((await fetch(`${h.url}/documents/kurz/download`)).status).toBe(404);
    expect((await fetch(`${h.url}/documents/${"'; drop table documents; --".padEnd(32, 'x')}/download`)).status).toBe(
      404,
    );
  });
});

const draftOf = (answer: { body: { draft: { taxConditions: { taxType: string } } } }) => answer.body.draft;

describe('GET /api/orders/{id}/lexoffice/{type}/preview', () => {
  it("answers the base64 PDF of the order's invoice", async () => {
    const res = await h.call(A, 'GET', '/api/orders/2001/lexoffice/invoice/preview');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.body.invoice).toMatchObject({ number: 'RE0001', status: 'open' });
    expect(res.body.error).toBeNull();
  });

  it('answers the invoice that would be sent when none exists yet', async () => {
    const res = await h.call(A, 'GET', '/api/orders/2002/lexoffice/invoice/preview');
    expect(res.status).toBe(200);
    expect(res.body.pdf).toBeNull();
    expect(res.body.draft.lineItems[0].name).toBe('Tasse');
    expect(res.body.error).toMatch(/Noch keine Rechnung/);
    const credit = await h.call(A, 'GET', '/api/orders/2002/lexoffice/credit/preview');
    expect(credit.body.error).toBe('Für diese Bestellung gibt es noch keine Gutschrift.');
  });

  it("builds the preview with the shop's tax regime, as the worker would: net when the shop invoices net", async () => {
    expect(draftOf(await h.call(A, 'GET', '/api/orders/2002/lexoffice/invoice/preview')).taxConditions.taxType).toBe(
      'gross',
    );
    expect((await h.call(A, 'PATCH', '/api/preferences/invoices', { asNet: true })).status).toBe(200);
    expect(draftOf(await h.call(A, 'GET', '/api/orders/2002/lexoffice/invoice/preview')).taxConditions.taxType).toBe(
      'net',
    );
    await h.call(A, 'PATCH', '/api/preferences/invoices', { asNet: false });
  });

  it('refuses unknown orders and types', async () => {
    expect((await h.call(A, 'GET', '/api/orders/424242/lexoffice/invoice/preview')).status).toBe(404);
    expect((await h.call(A, 'GET', '/api/orders/2001/lexoffice/angebot/preview')).body.message).toBe(
      'Belegart ist invoice oder credit',
    );
  });
});

describe('GET /api/lexoffice/vars', () => {
  it('renders a template for the newest order', async () => {
    const res = await h.call(
      A,
      'GET',
      `/api/lexoffice/vars?${new URLSearchParams({ value: 'Bestellung {ORDER.NAME}', type: 'invoice', field: 'title' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.value).toBe('Bestellung #2002');
  });

  it('needs a value', async () => {
    const res = await h.call(A, 'GET', '/api/lexoffice/vars?type=invoice');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'value', message: 'Pflichtfeld' });
  });
});

describe('disconnecting Lexware Office', () => {
  it('revokes the token at Lexware and forgets the connection', async () => {
    const res = await h.call(A, 'DELETE', '/api/lexoffice');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ disconnected: true, revoked: true });
    expect(await lexwareConnectionsTable.list(h.db, { shopId: A })).toHaveLength(0);
    const profile = await fetch(`${h.sandbox!.urls.lexwareApi}/profile`, {
      headers: { Authorization: `Bearer ${lexware.access_token}` },
    });
    expect(profile.status).toBe(401);
    expect((await h.call(A, 'GET', '/api/shop')).body.lexoffice.isConnected).toBe(false);
  });

  it('answers 409 when nothing is connected', async () => {
    const res = await h.call(A, 'POST', '/api/lexoffice/disconnect');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Lexware Office ist nicht verbunden.');
  });
});
