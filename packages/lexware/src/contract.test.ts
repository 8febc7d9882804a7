import { createVerify } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import {
  authorizeUrl,
  createLexwareClient,
  exchangeCode,
  LexwareError,
  lexwareFor,
  refreshTokens,
  type LexwareClient,
  type LexwareOauthConfig,
  type LexwareSessionStore,
  type LexwareTokens,
} from './index';
import type { LexwareDeliveryNoteInput, LexwareInvoiceInput } from '@belegfluss/shared';

/*
 * Contract tests: the calls of this package the other tests do not make, against the sandbox over
 * real HTTP — the OAuth consent and code exchange, payments, event subscriptions, fault classification,
 * and lexwareFor with its token refresh through its session store.
 */
let sandbox: RunningSandbox;
let oauth: LexwareOauthConfig;
let callbacks: Server;
let callbackUrl: string;
let headAnswer = 200;
const received: { body: string; signature: string }[] = [];

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sandbox.urls.control}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const invoice = (extra: Partial<LexwareInvoiceInput> = {}): LexwareInvoiceInput =>
  ({
    voucherDate: '2026-11-20T10:00:00.000+01:00',
    address: { name: 'Erika Mustermann', street: 'Hauptstr. 5', zip: '50667', city: 'Köln', countryCode: 'DE' },
    lineItems: [
      {
        type: 'custom',
        name: 'Kaffeebohnen',
        quantity: 2,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
      },
    ],
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: 'gross' },
    shippingConditions: { shippingType: 'delivery', shippingDate: '2026-11-20T10:00:00.000+01:00' },
    title: 'Rechnung',
    ...extra,
  }) as LexwareInvoiceInput;

/** What the connect wizard's popup does: open the consent page and allow access for a new organisation. */
async function consent(state: string, decision: 'allow' | 'deny'): Promise<URL> {
  const page = await fetch(authorizeUrl(oauth, state));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Zugriff erlauben');
  const url = new URL(authorizeUrl(oauth, state));
  const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), organizationId: 'new', decision });
  const res = await fetch(`${sandbox.urls.lexwareOauth}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function connectedClient(attempts?: number): Promise<LexwareClient> {
  const code = (await consent('s', 'allow')).searchParams.get('code')!;
  const tokens = await exchangeCode(oauth, code);
  return createLexwareClient({
    baseUrl: sandbox.urls.lexwareApi,
    accessToken: async () => tokens.accessToken,
    attempts,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
    lexwareEventRetryDelaysMs: [20],
    knobs: { lexware: { rateLimitPerSecond: 0 } },
  });
  oauth = {
    oauthUrl: sandbox.urls.lexwareOauth,
    clientId: DEV_DEFAULTS.lexwareClientId,
    clientSecret: DEV_DEFAULTS.lexwareClientSecret,
    redirectUri: 'http://127.0.0.1:8080/api/lexoffice/callback',
    scope: 'profile.read contacts.read contacts.write vouchers.read vouchers.write files.read',
  };
  callbacks = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST')
        received.push({ body: Buffer.concat(chunks).toString(), signature: String(req.headers['x-lxo-signature']) });
      res.statusCode = req.method === 'HEAD' ? headAnswer : 200;
      res.end();
    });
  });
  await new Promise<void>((r) => callbacks.listen(0, '127.0.0.1', () => r()));
  callbackUrl = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/api/lexoffice/events`;
});
afterAll(async () => {
  await sandbox?.stop();
  await new Promise((r) => callbacks?.close(r));
});

