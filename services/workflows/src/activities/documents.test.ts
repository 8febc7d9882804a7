import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall, shopView } from '@belegfluss/db';
import { createTestDatabase, shopsTable, transferLedgerTable } from '@belegfluss/db/testing';
import { createLexwareClient, type LexwareClient } from '@belegfluss/lexware';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import {
  buildInvoice,
  DEFAULT_ORDER_HANDLING,
  ShopifyOrderSchema,
  shippedFulfillments,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { issueDeliveryNote } from './delivery-notes';
import { issueDocument } from './documents';

/**
 * The dashboard read a created invoice before the transfer it cost was counted. A document
 * and its transfer are now written in one transaction and the dashboard reads one snapshot: while
 * invoices are being created, no reading of GET /api/shop's figures may count more invoices than transfers.
 */
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: LexwareClient;
const SHOP = 'zaehler.myshopify.com';
const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${sb.urls.control}/control${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
};
const post = <T>(path: string, body: unknown) => control<T>('POST', path, body);

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({
      ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
      log: false,
      smtp: false,
      knobs: { lexware: { rateLimitPerSecond: 0 } },
    }),
    createTestDatabase(),
  ]);
  await post('/shops', { shop: SHOP });
  const { access_token: token } = await post<{ access_token: string }>('/lexware/tokens', {});
  api = createLexwareClient({ baseUrl: sb.urls.lexwareApi, accessToken: async () => token });
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
  await shopsTable.update(database.db, { id: SHOP }, { planId: 'business', transfersQuota: 3000 });
  const orders = await post<{ order: unknown }[]>(`/shops/${SHOP}/orders`, {
    scenario: 'de_b2c',
    paid: true,
    webhooks: false,
    count: 12,
  });
  created.push(...orders.map((o) => ShopifyOrderSchema.parse(o.order) as ShopifyOrder));
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});
const created: ShopifyOrder[] = [];

describe('issueDocument and the dashboard figures', () => {
  it('never shows an invoice before its transfer is counted', async () => {
    expect(created.length).toBe(12);
    const readings: { invoices: number; transfers: number }[] = [];
    let done = false;
    const watch = (async () => {
      while (!done) {
        const view = (await shopView(database.db, SHOP))!;
        readings.push({ invoices: view.stat.invoice.created, transfers: view.plan.credits.used });
      }
    })();
    await Promise.all(
      created.map((order) =>
        issueDocument(database.db, api, {
          shopId: SHOP,
          order,
          intentKey: `invoice:${order.id}`,
          contactId: null,
          finalize: true,
          document: { type: 'invoice', body: buildInvoice(order, { orderHandling: DEFAULT_ORDER_HANDLING }).invoice },
        }),
      ),
    );
    done = true;
    await watch;
    expect(readings.length).toBeGreaterThan(1);
    expect(readings.filter((r) => r.invoices > r.transfers)).toEqual([]);
    const final = (await shopView(database.db, SHOP))!;
    expect({ invoices: final.stat.invoice.created, transfers: final.plan.credits.used }).toEqual({
      invoices: 12,
      transfers: 12,
    });
  });
});

