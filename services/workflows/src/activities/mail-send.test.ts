import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimMailSend,
  createSecretBox,
  mailStore,
  markMailSending,
  saveShopInstall,
  saveShopSmtp,
  type Db,
} from '@belegfluss/db';
import {
  createTestDatabase,
  documentsTable,
  eventLogTable,
  lexwareConnectionsTable,
  ordersTable,
  shopPreferencesTable,
  shopSmtpTable,
} from '@belegfluss/db/testing';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { readSettings } from '@belegfluss/shared/settings';
import { checkSmtp, MailError, sendDocumentMail, shopServer, type MailDeps } from '@belegfluss/mail';

// sendDocumentMail wired to our database as the services wire it. Everything real: PostgreSQL, the sandbox's Lexware for the PDFs and its SMTP server for the mail.
const SHOP = 'mail-laden.myshopify.com';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let sb: RunningSandbox;
let deps: MailDeps;
let files: http.Server;
let filesUrl: string;
let token: string;
const box = createSecretBox(readSettings().encryptionKey);

interface Caught {
  id: string;
  to: string[];
  bcc: string[];
  subject: string;
  text: string;
  from: string;
  authUser: string | null;
  envelope: { to: string[] };
  attachments: { filename: string; contentType: string; size: number }[];
}
const control = (path: string, init?: RequestInit) =>
  fetch(`${sb.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
const caught = async (): Promise<Caught[]> => (await (await control('/control/mail')).json()) as Caught[];
const smtp = () => sb.urls.smtp!;

async function voucher(finalize: boolean): Promise<string> {
  const res = await fetch(`${sb.urls.lexwareApi}/invoices${finalize ? '?finalize=true' : ''}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      voucherDate: '2026-11-20T10:00:00.000+01:00',
      address: { name: 'Erika Muster', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
      lineItems: [
        {
          type: 'custom',
          name: 'Tasse',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
        },
      ],
      totalPrice: { currency: 'EUR' },
      taxConditions: { taxType: 'gross' },
      shippingConditions: { shippingType: 'none' },
    }),
  });
  return ((await res.json()) as { id: string }).id;
}

let nextOrder = 3000;
/** An order snapshot and its invoice in Lexware and in our documents table. */
async function invoiceFor(
  o: { email?: string; tags?: string; source?: string; finalize?: boolean } = {},
): Promise<string> {
  const id = ++nextOrder;
  const email = o.email ?? `kundin${id}@example.de`;
  const snapshot = {
    id,
    name: `#${id}`,
    email,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    currency: 'EUR',
    financial_status: 'paid',
    total_price: '11.90',
    taxes_included: true,
    payment_gateway_names: ['manual'],
    source_name: o.source ?? 'web',
    tags: o.tags ?? '',
    customer: { id: 9, email, first_name: 'Erika', last_name: 'Muster' },
    billing_address: { first_name: 'Erika', last_name: 'Muster', city: 'Berlin', country_code: 'DE' },
    line_items: [{ id: 1, title: 'Tasse', quantity: 1, price: '11.90', tax_lines: [{ rate: 0.19, price: '1.90' }] }],
  };
  await ordersTable.insert(db, {
    shopId: SHOP,
    orderId: String(id),
    name: snapshot.name,
    createdAt: snapshot.created_at,
    updatedAt: snapshot.updated_at,
    total: 11.9,
    currency: 'EUR',
    snapshot: JSON.stringify(snapshot),
  });
  const finalize = o.finalize ?? true;
  const [row] = await documentsTable.insert(db, {
    shopId: SHOP,
    orderId: String(id),
    orderName: snapshot.name,
    type: 'invoice',
    intentKey: `invoice:${id}`,
    lexwareId: await voucher(finalize),
    number: finalize ? `RE${id}` : null,
    status: finalize ? 'open' : 'draft',
  });
  return row!.id;
}

