import { scopeText } from '@belegfluss/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialUsed } from '@belegfluss/db';
import { startHarness, type Harness } from '../../../test/harness';
import { shopPreferencesTable, shopsTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'prefs-a.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(A, { plan_id: 'business' }); // every gated feature of the plan table is open
});
afterAll(async () => h?.stop());

const stored = async (section: string) => (await shopPreferencesTable.first(h.db, { shopId: A, section }))?.value;

describe('GET /api/preferences/{section}', () => {
  it.each([
    'invoices',
    'credits',
    'contacts',
    'transactions',
    'metafields',
    'orderHandling',
    'automation',
    'notifications',
    'general',
  ])('answers the defaults of %s', async (section) => {
    const res = await h.call(A, 'GET', `/api/preferences/${section}`);
    expect(res.status).toBe(200);
    expect(res.body.section).toBe(section);
    expect(typeof res.body.value).toBe('object');
  });

  it('answers an unknown section with 400 and a German message', async () => {
    const res = await h.call(A, 'GET', '/api/preferences/steuern');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION', message: 'Unbekannter Einstellungsbereich' });
  });
});

describe('PATCH /api/preferences/{section}', () => {
  it('merges a change into the stored section and answers the normalised value', async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences/invoices', {
      invoiceLayout: { title: 'Rechnung {ORDER.NAME}' },
      skipTags: [' B2B ', 'b2b', 'Test'],
    });
    expect(res.status).toBe(200);
    expect(res.body.value.invoiceLayout.title).toBe('Rechnung {ORDER.NAME}');
    expect(res.body.value.invoiceLayout.remark).toBeTruthy(); // the other layout texts keep their defaults
    expect(res.body.value.skipTags).toEqual(['b2b', 'test']);
    expect((await stored('invoices')).invoiceLayout.title).toBe('Rechnung {ORDER.NAME}');
  });

  it('applies the invoice rules: event paid moves the invoice date away from fulfilled', async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences/invoices', {
      invoiceEvent: 'paid',
      invoiceDate: 'fulfilled',
    });
    expect(res.status).toBe(200);
    expect(res.body.value.invoiceDate).toBe('created');
    expect(res.body.forced).toContain('invoiceDate');
  });

  it.each([
    ['invoices', { invoiceLayout: { title: 'x'.repeat(257) } }, 'invoiceLayout.title', 'Maximal 256 Zeichen'],
    ['invoices', { invoiceSendMail: { subject: 'x'.repeat(61) } }, 'invoiceSendMail.subject', 'Maximal 60 Zeichen'],
    [
      'credits',
      {
        creditSendMailAttachments: [
          'https://a.de/1.pdf',
          'https://a.de/2.pdf',
          'https://a.de/3.pdf',
          'https://a.de/4.pdf',
          'https://a.de/5.pdf',
          'https://a.de/6.pdf',
        ],
      },
      'creditSendMailAttachments',
      'Maximal 5 Anhänge',
    ],
    ['credits', { creditSendMailAttachments: ['kein-link'] }, 'creditSendMailAttachments.0', 'Ungültige URL'],
    [
      'transactions',
      { transactionGateway: { paypal: true } },
      'transactionGateway.paypal',
      'PayPal kann für Umsätze nicht gewählt werden',
    ],
    [
      'metafields',
      { read: [{ resource: 'order', namespace: 'ab', key: 'k' }] },
      'read.0.namespace',
      'Mindestens 3 Zeichen',
    ],
    ['metafields', { read: [{ resource: 'order', namespace: 'abc', key: '' }] }, 'read.0.key', 'Darf nicht leer sein'],
    ['general', { language: 'fr' }, 'language', 'Die Belegsprache ist de oder en'],
    ['general', { email: 'kein@' }, 'email', 'Gültige E-Mail-Adresse erforderlich'],
    ['general', { vatRegime: '2' }, 'vatRegime', 'Die Umsatzsteuer-Regelung ist 0, 1 oder oss'],
    ['invoices', { unbekannt: 1 }, 'unbekannt', 'Unbekanntes Feld: unbekannt'],
  ])(
    'refuses bad input for %s with 400, the field and the German message (%j)',
    async (section, patch, field, message) => {
      const before = await stored(section);
      const res = await h.call(A, 'PATCH', `/api/preferences/${section}`, patch);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION', field, message });
      expect(await stored(section)).toEqual(before);
    },
  );

  it('answers zod type errors in German', async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences/orderHandling', { skipPos: 'ja' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Ungültige Eingabe/);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await fetch(`${h.url}/api/preferences/general`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${await h.token(A)}`, 'Content-Type': 'text/plain' },
      body: 'home=orders',
    });
    expect(res.status).toBe(415);
    const broken = await h.call(A, 'PATCH', '/api/preferences/general', '{kaputt');
    expect(broken.status).toBe(400);
    const array = await h.call(A, 'PATCH', '/api/preferences/general', [1]);
    expect(array.status).toBe(400);
  });

  it('limits metafields to 5 per list and ignores duplicate read entries', async () => {
    const entry = (key: string) => ({ resource: 'order', namespace: 'custom', key });
    const six = await h.call(A, 'PATCH', '/api/preferences/metafields', {
      read: ['a', 'b', 'c', 'd', 'e', 'f'].map(entry),
    });
    expect(six.status).toBe(400);
    expect(six.body.message).toBe('Du kannst maximal 5 Metafelder hinzufügen');
    const dupes = await h.call(A, 'PATCH', '/api/preferences/metafields', {
      read: [entry('a'), entry('a'), entry('b')],
    });
    expect(dupes.status).toBe(200);
    expect(dupes.body.value.read).toHaveLength(2);
  });

  it('refuses a metafield whose resource needs a scope the shop has not granted', async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences/metafields', {
      read: [{ resource: 'customer', namespace: 'custom', key: 'vat' }],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'MISSING_SCOPE', field: 'read.0.resource' });
    // The scope in the merchant's words, not Shopify's code.
    expect(res.body.message).toBe('Fehlende Shopify-Berechtigung: „Kunden lesen“. Bitte erteile den Zugriff erneut.');
    const write = await h.call(A, 'PATCH', '/api/preferences/metafields', {
      write: [{ value: 'invoice_number', namespace: 'belegfluss', key: 'nr' }],
    });
    expect(write.status).toBe(422);
    expect(write.body.message).toContain(`„${scopeText('write_orders')}“`);
  });

  it("stores the wizard's VAT regime in general, where the worker reads it", async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences/general', { vatRegime: 'oss' });
    expect(res.status).toBe(200);
    expect(res.body.value.vatRegime).toBe('oss');
    expect((await stored('general')).vatRegime).toBe('oss');
    expect((await h.call(A, 'PATCH', '/api/preferences/general', { vatRegime: '1' })).body.value.vatRegime).toBe('1');
  });

  it('saves the home setting to the shop as well', async () => {
    expect((await h.call(A, 'PATCH', '/api/preferences/general', { home: 'orders', language: 'en' })).status).toBe(200);
    expect((await h.call(A, 'GET', '/api/shop')).body.home).toBe('orders');
  });
});

