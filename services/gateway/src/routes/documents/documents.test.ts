import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  type Harness,
} from '../../../test/harness';
import { documentFilesTable, documentsTable, lexwareConnectionsTable } from '@belegfluss/db/testing';

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

describe('kept document files', () => {
  const B = 'docs-kept-b.myshopify.com';
  const C = 'docs-kept-c.myshopify.com';
  const D = 'docs-kept-d.myshopify.com';
  const lexwareOf: Record<string, { access_token: string; organizationId: string }> = {};
  let nextOrder = 3000;

  beforeAll(async () => {
    for (const shop of [B, C, D]) {
      await h.install(shop);
      lexwareOf[shop] = await connectLexware(h, shop);
    }
  });

  /** Every request the shop's Lexware organisation has answered, as the sandbox counts them. */
  const lexwareCalls = async (shop: string) => {
    const stats = (await (await fetch(`${h.sandbox!.urls.control}/control/lexware/stats`)).json()) as Record<
      string,
      { requests: number }
    >;
    return stats[lexwareOf[shop]!.organizationId]?.requests ?? 0;
  };
  const get = async (path: string) => {
    const res = await fetch(`${h.url}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };
  /** A voucher in the shop's Lexware and our row for it; the row's status is what we know of it. */
  const document = async (shop: string, o: { finalize?: boolean; status?: string; lexwareId?: string } = {}) => {
    const id = ++nextOrder;
    const lexwareId =
      o.lexwareId ?? (await createLexwareVoucher(h, lexwareOf[shop]!.access_token, { finalize: o.finalize ?? true }));
    const token = await seedDocument(h.db, shop, {
      orderId: id,
      lexwareId,
      number: o.status === 'draft' ? undefined : `RE${id}`,
      status: o.status ?? 'open',
    });
    return { token, id: (await documentsTable.one(h.db, { pdfToken: token })).id };
  };
  const kept = (shop: string) => documentFilesTable.select(h.db, ['documentId', 'kind'], { shopId: shop });

  it('asks Lexware for a finalised invoice once: the next downloads come from our store', async () => {
    const doc = await document(B);
    const before = await lexwareCalls(B);
    const first = await get(`/documents/${doc.token}/download`);
    expect(first.status).toBe(200);
    expect(await lexwareCalls(B)).toBe(before + 1);
    const again = await get(`/documents/${doc.token}/download`);
    const inline = await get(`/documents/${doc.token}`);
    expect(await lexwareCalls(B)).toBe(before + 1);
    expect([again.status, again.type, inline.status]).toEqual([200, 'application/pdf', 200]);
    expect(again.body.equals(first.body) && inline.body.equals(first.body)).toBe(true);
    expect(await documentFilesTable.one(h.db, { documentId: doc.id })).toMatchObject({
      shopId: B,
      kind: 'pdf',
      contentType: 'application/pdf',
      size: first.body.length,
    });
  });

  it("takes a ZUGFeRD invoice's XML out of its PDF once, then serves the kept XML without reading the PDF again", async () => {
    const { organizationId, access_token } = lexwareOf[B]!;
    await fetch(`${h.sandbox!.urls.control}/control/lexware/organizations/${organizationId}/profile`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eInvoicing: true }),
    });
    const contact = await fetch(`${h.sandbox!.urls.lexwareApi}/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        version: 0,
        roles: { customer: {} },
        company: { name: 'Muster GmbH' },
        addresses: { billing: [{ street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' }] },
      }),
    });
    const { id: contactId } = (await contact.json()) as { id: string };
    const lexwareId = await createLexwareVoucher(h, access_token, { finalize: true, contactId });
    const doc = await document(B, { lexwareId });
    await documentsTable.update(h.db, { id: doc.id }, { profile: 'EN16931' });

    const before = await lexwareCalls(B);
    const first = await get(`/documents/${doc.token}/xml`);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toContain('CrossIndustryInvoice');
    expect(await lexwareCalls(B)).toBe(before + 1);
    // Reading this PDF again would fail: the XML served now can only be the kept one.
    await documentFilesTable.update(h.db, { documentId: doc.id, kind: 'pdf' }, { content: Buffer.from('kein PDF') });
    const again = await get(`/documents/${doc.token}/xml`);
    expect([again.status, again.type]).toEqual([200, 'application/xml']);
    expect(again.body.equals(first.body)).toBe(true);
    expect(await lexwareCalls(B)).toBe(before + 1);
  });

  it('keeps only finalised documents: a draft, or one not yet known to be final, is asked of Lexware each time', async () => {
    // Lexware made it final, but its status has not reached our row yet.
    const unheard = await document(B, { status: 'pending' });
    const draft = await document(B, { finalize: false, status: 'draft' });
    const before = await lexwareCalls(B);
    expect((await get(`/documents/${unheard.token}/download`)).status).toBe(200);
    expect((await get(`/documents/${unheard.token}`)).status).toBe(200);
    expect((await get(`/documents/${draft.token}/download`)).status).toBe(409);
    expect(await lexwareCalls(B)).toBe(before + 2);
    expect(await documentFilesTable.count(h.db, {}, { in: { documentId: [unheard.id, draft.id] } })).toBe(0);

    await documentsTable.update(h.db, { id: unheard.id }, { status: 'open' });
    expect((await get(`/documents/${unheard.token}/download`)).status).toBe(200);
    expect(await documentFilesTable.count(h.db, { documentId: unheard.id })).toBe(1);
  });

  it('holds each shop to its bound: the oldest kept file goes first, and one past the age limit is fetched again', async () => {
    const limits = h.settings.documentFiles;
    const [one, two, three] = [await document(C), await document(C), await document(C)];
    expect((await get(`/documents/${one.token}`)).status).toBe(200);
    const { size } = await documentFilesTable.one(h.db, { documentId: one.id });
    h.settings.documentFiles = { maxBytesPerShop: Math.floor(size * 2.5), maxAgeDays: 30 };
    try {
      await get(`/documents/${two.token}`);
      await get(`/documents/${three.token}`);
      expect(await kept(C)).toEqual(
        expect.arrayContaining([
          { documentId: two.id, kind: 'pdf' },
          { documentId: three.id, kind: 'pdf' },
        ]),
      );
      expect(await kept(C)).toHaveLength(2);

      const before = await lexwareCalls(C);
      expect((await get(`/documents/${one.token}`)).status).toBe(200);
      expect(await lexwareCalls(C)).toBe(before + 1);
      expect((await kept(C)).map((f) => f.documentId).sort()).toEqual([one.id, three.id].sort());

      await documentFilesTable.update(
        h.db,
        { documentId: three.id },
        { storedAt: new Date(Date.now() - 31 * 86_400_000) },
      );
      expect((await get(`/documents/${three.token}`)).status).toBe(200);
      expect(await lexwareCalls(C)).toBe(before + 2);
    } finally {
      h.settings.documentFiles = limits;
    }
  });

  it("deletes a shop's kept files with the shop (shop/redact), and only that shop's", async () => {
    const doc = await document(D);
    expect((await get(`/documents/${doc.token}`)).status).toBe(200);
    expect(await documentFilesTable.count(h.db, { shopId: D })).toBe(1);
    const othersBefore = await documentFilesTable.count(h.db, { shopId: B });
    expect((await h.webhook('shop/redact', D, { shop_id: 4, shop_domain: D })).status).toBe(200);
    await expect.poll(() => documentFilesTable.count(h.db, { shopId: D }), { timeout: 10_000 }).toBe(0);
    expect(await documentFilesTable.count(h.db, { shopId: B })).toBe(othersBefore);
  });
});
