import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { claimIntent, completeDocument, documentsWithoutNumber, saveShopInstall, type Db } from '@belegfluss/db';
import { createTestDatabase, documentsTable } from '@belegfluss/db/testing';
import { buildContactDraft, buildInvoiceDraft, ShopifyOrderSchema } from '@belegfluss/shared';
import { createLexwareClient, documentNumber, fillDocumentNumbers, type LexwareClient } from './index';

let sandbox: RunningSandbox;
let api: LexwareClient;
let db: Db;
let drop: () => Promise<void>;
const calls: string[] = [];
const SHOP = 'numbers.myshopify.com';

beforeAll(async () => {
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
  });
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
  const res = await fetch(`${sandbox.urls.control}/control/lexware/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  let spacing = Promise.resolve();
  const client = createLexwareClient({
    baseUrl: sandbox.urls.lexwareApi,
    accessToken: async () => token,
    throttle: () => (spacing = spacing.then(() => new Promise((r) => setTimeout(r, 520)))),
  });
  // Counts the calls each method makes, so the test sees how many reads the numbers cost.
  api = new Proxy(client, {
    get:
      (target, key: string) =>
      (...args: unknown[]) => (
        calls.push(key),
        (target as Record<string, (...a: unknown[]) => unknown>)[key]!(...args)
      ),
  });
});
afterAll(async () => {
  await drop?.();
  await sandbox?.stop();
});

const order = (id: number) =>
  ShopifyOrderSchema.parse({
    id,
    name: `#${id}`,
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

/** An invoice as the worker makes it: created in Lexware, recorded without its number. */
async function made(id: number, contactId: string): Promise<string> {
  const body = buildInvoiceDraft(order(id), contactId);
  const { id: lexwareId } = await api.createInvoice(body, true);
  const doc = await claimIntent(db, {
    shopId: SHOP,
    type: 'invoice',
    intentKey: `invoice:${id}`,
    orderId: String(id),
    orderName: `#${id}`,
  });
  await completeDocument(db, doc.id, {
    lexwareId,
    contactId,
    number: null,
    title: null,
    status: 'open',
    total: 23.8,
    voucherDate: body.voucherDate,
    pdfToken: `t${id}`,
  });
  return lexwareId;
}

describe('document numbers learned after the create', () => {
  it('fills every gap of a shop with one voucher-list read shared by concurrent callers', async () => {
    const contact = await api.createContact(buildContactDraft(order(1)));
    for (const id of [101, 102, 103]) await made(id, contact.id);
    calls.length = 0;
    await Promise.all([
      fillDocumentNumbers(db, api, SHOP),
      fillDocumentNumbers(db, api, SHOP),
      fillDocumentNumbers(db, api, SHOP),
    ]);
    expect(await documentsWithoutNumber(db, SHOP)).toEqual([]);
    // The first read fills all three; the callers that waited for it find nothing left to read.
    expect(calls).toEqual(['voucherList']);
    const numbers = (await documentsTable.pluck(db, 'number', { shopId: SHOP })) as string[];
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => /\S/.test(n))).toBe(true);
  });

  it('gives one document its number when it needs it now, and a draft none', async () => {
    const contact = await api.createContact(buildContactDraft(order(2)));
    const lexwareId = await made(201, contact.id);
    const number = await documentNumber(db, api, {
      shopId: SHOP,
      lexwareId,
      type: 'invoice',
      number: null,
      status: 'open',
    });
    expect(number).toBeTruthy();
    expect((await documentsTable.one(db, { lexwareId })).number).toBe(number);
    calls.length = 0;
    expect(
      await documentNumber(db, api, { shopId: SHOP, lexwareId: 'x', type: 'invoice', number: null, status: 'draft' }),
    ).toBeNull();
    expect(calls).toEqual([]);
  });
});
