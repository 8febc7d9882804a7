import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { buildContactDraft, buildInvoiceDraft, ShopifyOrderSchema } from '@belegfluss/shared';
import {
  createLexwareClient,
  documentNumber,
  fillDocumentNumbers,
  type DocumentNumberStore,
  type LexwareClient,
} from './index';

let sandbox: RunningSandbox;
let api: LexwareClient;
const calls: string[] = [];
const SHOP = 'numbers.myshopify.com';

/** Our documents as the store keeps them: Lexware id → voucher date and the number once learned. */
const documents = new Map<string, { voucherDate: string; number: string | null }>();
const store: DocumentNumberStore = {
  documentsWithoutNumber: async () =>
    [...documents]
      .filter(([, d]) => d.number === null)
      .sort(([, a], [, b]) => a.voucherDate.localeCompare(b.voucherDate))
      .map(([lexwareId, d]) => ({ lexwareId, voucherDate: d.voucherDate.slice(0, 10) })),
  documentNumberOf: async (_shop, lexwareId) => documents.get(lexwareId)?.number ?? null,
  setDocumentNumbers: async (_shop, numbers) => {
    for (const n of numbers) {
      const d = documents.get(n.lexwareId);
      if (d && d.number === null) d.number = n.number;
    }
  },
};

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
  documents.set(lexwareId, { voucherDate: body.voucherDate, number: null });
  return lexwareId;
}

describe('document numbers learned after the create', () => {
  it('fills every gap of a shop with one voucher-list read shared by concurrent callers', async () => {
    const contact = await api.createContact(buildContactDraft(order(1)));
    for (const id of [101, 102, 103]) await made(id, contact.id);
    calls.length = 0;
    await Promise.all([
      fillDocumentNumbers(store, api, SHOP),
      fillDocumentNumbers(store, api, SHOP),
      fillDocumentNumbers(store, api, SHOP),
    ]);
    expect(await store.documentsWithoutNumber(SHOP)).toEqual([]);
    // The first read fills all three; the callers that waited for it find nothing left to read.
    expect(calls).toEqual(['voucherList']);
    const numbers = [...documents.values()].map((d) => d.number!);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => /\S/.test(n))).toBe(true);
  });

  it('gives one document its number when it needs it now, and a draft none', async () => {
    const contact = await api.createContact(buildContactDraft(order(2)));
    const lexwareId = await made(201, contact.id);
    const number = await documentNumber(store, api, {
      shopId: SHOP,
      lexwareId,
      type: 'invoice',
      number: null,
      status: 'open',
    });
    expect(number).toBeTruthy();
    expect(documents.get(lexwareId)!.number).toBe(number);
    calls.length = 0;
    expect(
      await documentNumber(store, api, {
        shopId: SHOP,
        lexwareId: 'x',
        type: 'invoice',
        number: null,
        status: 'draft',
      }),
    ).toBeNull();
    expect(calls).toEqual([]);
  });
});