async function mailPrefs(sendMail: Record<string, unknown>) {
  const value = JSON.stringify({ invoiceSendMail: sendMail });
  await shopPreferencesTable.upsert(db, { shopId: SHOP, section: 'invoices', value }, ['shopId', 'section'], { value });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sb = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    knobs: { lexware: { rateLimitPerSecond: 0 } },
  });
  const tokens = (await (await control('/control/lexware/tokens', { method: 'POST', body: '{}' })).json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
  token = tokens.access_token;
  await saveShopInstall(db, {
    shopId: SHOP,
    tokenEnc: 'x',
    scopes: ['read_orders'],
    name: 'Mein Laden',
    email: 'inhaber@laden.de',
  });
  await lexwareConnectionsTable.insert(db, {
    shopId: SHOP,
    accessTokenEnc: box.seal(tokens.access_token),
    refreshTokenEnc: box.seal(tokens.refresh_token),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
  });
  const base = readSettings();
  deps = {
    store: mailStore(db, box),
    lexware: { ...base.lexware, apiUrl: sb.urls.lexwareApi },
    mail: {
      smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${smtp().port}`,
      from: 'Belegfluss <belege@belegfluss.local>',
      outboundTestHosts: 'smtp.sandbox.test=127.0.0.1,files.shop.test=127.0.0.1',
    },
    timeoutMs: 5_000,
  };
  files = http.createServer((req, res) => {
    if (req.url === '/agb.pdf') {
      res.setHeader('Content-Type', 'application/pdf');
      res.end('%PDF-1.4 AGB');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://files.shop.test:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files?.close();
  await sb?.stop();
  await database?.drop();
});
beforeEach(async () => {
  await control('/control/mail', { method: 'DELETE' });
  await control('/control/mail/settings', { method: 'PUT', body: JSON.stringify({ auth: null, requireTls: false }) });
  await shopSmtpTable.remove(db);
});

describe('checkSmtp against the sandbox SMTP server', () => {
  it('connects with STARTTLS (TLS) and with TLS from the start (SSL)', async () => {
    expect(
      await checkSmtp(
        shopServer({ host: '127.0.0.1', port: smtp().port, encryption: 'TLS', user: 'laden', pass: 'geheim' }),
      ),
    ).toEqual({ ok: true });
    expect(
      await checkSmtp(
        shopServer({ host: '127.0.0.1', port: smtp().securePort, encryption: 'SSL', user: 'laden', pass: 'geheim' }),
      ),
    ).toEqual({ ok: true });
  });

  it('says in German when the login, the host, the port or the encryption is wrong', async () => {
    await control('/control/mail/settings', {
      method: 'PUT',
      body: JSON.stringify({ auth: { user: 'laden', pass: 'richtig' } }),
    });
    const login = await checkSmtp(
      shopServer({ host: '127.0.0.1', port: smtp().port, encryption: 'TLS', user: 'laden', pass: 'falsch' }),
    );
    expect(login).toEqual({
      ok: false,
      message: 'Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.',
    });
    const closed = await checkSmtp(
      shopServer({ host: '127.0.0.1', port: 1, encryption: 'TLS', user: '', pass: null }),
      3_000,
    );
    expect(closed).toEqual({
      ok: false,
      message: 'Der SMTP-Server 127.0.0.1:1 ist nicht erreichbar. Bitte prüfe Host und Port.',
    });
    const host = await checkSmtp(
      shopServer({ host: 'smtp.gibt-es-nicht.invalid', port: 587, encryption: 'TLS', user: '', pass: null }),
      3_000,
    );
    expect(host.ok === false && host.message).toMatch(/wurde nicht gefunden/);
    const ssl = await checkSmtp(
      shopServer({ host: '127.0.0.1', port: smtp().port, encryption: 'SSL', user: '', pass: null }),
      3_000,
    );
    expect(ssl.ok === false && ssl.message).toMatch(/Verschlüsselung passt nicht/);
    const starttls = await checkSmtp(
      shopServer({ host: '127.0.0.1', port: smtp().securePort, encryption: 'TLS', user: '', pass: null }),
      2_000,
    );
    expect(starttls.ok === false && starttls.message).toMatch(/Verschlüsselung passt nicht/);
  });
});

describe('sendDocumentMail', () => {
  it('mails the invoice with its PDF once, however often the workflow asks', async () => {
    await mailPrefs({ enabled: true, copy: 'buchhaltung@laden.de', signature: 'Dein Mein-Laden-Team' });
    const doc = await invoiceFor({ email: 'erika@example.de' });
    const first = await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' });
    expect(first).toMatchObject({ outcome: 'sent', recipient: 'erika@example.de', sender: 'default' });
    const again = await Promise.all(
      [1, 2, 3].map(() => sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })),
    );
    expect(again.map((r) => r.outcome)).toEqual(['already_sent', 'already_sent', 'already_sent']);

    const mails = await caught();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.envelope.to.sort()).toEqual(['buchhaltung@laden.de', 'erika@example.de']);
    expect(mail!.subject).toMatch(/^Deine Rechnung zur Bestellung #\d+$/);
    expect(mail!.from).toBe('"Mein Laden" <belege@belegfluss.local>');
    expect(mail!.text).toContain('Hallo Erika Muster');
    expect(mail!.text).toContain('Dein Mein-Laden-Team');
    expect(mail!.attachments).toMatchObject([
      { contentType: 'application/pdf', filename: expect.stringMatching(/^RE\d+\.pdf$/) },
    ]);
    const pdf = await fetch(`${sb.urls.control}/control/mail/${mail!.id}/attachments/0`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const row = await documentsTable.one(db, { id: doc });
    expect(row.emailedAt).toBeInstanceOf(Date);
    const log = await eventLogTable.list(db, { shopId: SHOP, event: 'mail.sent' });
    expect(log).toHaveLength(1);
    expect(log[0]!.body).toMatchObject({ email: 'erika@example.de', bcc: 'buchhaltung@laden.de' });
  });

  it("attaches an XRechnung's XML beside its PDF, since the XML is the invoice the buyer's system reads", async () => {
    await mailPrefs({ enabled: true });
    const lexware = (path: string, body: unknown) =>
      fetch(`${sb.urls.lexwareApi}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => (await r.json()) as { id: string });
    const contact = await lexware('/contacts', {
      version: 0,
      roles: { customer: {} },
      company: { name: 'Stadtverwaltung Musterstadt' },
      addresses: { billing: [{ street: 'Rathausplatz 1', zip: '12345', city: 'Musterstadt', countryCode: 'DE' }] },
      xRechnung: { buyerReference: '04011000-12345-03', vendorNumberAtCustomer: '70123456' },
    });
    const { id: lexwareId } = await lexware('/invoices?finalize=true', {
      voucherDate: '2026-11-20T10:00:00.000+01:00',
      address: { contactId: contact.id },
      lineItems: [
        {
          type: 'custom',
          name: 'Tasse',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', netAmount: 10, taxRatePercentage: 19 },
        },
      ],
      totalPrice: { currency: 'EUR' },
      taxConditions: { taxType: 'net' },
      shippingConditions: { shippingType: 'delivery', shippingDate: '2026-11-20T10:00:00.000+01:00' },
    });
    const read = (await (
      await fetch(`${sb.urls.lexwareApi}/invoices/${lexwareId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { electronicDocumentProfile: string };
    expect(read.electronicDocumentProfile).toBe('XRechnung');
    const doc = await invoiceFor({ email: 'rechnung@musterstadt.de' });
    await documentsTable.update(db, { id: doc }, { lexwareId: lexwareId, profile: 'XRechnung' });

    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })).toMatchObject({
      outcome: 'sent',
    });
    const mail = (await caught()).find((c) => c.envelope.to.includes('rechnung@musterstadt.de'))!;
    expect(mail.attachments.map((a) => [a.contentType.split(';')[0], a.filename.replace(/\d+/, 'N')])).toEqual(
      [
        ['application/pdf', 'RE.pdf'],
        ['application/xml', 'RE.xml'],
      ].map(([t, f]) => [t, f!.replace('RE', 'REN')]),
    );
    const xml = await fetch(`${sb.urls.control}/control/mail/${mail.id}/attachments/1`);
    expect(await xml.text()).toContain('04011000-12345-03');
  });

  it('does not send again after an attempt died between the SMTP answer and its record', async () => {
    await mailPrefs({ enabled: true });
    const doc = await invoiceFor();
    const { send } = await claimMailSend(db, {
      shopId: SHOP,
      documentId: doc,
      intent: 'auto',
      recipient: 'x@example.de',
    });
    expect(await markMailSending(db, send, 'default', '<x@belegfluss.local>')).toBe(true);
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })).toEqual({
      outcome: 'uncertain',
    });
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })).toEqual({
      outcome: 'uncertain',
    });
    expect(await caught()).toHaveLength(0);
    expect(await eventLogTable.list(db, { shopId: SHOP, event: 'mail.uncertain' })).toHaveLength(1);
  });

  it('sends nothing when sending is off, for skipped tags and sources, or without an address', async () => {
    await mailPrefs({ enabled: false });
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: await invoiceFor(), intent: 'auto' })).toEqual({
      outcome: 'disabled',
    });
    await mailPrefs({ enabled: true, skipTags: ['ohne-mail'], skipSources: ['pos'] });
    expect(
      await sendDocumentMail(deps, {
        shopId: SHOP,
        documentId: await invoiceFor({ tags: 'Ohne-Mail' }),
        intent: 'auto',
      }),
    ).toEqual({ outcome: 'skipped', reason: 'SKIP_TAG' });
    expect(
      await sendDocumentMail(deps, { shopId: SHOP, documentId: await invoiceFor({ source: 'pos' }), intent: 'auto' }),
    ).toEqual({ outcome: 'skipped', reason: 'SKIP_SOURCE' });
    expect(
      await sendDocumentMail(deps, { shopId: SHOP, documentId: await invoiceFor({ email: '' }), intent: 'auto' }),
    ).toEqual({ outcome: 'skipped', reason: 'MISSING_CUSTOMER_EMAIL' });
    expect(await caught()).toHaveLength(0);
  });

  it("sends the dialog's text and extra attachments, and refuses drafts", async () => {
    const doc = await invoiceFor();
    const manual = {
      email: 'neu@example.de',
      copy: '',
      subject: 'Ihre Rechnung',
      message: '<p>Guten Tag</p>',
      signature: '',
      attachments: [`${filesUrl}/agb.pdf`, `${filesUrl}/fehlt.pdf`],
    };
    const result = await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'manual:1', manual });
    expect(result).toMatchObject({
      outcome: 'sent',
      recipient: 'neu@example.de',
      skippedAttachments: [{ url: `${filesUrl}/fehlt.pdf` }],
    });
    const [mail] = await caught();
    expect(mail).toMatchObject({ subject: 'Ihre Rechnung', to: ['neu@example.de'] });
    expect(mail!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^RE\d+\.pdf$/), 'agb.pdf']);
    const draft = await invoiceFor({ finalize: false });
    const refused = await sendDocumentMail(deps, { shopId: SHOP, documentId: draft, intent: 'manual:2', manual }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(MailError);
    expect((refused as MailError).code).toBe('DRAFT');
  });

  it('mails a PDF it fetched before from the kept files: a second mail of the invoice asks Lexware for no file', async () => {
    const fileCalls = async () => {
      const stats = (await (await control('/control/lexware/stats')).json()) as Record<
        string,
        { byRoute: Record<string, number> }
      >;
      return Object.values(stats).reduce((n, s) => n + (s.byRoute['GET /v1/invoices/{id}/file'] ?? 0), 0);
    };
    await mailPrefs({ enabled: true });
    const doc = await invoiceFor({ email: 'zweimal@example.de' });
    const before = await fileCalls();
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })).toMatchObject({
      outcome: 'sent',
    });
    expect(await fileCalls()).toBe(before + 1);
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'manual:nochmal' })).toMatchObject({
      outcome: 'sent',
    });
    expect(await fileCalls()).toBe(before + 1);
    const sizes = (await caught()).map((m) => m.attachments.map((a) => [a.contentType, a.size]));
    expect(sizes).toHaveLength(2);
    expect(sizes[1]).toEqual(sizes[0]);
  });

  it("uses the shop's own server once it is connected, and stops using it when it refuses the login", async () => {
    await mailPrefs({ enabled: true });
    const own = {
      host: 'smtp.sandbox.test',
      port: smtp().securePort,
      encryption: 'SSL' as const,
      user: 'laden',
      email: 'rechnung@mein-laden.de',
      name: 'Mein Laden GmbH',
    };
    await saveShopSmtp(db, SHOP, { ...own, passEnc: box.seal('geheim'), status: 'connected', error: null });
    expect(
      await sendDocumentMail(deps, { shopId: SHOP, documentId: await invoiceFor(), intent: 'auto' }),
    ).toMatchObject({ outcome: 'sent', sender: 'own' });
    const [mail] = await caught();
    expect(mail).toMatchObject({ authUser: 'laden', from: '"Mein Laden GmbH" <rechnung@mein-laden.de>' });

    await control('/control/mail/settings', {
      method: 'PUT',
      body: JSON.stringify({ auth: { user: 'laden', pass: 'neu' } }),
    });
    const doc = await invoiceFor();
    const failed = await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' }).catch(
      (e: unknown) => e,
    );
    expect(failed).toMatchObject({ code: 'SMTP', retryable: true });
    expect(await shopSmtpTable.one(db, { shopId: SHOP })).toMatchObject({
      status: 'interrupted',
      error: expect.stringMatching(/Benutzername oder Passwort/),
    });
    await control('/control/mail/settings', { method: 'PUT', body: JSON.stringify({ auth: null }) });
    expect(await sendDocumentMail(deps, { shopId: SHOP, documentId: doc, intent: 'auto' })).toMatchObject({
      outcome: 'sent',
      sender: 'default',
    });
    expect(await caught()).toHaveLength(2);
  });
});
