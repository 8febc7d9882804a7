import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import { buildContactDraft, buildInvoiceDraft, ShopifyOrderSchema } from '@belegfluss/shared';
import {
  createLexwareClient,
  LexwareError,
  refreshTokens,
  revokeToken,
  type LexwareClient,
  type LexwareOauthConfig,
} from './index';

// Contract tests: every call the app makes, against the sandbox over real HTTP.
let sandbox: RunningSandbox;
let api: LexwareClient;
let tokens: { access_token: string; refresh_token: string };
let oauth: LexwareOauthConfig;

beforeAll(async () => {
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
  });
  const res = await fetch(`${sandbox.urls.control}/control/lexware/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  tokens = (await res.json()) as typeof tokens;
  let spacing = Promise.resolve();
  api = createLexwareClient({
    baseUrl: sandbox.urls.lexwareApi,
    accessToken: async () => tokens.access_token,
    // Stay under the sandbox's 2 requests/s, as the real limiter demands.
    throttle: () => (spacing = spacing.then(() => new Promise((r) => setTimeout(r, 520)))),
  });
  oauth = {
    oauthUrl: sandbox.urls.lexwareOauth,
    clientId: DEV_DEFAULTS.lexwareClientId,
    clientSecret: DEV_DEFAULTS.lexwareClientSecret,
    redirectUri: 'http://127.0.0.1/cb',
    scope: 'profile.read',
  };
});
afterAll(async () => {
  await sandbox?.stop();
});

const order = ShopifyOrderSchema.parse({
  id: 7,
  name: '#1007',
  created_at: '2026-11-20T10:00:00Z',
  currency: 'EUR',
  total_price: '23.80',
  taxes_included: true,
  email: 'max@example.de',
  customer: { id: 1, email: 'max@example.de', first_name: 'Max', last_name: 'Muster' },
  billing_address: {
    first_name: 'Max',
    last_name: 'Muster',
    address1: 'Hauptstr. 1',
    zip: '10115',
    city: 'Berlin',
    country_code: 'DE',
  },
  line_items: [{ id: 1, title: 'Tasse', quantity: 2, price: '11.90', tax_lines: [{ rate: 0.19, price: '3.80' }] }],
});

describe('Lexware client against the sandbox', () => {
  it('reads the profile', async () => {
    const profile = await api.profile();
    expect(profile.organizationId).toBeTruthy();
    expect(profile.businessFeatures).toBeInstanceOf(Array);
  });

  it('creates, finds, reads and updates a contact, and gets 409 for a stale version', async () => {
    const created = await api.createContact(buildContactDraft(order));
    const found = await api.findContacts({ email: 'max@example.de' });
    expect(found.content.map((c) => c.id)).toContain(created.id);
    const contact = await api.contact(created.id);
    expect(contact.roles.customer.number).toBeGreaterThan(0);
    const updated = await api.updateContact(created.id, { ...contact, note: 'Stammkundin' });
    expect(updated.version).toBe(contact.version + 1);
    const stale = await api.updateContact(created.id, { ...contact, note: 'alt' }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(LexwareError);
    expect((stale as LexwareError).status).toBe(409);
  });

  it('creates a finalised invoice with Lexware totals, lists it and returns its PDF', async () => {
    const contact = (await api.findContacts({ email: 'max@example.de' })).content[0]!;
    const created = await api.createInvoice(buildInvoiceDraft(order, contact.id), true);
    const invoice = await api.invoice(created.id);
    expect(invoice.voucherStatus).toBe('open');
    expect(invoice.totalPrice).toMatchObject({ totalGrossAmount: 23.8, totalNetAmount: 20, totalTaxAmount: 3.8 });
    const list = await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open', contactId: contact.id });
    expect(list.content.map((v) => v.id)).toContain(created.id);
    const pdf = await api.invoicePdf(created.id);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('creates a credit note linked to the invoice, which Lexware marks paid off, and returns its PDF', async () => {
    const contact = (await api.findContacts({ email: 'max@example.de' })).content[0]!;
    const invoice = (await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open', contactId: contact.id }))
      .content[0]!;
    const draft = buildInvoiceDraft(order, contact.id);
    const { shippingConditions: _s, ...creditBody } = draft;
    const created = await api.createCreditNote(
      { ...creditBody, title: 'Gutschrift', lineItems: [draft.lineItems[0]!] } as never,
      true,
      invoice.id,
    );
    const credit = await api.creditNote(created.id);
    expect(credit.voucherStatus).toBe('paidoff');
    expect(credit.totalPrice.totalGrossAmount).toBeCloseTo(23.8, 2);
    expect((await api.creditNotePdf(created.id)).subarray(0, 5).toString()).toBe('%PDF-');
    const after = await api.voucherList({ voucherType: 'invoice', voucherStatus: 'open,paid', contactId: contact.id });
    expect(after.content.find((v) => v.id === invoice.id)?.openAmount).toBeCloseTo(0, 2);
  });

  it('turns a validation failure into a non-retryable LexwareError with details', async () => {
    const draft = buildInvoiceDraft(order, 'unknown');
    const bad = {
      ...draft,
      lineItems: [
        {
          type: 'custom' as const,
          name: 'x',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR' as const, grossAmount: 1 } as never,
        },
      ],
    };
    const error = (await api.createInvoice(bad, true).catch((e: unknown) => e)) as LexwareError;
    expect(error).toBeInstanceOf(LexwareError);
    expect(error.status).toBe(406);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/taxRatePercentage/);
  });

  it('refreshes and revokes tokens through OAuth', async () => {
    const next = await refreshTokens(oauth, tokens.refresh_token);
    expect(next.accessToken).not.toBe(tokens.access_token);
    tokens = { access_token: next.accessToken, refresh_token: next.refreshToken };
    expect((await api.profile()).organizationId).toBeTruthy();
    await revokeToken(oauth, next.refreshToken);
    await expect(refreshTokens(oauth, next.refreshToken)).rejects.toThrow(/Lexware/);
  });
});
