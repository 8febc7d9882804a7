import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '@belegfluss/db';
import { seedDocument, seedOrder, startHarness, type Harness } from '../test/harness';
import { eventLogTable, ordersTable, shopsTable, webhookInboxTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'gdpr-a.myshopify.com';
const B = 'gdpr-b.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  for (const shop of [A, B]) {
    await h.install(shop);
    await seedOrder(h.db, shop, { id: 4001, email: 'max@example.com', customer: 'Max Mustermann' });
    await seedOrder(h.db, shop, { id: 4002, email: 'other@example.com', customer: 'Olga Other' });
    await seedDocument(h.db, shop, { orderId: 4001, number: 'RE0009' });
    await writeLog(h.db, {
      shopId: shop,
      origin: 'mail',
      event: 'mail.sent',
      status: 'success',
      orderId: '4001',
      body: { email: 'max@example.com', number: 'RE0009' },
    });
  }
});
afterAll(async () => h?.stop());

const status = async (webhookId: string) => (await webhookInboxTable.first(h.db, { webhookId: webhookId }))?.status;

describe('compliance webhooks', () => {
  it('customers/data_request logs what we hold about the customer', async () => {
    const res = await h.webhook(
      'customers/data_request',
      A,
      {
        shop_id: 1,
        shop_domain: A,
        customer: { id: 4901, email: 'max@example.com' },
        orders_requested: [4001],
        data_request: { id: 77 },
      },
      'gdpr-1',
    );
    expect(res.status).toBe(200);
    await expect.poll(() => status('gdpr-1'), { timeout: 10_000 }).toBe('successful');
    const entry = await eventLogTable.one(h.db, { shopId: A, event: 'customers.data_request' });
    expect(entry.body).toMatchObject({
      id: 77,
      orders: [{ id: '4001', email: 'max@example.com' }],
      documents: [{ type: 'invoice', number: 'RE0009' }],
      logEntries: 1,
    });
  });

  it('customers/redact removes the customer from snapshots, log bodies and stored webhooks, in that shop only', async () => {
    await webhookInboxTable.insert(h.db, {
      webhookId: 'old-order',
      shopId: A,
      topic: 'orders/create',
      resourceId: '4001',
      body: JSON.stringify({ id: 4001, email: 'max@example.com', customer: { email: 'max@example.com' } }),
      signalledAt: new Date(),
    });
    const res = await h.webhook(
      'customers/redact',
      A,
      { shop_id: 1, shop_domain: A, customer: { id: 5001, email: 'max@example.com' }, orders_to_redact: [4001] },
      'gdpr-2',
    );
    expect(res.status).toBe(200);
    await expect.poll(() => status('gdpr-2'), { timeout: 10_000 }).toBe('successful');
    const order = await ordersTable.one(h.db, { shopId: A, orderId: '4001' });
    expect(order).toMatchObject({ customerEmail: null, customerName: null });
    expect(JSON.stringify(order.snapshot)).not.toMatch(/max@example\.com|Mustermann/);
    expect(order.snapshot.line_items).toHaveLength(1); // the rest of the order stays for the bookkeeping
    const log = await eventLogTable.one(h.db, { shopId: A, event: 'mail.sent' });
    expect(log.body).toEqual({ number: 'RE0009', redacted: true });
    expect(JSON.stringify((await webhookInboxTable.one(h.db, { webhookId: 'old-order' })).body)).not.toMatch(
      /max@example/,
    );
    expect((await ordersTable.one(h.db, { shopId: A, orderId: '4002' })).customerEmail).toBe('other@example.com');
    expect((await ordersTable.one(h.db, { shopId: B, orderId: '4001' })).customerEmail).toBe('max@example.com');
  });

  it('shop/redact deletes every row of the shop and keeps the other shop whole', async () => {
    const res = await h.webhook('shop/redact', A, { shop_id: 1, shop_domain: A }, 'gdpr-3');
    expect(res.status).toBe(200);
    await expect.poll(async () => (await shopsTable.list(h.db, { id: A })).length, { timeout: 10_000 }).toBe(0);
    for (const table of ['orders', 'documents', 'event_log', 'shop_preferences']) {
      expect(await h.db(table).where({ shop_id: A })).toHaveLength(0);
      expect((await h.db(table).where({ shop_id: B })).length).toBeGreaterThanOrEqual(
        table === 'shop_preferences' ? 0 : 1,
      );
    }
    expect((await webhookInboxTable.list(h.db, { shopId: A })).map((r) => r.webhookId)).toEqual(['gdpr-3']);
  });

  it('an invalid HMAC on a compliance topic gets a 401', async () => {
    const res = await fetch(`${h.url}/webhooks/shopify`, {
      method: 'POST',
      headers: { 'X-Shopify-Topic': 'shop/redact', 'X-Shopify-Shop-Domain': B, 'X-Shopify-Hmac-Sha256': 'AAAA' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await shopsTable.list(h.db, { id: B })).toHaveLength(1);
  });
});
