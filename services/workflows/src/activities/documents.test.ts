import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall, shopView } from '@belegfluss/db';
import { createTestDatabase, shopsTable } from '@belegfluss/db/testing';
import { createLexwareClient, type LexwareClient } from '@belegfluss/lexware';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { buildInvoice, DEFAULT_ORDER_HANDLING, ShopifyOrderSchema, type ShopifyOrder } from '@belegfluss/shared';
import { issueDocument } from './documents';

/**
 * Issue 14 §9: the dashboard read a created invoice before the transfer it cost was counted. A document
 * and its transfer are now written in one transaction and the dashboard reads one snapshot: while
 * invoices are being created, no reading of GET /api/shop's figures may count more invoices than transfers.
 */
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: LexwareClient;
const SHOP = 'zaehler.myshopify.com';

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
  const post = async <T>(path: string, body: unknown) =>
    (await (
      await fetch(`${sb.urls.control}/control${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
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