describe('automation', () => {
  it('turns credit notes, transactions and hints off with invoices, across sections', async () => {
    const on = await h.call(A, 'PATCH', '/api/preferences/automation', {
      invoiceCreate: true,
      creditCreate: true,
      transactionCreate: true,
      transactionHints: true,
      transactionFees: true,
    });
    expect(on.body.value).toMatchObject({
      invoiceCreate: true,
      creditCreate: true,
      transactionCreate: true,
      transactionHints: true,
      transactionFees: true,
      badge: 'automated',
    });
    const off = await h.call(A, 'PATCH', '/api/preferences/automation', { invoiceCreate: false });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({
      invoiceCreate: false,
      creditCreate: false,
      transactionCreate: false,
      transactionHints: false,
      transactionFees: false,
      badge: 'manual',
    });
    expect(off.body.forced).toEqual(
      expect.arrayContaining(['creditCreate', 'transactionCreate', 'transactionHints', 'transactionFees']),
    );
    // The worker reads the switches from the sections that own them; the credit-note switch is stored once.
    expect(await stored('invoices')).toMatchObject({ invoiceCreate: false });
    expect(await stored('invoices')).not.toHaveProperty('creditCreate');
    expect(await stored('credits')).toMatchObject({ creditCreate: false });
    expect(await stored('transactions')).toMatchObject({ transactionCreate: false, transactionHints: false });
  });

  it('keeps the dependency when the invoices section itself turns invoices off', async () => {
    await h.call(A, 'PATCH', '/api/preferences/automation', { invoiceCreate: true, creditCreate: true });
    const res = await h.call(A, 'PATCH', '/api/preferences/invoices', { invoiceCreate: false });
    expect(res.body.forced).toContain('creditCreate');
    expect((await h.call(A, 'GET', '/api/preferences/credits')).body.value.creditCreate).toBe(false);
  });

  it('keeps a cutoff day when invoices are switched on again', async () => {
    await h.call(A, 'PATCH', '/api/preferences/invoices', { invoiceCreate: '2026-12-01' });
    await h.call(A, 'PATCH', '/api/preferences/automation', { invoiceCreate: true });
    expect((await stored('invoices')).invoiceCreate).toBe('2026-12-01');
  });

  it('serves the preferences remote in its own format: false or "all"', async () => {
    const res = await h.call(A, 'PATCH', '/api/preferences', {
      invoiceCreate: 'all',
      creditCreate: 'all',
      transactionCreate: false,
      transactionFees: true,
      transactionHints: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invoiceCreate: 'all',
      creditCreate: 'all',
      transactionCreate: false,
      transactionFees: false,
    });
    expect(res.body.forced).toContain('transactionFees');
    expect(await h.call(A, 'GET', '/api/preferences').then((r) => r.body)).toEqual({
      invoiceCreate: 'all',
      creditCreate: 'all',
      transactionCreate: false,
      transactionFees: false,
      transactionHints: false,
    });
    expect((await h.call(A, 'PATCH', '/api/preferences', { invoiceCreate: 'manchmal' })).status).toBe(400);
    expect((await h.call(A, 'PATCH', '/api/preferences', { foo: true })).status).toBe(400);
  });
});