describe('Lexware OAuth as the connect wizard runs it', () => {
  it('builds the authorize URL, and exchanges the code from the consent page for tokens with the granted scope', async () => {
    const url = new URL(authorizeUrl(oauth, 'state-1'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: oauth.clientId,
      redirect_uri: oauth.redirectUri,
      response_type: 'code',
      scope: oauth.scope,
      state: 'state-1',
    });
    const back = await consent('state-1', 'allow');
    expect(`${back.origin}${back.pathname}`).toBe(oauth.redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeCode(oauth, back.searchParams.get('code')!);
    expect(tokens.scope).toBe(oauth.scope);
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const api = createLexwareClient({
      baseUrl: sandbox.urls.lexwareApi,
      accessToken: async () => tokens.accessToken,
    });
    expect((await api.profile()).organizationId).toBeTruthy();
    // A code is good once.
    await expect(exchangeCode(oauth, back.searchParams.get('code')!)).rejects.toThrow(
      /Lexware-Anmeldung fehlgeschlagen \(400\)/,
    );
  });

  it('reports a denied consent to the redirect URI', async () => {
    const back = await consent('state-2', 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-2');
  });
});

describe('payments and event subscriptions', () => {
  it('reads the payment state of an open, a paid and a draft invoice', async () => {
    const api = await connectedClient();
    const open = await api.createInvoice(invoice(), true);
    expect(await api.payment(open.id)).toMatchObject({
      openAmount: 23.8,
      currency: 'EUR',
      paymentStatus: 'openRevenue',
      voucherType: 'invoice',
      voucherStatus: 'open',
    });
    await control('POST', `/control/lexware/invoices/${open.id}/pay`, {});
    const paid = await api.payment(open.id);
    expect(paid).toMatchObject({ openAmount: 0, paymentStatus: 'balanced', voucherStatus: 'paid' });
    expect(paid.paidDate).toEqual(expect.any(String));
    const draft = await api.createInvoice(invoice(), false);
    const error = (await api.payment(draft.id).catch((e: unknown) => e)) as LexwareError;
    expect(error).toBeInstanceOf(LexwareError);
    expect(error.status).toBe(406);
  });

  it('subscribes to events after the HEAD check, refuses a duplicate, and receives signed callbacks', async () => {
    const api = await connectedClient();
    headAnswer = 404;
    expect(
      ((await api.subscribeEvent('invoice.created', callbackUrl).catch((e: unknown) => e)) as LexwareError).status,
    ).toBe(406);
    headAnswer = 200;
    const sub = await api.subscribeEvent('invoice.created', callbackUrl);
    expect(sub).toMatchObject({
      id: expect.any(String),
      resourceUri: expect.stringContaining(`/v1/event-subscriptions/${sub.id}`),
      version: 0,
    });
    expect(
      ((await api.subscribeEvent('invoice.created', callbackUrl).catch((e: unknown) => e)) as LexwareError).status,
    ).toBe(409);

    const created = await api.createInvoice(invoice(), true);
    await sandbox.settled();
    const callback = received.find((r) => (JSON.parse(r.body) as { resourceId: string }).resourceId === created.id);
    expect(callback).toBeDefined();
    expect(JSON.parse(callback!.body)).toMatchObject({
      eventType: 'invoice.created',
      organizationId: (await api.profile()).organizationId,
    });
    const publicKey = await (await control('GET', '/control/lexware/public-key')).text();
    expect(createVerify('RSA-SHA512').update(callback!.body).verify(publicKey, callback!.signature, 'base64')).toBe(
      true,
    );
  });

  it('downloads an XRechnung invoice as the PDF or as its XML, whichever the client asks for', async () => {
    const api = await connectedClient();
    const contact = await api.createContact({
      version: 0,
      roles: { customer: {} },
      company: { name: 'Stadtverwaltung Musterstadt' },
      addresses: { billing: [{ street: 'Rathausplatz 1', zip: '12345', city: 'Musterstadt', countryCode: 'DE' }] },
      xRechnung: { buyerReference: '04011000-1234512345-35', vendorNumberAtCustomer: '70123456' },
    } as never);
    const net = invoice({
      address: { contactId: contact.id } as never,
      taxConditions: { taxType: 'net' } as never,
      lineItems: [
        {
          type: 'custom',
          name: 'Beratung',
          quantity: 1,
          unitName: 'Stunde',
          unitPrice: { currency: 'EUR', netAmount: 100, taxRatePercentage: 19 },
        },
      ] as never,
    });
    const created = await api.createInvoice(net, true);
    expect((await api.invoice(created.id)) as unknown).toMatchObject({ electronicDocumentProfile: 'XRechnung' });
    expect((await api.invoicePdf(created.id)).subarray(0, 5).toString()).toBe('%PDF-');
    const xml = (await api.invoiceXml(created.id)).toString('utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('04011000-1234512345-35');
  });
});

describe('print layouts', () => {
  it('lists the print layouts, and invoices and credit notes keep the chosen one', async () => {
    const api = await connectedClient();
    const layouts = await api.printLayouts();
    expect(layouts.length).toBeGreaterThanOrEqual(2);
    expect(layouts.filter((l) => l.default)).toHaveLength(1);
    for (const l of layouts)
      expect(l).toEqual({ id: expect.any(String), name: expect.any(String), default: expect.any(Boolean) });
    const chosen = layouts.find((l) => !l.default)!;
    const created = await api.createInvoice(invoice({ printLayoutId: chosen.id }), true);
    expect((await api.invoice(created.id)).printLayoutId).toBe(chosen.id);
    const { shippingConditions: _shipping, ...body } = invoice({ printLayoutId: chosen.id });
    const credit = await api.createCreditNote(body, true, created.id);
    expect((await api.creditNote(credit.id)).printLayoutId).toBe(chosen.id);
    const plain = await api.createInvoice(invoice(), false);
    expect((await api.invoice(plain.id)).printLayoutId).toBeUndefined();
  });
});

describe('faults as the client classifies them', () => {
  it('429 and 500 are retryable and not performed; a 504 on a write is ambiguous and was performed', async () => {
    const api = await connectedClient(1);
    const failNext = (statuses: number[]) =>
      control('PUT', '/control/knobs', { lexware: { failNext: statuses, write504: true } });
    await failNext([429]);
    const limited = (await api.profile().catch((e: unknown) => e)) as LexwareError;
    expect([limited.status, limited.retryable, limited.ambiguous]).toEqual([429, true, false]);
    await failNext([500]);
    const broken = (await api.createInvoice(invoice(), true).catch((e: unknown) => e)) as LexwareError;
    expect([broken.status, broken.retryable]).toEqual([500, true]);
    const before = (await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open' })).totalElements;
    await failNext([504]);
    const timedOut = (await api
      .createInvoice(invoice({ remark: 'Bestellung #504' }), true)
      .catch((e: unknown) => e)) as LexwareError;
    expect([timedOut.status, timedOut.retryable, timedOut.ambiguous]).toEqual([504, false, true]);
    // The write went through: look it up before repeating it.
    expect((await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open' })).totalElements).toBe(before + 1);
    await failNext([504]);
    const readTimeout = (await api.profile().catch((e: unknown) => e)) as LexwareError;
    expect([readTimeout.retryable, readTimeout.ambiguous]).toEqual([true, false]);
  });

  it('repeats what is safe to repeat by itself, a few times, and never a write that timed out', async () => {
    const api = await connectedClient();
    const failNext = (statuses: number[]) =>
      control('PUT', '/control/knobs', { lexware: { failNext: statuses, write504: true } });
    await failNext([429, 500, 504]);
    expect((await api.profile()).organizationId).toEqual(expect.any(String));
    await failNext([503]);
    const created = await api.createInvoice(invoice({ remark: 'Bestellung #503' }), true);
    expect((await api.invoice(created.id)).remark).toBe('Bestellung #503');
    const before = (await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open' })).totalElements;
    await failNext([504]);
    await expect(api.createInvoice(invoice({ remark: 'Bestellung #5040' }), true)).rejects.toMatchObject({
      status: 504,
      ambiguous: true,
    });
    expect((await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open' })).totalElements).toBe(before + 1);
    await failNext([429, 429, 429, 429]);
    await expect(api.profile()).rejects.toMatchObject({ status: 429 });
  });
});

/**
 * The session store as a service keeps it, here in memory: one refresh hold at a time (a row lock in
 * PostgreSQL), and request slots spaced per key.
 */
function memorySessionStore(initial: LexwareTokens | null) {
  let tokens = initial;
  let hold: Promise<unknown> = Promise.resolve();
  let refreshes = 0;
  let reads = 0;
  const slots = new Map<string, number>();
  const store: LexwareSessionStore = {
    tokens: async () => {
      reads++;
      return tokens;
    },
    refreshing: (_shopId, work) => {
      const run = hold.then(() =>
        work(tokens, async (renewed) => {
          refreshes++;
          tokens = renewed;
        }),
      );
      hold = run.catch(() => undefined);
      return run;
    },
    throttle: (key, perSecond) => async () => {
      const now = Date.now();
      const slot = Math.max(now, slots.get(key) ?? 0);
      slots.set(key, slot + 1000 / perSecond);
      if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    },
  };
  return { store, current: () => tokens, refreshes: () => refreshes, reads: () => reads };
}

describe('lexwareFor with its session store', () => {
  it('refreshes an expiring token once under concurrent calls, stores the rotated tokens, and stays under 2 requests/s', async () => {
    const shopId = 'vertrag.myshopify.com';
    const tokens = await exchangeCode(oauth, (await consent('db', 'allow')).searchParams.get('code')!);
    const kept = memorySessionStore({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: new Date(Date.now() + 10_000),
    });
    await control('PUT', '/control/knobs', { lexware: { rateLimitPerSecond: 2, failNext: [] } });
    try {
      const api = lexwareFor(kept.store, { apiUrl: sandbox.urls.lexwareApi, oauth }, shopId);
      const profiles = await Promise.all(Array.from({ length: 5 }, () => api.profile()));
      expect(new Set(profiles.map((p) => p.organizationId)).size).toBe(1);
      expect(kept.refreshes()).toBe(1);
      expect(kept.current()!.refreshToken).not.toBe(tokens.refreshToken);
      expect(kept.current()!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      // The old refresh token was rotated away: a second refresh with it fails.
      await expect(refreshTokens(oauth, tokens.refreshToken)).rejects.toThrow(/Lexware-Anmeldung fehlgeschlagen/);
    } finally {
      await control('PUT', '/control/knobs', { lexware: { rateLimitPerSecond: 0 } });
    }
  });

  it('reads a fresh token once for a client’s calls, and again once it is no longer fresh', async () => {
    const tokens = await exchangeCode(oauth, (await consent('db', 'allow')).searchParams.get('code')!);
    const kept = memorySessionStore({ ...tokens, expiresAt: new Date(Date.now() + 3_600_000) });
    const api = lexwareFor(kept.store, { apiUrl: sandbox.urls.lexwareApi, oauth }, 'lesen.myshopify.com');
    await api.profile();
    await api.printLayouts();
    await api.profile();
    expect(kept.reads()).toBe(1);
    // Renewed elsewhere (another worker refreshed it): this client takes the stored one once its own runs out.
    await kept.store.refreshing('lesen.myshopify.com', async (_locked, save) => {
      await save({ ...tokens, expiresAt: new Date(Date.now() + 30_000) });
      return tokens.accessToken;
    });
    expect(kept.reads()).toBe(1);
    const fresh = lexwareFor(kept.store, { apiUrl: sandbox.urls.lexwareApi, oauth }, 'lesen.myshopify.com');
    // Expiring within the minute: read, refreshed under the hold, and the next call reads again.
    await fresh.profile();
    await fresh.profile();
    expect(kept.reads()).toBe(3);
  });

  it('answers NOT_CONNECTED for a shop without a connection', async () => {
    const { store } = memorySessionStore(null);
    await expect(
      lexwareFor(store, { apiUrl: sandbox.urls.lexwareApi, oauth }, 'fremd.myshopify.com').profile(),
    ).rejects.toThrow('NOT_CONNECTED');
  });
});

describe('delivery notes', () => {
  it('creates a finalised delivery note, reads it back with its items and downloads its PDF; a draft has no PDF', async () => {
    const api = await connectedClient();
    const note: LexwareDeliveryNoteInput = {
      voucherDate: '2026-11-20T10:00:00.000+01:00',
      address: { name: 'Erika Mustermann', street: 'Hauptstr. 5', zip: '50667', city: 'Köln', countryCode: 'DE' },
      lineItems: [{ type: 'custom', name: 'Kaffeebohnen', quantity: 2, unitName: 'Stück' }],
      taxConditions: { taxType: 'gross' },
      shippingConditions: { shippingType: 'delivery', shippingDate: '2026-11-20T10:00:00.000+01:00' },
      title: 'Lieferschein',
      introduction: 'Lieferung zur Bestellung #1001',
    };
    const created = await api.createDeliveryNote(note, true);
    const read = await api.deliveryNote(created.id);
    expect(read.voucherStatus).toBe('open');
    expect(read.lineItems.map((l) => [l.name, 'quantity' in l ? l.quantity : null])).toEqual([['Kaffeebohnen', 2]]);
    expect((await api.deliveryNotePdf(created.id)).subarray(0, 5).toString()).toBe('%PDF-');
    const draft = await api.createDeliveryNote(note, false);
    expect(((await api.deliveryNotePdf(draft.id).catch((e: unknown) => e)) as LexwareError).status).toBe(409);
  });
});

describe('coverage of the client', () => {
  it('every method of the Lexware client is called by a test against the sandbox', () => {
    const api = createLexwareClient({ baseUrl: 'http://unused', accessToken: async () => '' });
    const dir = new URL('.', import.meta.url);
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    const missing = Object.keys(api).filter((name) => !new RegExp(`\\.${name}\\(`).test(tests));
    expect(missing).toEqual([]);
  });
});