describe('a retry after an attempt whose answer left open whether Lexware made the invoice', () => {
  const requestFor = (order: ShopifyOrder) => ({
    shopId: SHOP,
    order,
    intentKey: `invoice:${order.id}`,
    contactId: null,
    finalize: true,
    document: {
      type: 'invoice' as const,
      body: buildInvoice(order, { orderHandling: DEFAULT_ORDER_HANDLING }).invoice,
    },
  });
  /** The sandbox answers one order as an object and several as a list. */
  const newOrders = async (count: number) => {
    const made = await post<{ order: unknown } | { order: unknown }[]>(`/shops/${SHOP}/orders`, {
      scenario: 'de_b2c',
      paid: true,
      webhooks: false,
      count,
    });
    return (Array.isArray(made) ? made : [made]).map((o) => ShopifyOrderSchema.parse(o.order) as ShopifyOrder);
  };
  /** The Lexware calls of `run`, by route. */
  const callsOf = async (run: () => Promise<unknown>) => {
    await control('DELETE', '/lexware/stats');
    await run();
    const stats = await control<Record<string, { byRoute: Record<string, number> }>>('GET', '/lexware/stats');
    const routes: Record<string, number> = {};
    for (const s of Object.values(stats))
      for (const [r, n] of Object.entries(s.byRoute)) routes[r] = (routes[r] ?? 0) + n;
    return routes;
  };
  /** One attempt that fails with this fault, and the knobs back to no faults. */
  const failOnce = async (knobs: Record<string, unknown>, request: ReturnType<typeof requestFor>) => {
    await control('PUT', '/knobs', { lexware: knobs });
    try {
      await expect(issueDocument(database.db, api, request)).rejects.toThrow();
    } finally {
      await control('PUT', '/knobs', { lexware: { rate504: 0 } });
    }
  };

  beforeAll(async () => {
    // A voucher of the same day that no row of ours knows, made in Lexware by hand: ten times another order.
    const [other] = await newOrders(1);
    const foreign = buildInvoice(other!, { orderHandling: DEFAULT_ORDER_HANDLING }).invoice;
    await api.createInvoice(
      {
        ...foreign,
        lineItems: foreign.lineItems.map((l) => (l.type === 'custom' ? { ...l, quantity: l.quantity * 10 } : l)),
      },
      true,
    );
  });

  /** A new order's first attempt fails with a 504 (that made the invoice, or not); the retry, with its calls. */
  const retryAfter504 = async (write504: boolean) => {
    const [order] = await newOrders(1);
    const request = requestFor(order!);
    await failOnce({ rate504: 1, write504 }, request);
    let result: unknown;
    const calls = await callsOf(async () => (result = await issueDocument(database.db, api, request)));
    return { order: order!, result, calls };
  };

  it('finds the invoice a 504 made with one read', async () => {
    const { order, result, calls } = await retryAfter504(true);
    expect(calls).toEqual({ 'GET /v1/voucherlist': 1, 'GET /v1/invoices/{id}': 1 });
    expect(result).toMatchObject({ outcome: 'matched' });
    const vouchers = await control<{ remark?: string }[]>('GET', '/lexware/invoices');
    expect(vouchers.filter((v) => v.remark?.includes(order.name))).toHaveLength(1);
  });

  it('after a 504 that made nothing, reads no unknown voucher whose total is far off, and creates the invoice', async () => {
    const { result, calls } = await retryAfter504(false);
    expect(calls).toEqual({ 'GET /v1/voucherlist': 1, 'POST /v1/invoices': 1 });
    expect(result).toMatchObject({ outcome: 'created' });
  });
});

describe('a credit note that follows its invoice', () => {
  it('is kept as Lexware has it after the create: settled (paidoff), not open', async () => {
    const order = created[0]!;
    const invoiceBody = buildInvoice(order, { orderHandling: DEFAULT_ORDER_HANDLING }).invoice;
    const invoice = await issueDocument(database.db, api, {
      shopId: SHOP,
      order,
      intentKey: `invoice:${order.id}`,
      contactId: null,
      finalize: true,
      document: { type: 'invoice', body: invoiceBody },
    });
    if (!('lexwareId' in invoice)) throw new Error('no invoice');
    const { shippingConditions: _, ...creditBody } = invoiceBody;
    const credit = await issueDocument(database.db, api, {
      shopId: SHOP,
      order,
      intentKey: `credit:${order.id}-full`,
      contactId: null,
      finalize: true,
      document: { type: 'credit', body: creditBody, precedingInvoiceId: invoice.lexwareId },
    });
    if (!('lexwareId' in credit)) throw new Error('no credit note');
    expect((await api.creditNote(credit.lexwareId)).voucherStatus).toBe('paidoff');
    expect(credit.status).toBe('paidoff');
  });
});

describe('a delivery note whose create was made but answered 504', () => {
  it('is found by the retry instead of made again, and costs no transfer', async () => {
    const { order: raw } = await post<{ order: { id: number } }>(`/shops/${SHOP}/orders`, {
      scenario: 'de_b2c',
      paid: true,
      webhooks: false,
    });
    const { order: shippedRaw } = await post<{ order: unknown }>(`/shops/${SHOP}/orders/${raw.id}/fulfil`, {});
    const order = ShopifyOrderSchema.parse(shippedRaw) as ShopifyOrder;
    const fulfillmentId = shippedFulfillments(order)[0]!.id;
    const request = { shopId: SHOP, order, fulfillmentId, contactId: null, regimeTaxType: null };
    await control('PUT', '/knobs', { lexware: { write504: true, failNextWrite: [504] } });
    await expect(issueDeliveryNote(database.db, api, request)).rejects.toThrow();
    const retry = await issueDeliveryNote(database.db, api, request);
    expect(retry).toMatchObject({ outcome: 'matched' });
    if (!('lexwareId' in retry)) throw new Error('no delivery note');
    expect(await issueDeliveryNote(database.db, api, request)).toMatchObject({
      outcome: 'existing',
      lexwareId: retry.lexwareId,
    });
    const notes = Object.values(sb.state.lexware.organizations).flatMap((org) =>
      Object.values(org.vouchers).filter(
        (v) => v.kind === 'deliverynote' && String(v.json.introduction).includes(order.name),
      ),
    );
    expect(notes.map((n) => n.id)).toEqual([retry.lexwareId]);
    expect(await transferLedgerTable.count(database.db, { documentId: retry.documentId })).toBe(0);
  });
});