describe('POST /api/shop/enable/{value}', () => {
  it('switches automation off and on with invoice and credit creation, and leaves the trial to the first paid plan', async () => {
    const off = await h.call(A, 'POST', '/api/shop/enable/false', {});
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, message: 'Belegerstellung deaktiviert' });
    expect((await shopsTable.one(h.db, { id: A })).automationEnabled).toBe(false);

    const on = await h.call(A, 'POST', '/api/shop/enable/true', { invoiceCreate: true, creditCreate: false });
    expect(on.body).toMatchObject({
      enabled: true,
      invoiceCreate: true,
      creditCreate: false,
      message: 'Belegerstellung aktiviert',
    });
    const shop = await shopsTable.one(h.db, { id: A });
    expect(shop.automationEnabled).toBe(true);
    expect(shop.trialAt).toBeNull();
    expect(await trialUsed(h.db, A)).toBe(false);
  });

  it('applies the dependencies: credit notes need invoices', async () => {
    const res = await h.call(A, 'POST', '/api/shop/enable/true', { invoiceCreate: false, creditCreate: true });
    expect(res.body).toMatchObject({ invoiceCreate: false, creditCreate: false });
  });

  it('refuses anything but true or false, and unknown fields', async () => {
    const res = await h.call(A, 'POST', '/api/shop/enable/vielleicht', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Erwartet true oder false');
    expect((await h.call(A, 'POST', '/api/shop/enable/true', { transactionCreate: true })).status).toBe(400);
  });
});
