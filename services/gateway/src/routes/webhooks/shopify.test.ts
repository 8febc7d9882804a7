import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '@belegfluss/shopify';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { shopsTable, webhookInboxTable } from '@belegfluss/db/testing';
import { startHarness, type Harness } from '../../../test/harness';
import { readGatewayOptions } from '../../config';
import { startGateway } from '../../main';

/**
 * Shopify signs the body only; topic, shop and time come in headers anyone can change. A body signed for
 * one shop and topic must not act as another: such deliveries answer 401, write nothing and start nothing.
 */
let h: Harness;
let sandbox: RunningSandbox;
const A = 'echt-a.myshopify.com';
const B = 'echt-b.myshopify.com';
const HOUR = 60 * 60 * 1000;

const order = {
  id: 820982911946154,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154',
  name: '#9999',
  created_at: '2026-11-26T10:00:00+01:00',
  currency: 'EUR',
  total_price: '11.90',
  line_items: [{ id: 1, title: 'Tasse', quantity: 1, price: '11.90' }],
};
const refund = {
  id: 509562969,
  admin_graphql_api_id: 'gid://shopify/Refund/509562969',
  order_id: order.id,
  created_at: '2026-11-26T11:00:00+01:00',
  refund_line_items: [],
  transactions: [],
};
const customerRedact = (shop: string) => ({
  shop_id: 954889,
  shop_domain: shop,
  customer: { id: 191167, email: 'max@example.com', phone: null },
  orders_to_redact: [order.id],
});
const shopRedact = (shop: string) => ({ shop_id: 954889, shop_domain: shop });
const uninstalled = (shop: string) => ({ id: 954889, name: 'Laden', domain: 'laden.de', myshopify_domain: shop });

/** A delivery signed with the app's secret, as Shopify would sign `body`; the headers are whatever the caller says. */
async function deliver(
  topic: string,
  shop: string,
  body: unknown,
  headers: Record<string, string | null> = {},
  gatewayUrl = h.url,
) {
  const raw = JSON.stringify(body);
  const webhookId = randomUUID();
  const all: Record<string, string | null> = {
    'Content-Type': 'application/json',
    'X-Shopify-Topic': topic,
    'X-Shopify-Shop-Domain': shop,
    'X-Shopify-Webhook-Id': webhookId,
    'X-Shopify-Event-Id': randomUUID(),
    'X-Shopify-Triggered-At': new Date().toISOString(),
    'X-Shopify-Hmac-Sha256': signWebhook(raw, h.settings.shopify.apiSecret),
    ...headers,
  };
  const res = await fetch(`${gatewayUrl}/webhooks/shopify`, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null)),
    body: raw,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message?: string }, webhookId };
}

/** A refused delivery: 401 with a German message, and no inbox row (so nothing is ever signalled or handled). */
async function expectRefused(answer: Awaited<ReturnType<typeof deliver>>, message: RegExp) {
  expect(answer.status).toBe(401);
  expect(answer.body.message).toMatch(message);
  expect(await webhookInboxTable.list(h.db, { webhookId: answer.webhookId })).toHaveLength(0);
}

/** Shopify's id of shop B, as read at install; A was installed before the id was kept. */
const B_SHOPIFY_ID = '954889';

beforeAll(async () => {
  h = await startHarness();
  await h.install(A);
  await h.install(B, { shopify_shop_id: B_SHOPIFY_ID });
});
afterAll(async () => {
  await sandbox?.stop();
  await h?.stop();
});

describe('a body signed for another topic', () => {
  it('an orders/create body sent as shop/redact of another installed shop: 401, and that shop stays', async () => {
    await expectRefused(await deliver('shop/redact', B, order), /passt nicht zum Thema „shop\/redact“/);
    expect(await shopsTable.one(h.db, { id: B })).toMatchObject({ uninstalledAt: null });
  });

  it.each([
    ['a refund as orders/create', 'orders/create', refund],
    ['an order as refunds/create', 'refunds/create', order],
    ['a customer redaction of the same shop as shop/redact', 'shop/redact', customerRedact(B)],
    ['a shop redaction as app/uninstalled', 'app/uninstalled', shopRedact(B)],
    ['a customer redaction as customers/data_request', 'customers/data_request', customerRedact(B)],
    ['an order as app_subscriptions/update', 'app_subscriptions/update', order],
    ['an uninstall as orders/cancelled', 'orders/cancelled', uninstalled(B)],
  ])('%s: 401, nothing written', async (_name, topic, body) => {
    await expectRefused(await deliver(topic, B, body), /passt nicht zum Thema/);
    expect(await shopsTable.one(h.db, { id: B })).toMatchObject({ uninstalledAt: null });
  });

  it('a topic the app does not subscribe to: 401', async () => {
    await expectRefused(await deliver('products/create', B, order), /wird nicht angenommen/);
  });
});

describe('a body naming another shop than the header', () => {
  it.each([
    ['shop/redact', shopRedact(A)],
    ['customers/redact', customerRedact(A)],
    ['app/uninstalled', uninstalled(A)],
  ])('%s of shop A sent for shop B: 401, and B stays installed', async (topic, body) => {
    await expectRefused(await deliver(topic, B, body), /anderen Shop/);
    expect(await shopsTable.one(h.db, { id: B })).toMatchObject({ uninstalledAt: null });
  });
});

describe("a body naming another Shopify id than the shop's", () => {
  const other = { shop_id: 111 };
  it.each([
    ['shop/redact', { ...shopRedact(B), ...other }],
    ['customers/redact', { ...customerRedact(B), ...other }],
    ['app/uninstalled', { ...uninstalled(B), id: 111 }],
    [
      'app_subscriptions/update',
      {
        app_subscription: {
          admin_graphql_api_id: 'gid://shopify/AppSubscription/1029266952',
          status: 'CANCELLED',
          admin_graphql_api_shop_id: 'gid://shopify/Shop/111',
        },
      },
    ],
  ])('%s with the right domain but the id of another shop: 401, and B stays installed', async (topic, body) => {
    await expectRefused(await deliver(topic, B, body), /anderen Shop/);
    expect(await shopsTable.one(h.db, { id: B })).toMatchObject({ uninstalledAt: null });
  });

  it("the shop's own id is taken; a shop whose id we never read is checked by its domain alone", async () => {
    expect((await deliver('customers/redact', B, customerRedact(B))).status).toBe(200);
    expect((await deliver('customers/redact', A, { ...customerRedact(A), ...other })).status).toBe(200);
  });
});

describe('the time Shopify triggered the delivery', () => {
  it('older than 48 hours: 401, nothing written', async () => {
    const stale = new Date(Date.now() - 49 * HOUR).toISOString();
    await expectRefused(await deliver('orders/create', A, order, { 'X-Shopify-Triggered-At': stale }), /48 Stunden/);
  });

  it('missing or not a time: 401', async () => {
    for (const value of [null, 'gestern', '1700000000'])
      await expectRefused(
        await deliver('orders/create', A, order, { 'X-Shopify-Triggered-At': value }),
        /X-Shopify-Triggered-At/,
      );
  });

  it('within the window (a retry 47 hours on, with Shopify’s nanoseconds) is taken, and deduplicated by event id', async () => {
    const triggered = new Date(Date.now() - 47 * HOUR).toISOString().replace('Z', '123456Z');
    const eventId = randomUUID();
    const first = await deliver('refunds/create', A, refund, {
      'X-Shopify-Triggered-At': triggered,
      'X-Shopify-Event-Id': eventId,
    });
    expect(first.status).toBe(200);
    const again = await deliver('refunds/create', A, refund, {
      'X-Shopify-Triggered-At': triggered,
      'X-Shopify-Event-Id': eventId,
    });
    expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await webhookInboxTable.list(h.db, { webhookId: first.webhookId })).toHaveLength(1);
    expect(await webhookInboxTable.list(h.db, { webhookId: again.webhookId })).toHaveLength(0);
  });
});

describe('genuine deliveries', () => {
  it('every topic the sandbox sends, as Shopify sends it, is taken', async () => {
    const shop = 'echt-sandbox.myshopify.com';
    // A sandbox of its own that delivers the project's shopify.app.toml subscriptions to this gateway.
    sandbox = await startSandbox({
      ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
      log: false,
      smtp: false,
      appUrl: h.url,
      appSecret: h.settings.shopify.apiSecret,
      webhookRetryDelaysMs: [],
    });
    const control = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${sandbox.urls.control}/control${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBeLessThan(300);
      return (await res.json()) as T;
    };
    await control('/shops', { shop });
    const { access_token } = await control<{ access_token: string }>(`/shops/${shop}/access-token`, {
      scopes: ['read_orders', 'write_orders'],
    });
    // The id the install reads from Shopify, so the bodies are held to it as in production.
    const graphql = await fetch(`${sandbox.urls.shopifyAdmin.replace('{shop}', shop)}/admin/api/2025-10/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': access_token },
      body: JSON.stringify({ query: '{ shop { id } }' }),
    });
    const { data } = (await graphql.json()) as { data: { shop: { id: string } } };
    await h.install(shop, { shopify_shop_id: data.shop.id.split('/').at(-1)! });
    const created = await control<{ order: { id: number } }>(`/shops/${shop}/orders`, { paid: true });
    await control(`/shops/${shop}/orders/${created.order.id}/fulfil`, {});
    await control(`/shops/${shop}/orders/${created.order.id}/refund`, { mode: 'full' });
    for (const topic of ['customers/data_request', 'customers/redact', 'app/uninstalled', 'shop/redact'])
      await control(`/shops/${shop}/webhooks`, { topic });
    const deliveries = sandbox.state.shops[shop]!.deliveries;
    await expect.poll(() => deliveries.every((d) => d.status !== 'pending'), { timeout: 20_000 }).toBe(true);
    const topics = new Set(deliveries.map((d) => d.topic));
    for (const topic of ['orders/create', 'orders/paid', 'orders/fulfilled', 'refunds/create', 'shop/redact'])
      expect(topics, topic).toContain(topic);
    expect(deliveries.map((d) => [d.topic, d.attempts[0]?.status])).toEqual(deliveries.map((d) => [d.topic, 200]));
    // shop/redact was genuine too: the shop is gone.
    await expect.poll(async () => (await shopsTable.list(h.db, { id: shop })).length, { timeout: 10_000 }).toBe(0);
  });
});

describe('webhook bodies held at once', () => {
  /** A sender that promises a body and sends only its start, so the gateway holds it while it waits for the rest. */
  const halfSent = (url: string) => {
    const req = http.request(`${url}/webhooks/shopify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '100000' },
    });
    req.on('error', () => undefined); // destroyed by the test
    req.write('{"id": 1');
    return req;
  };

  it('past the bound: 503 with Retry-After, the body unread and nothing written; a freed place is taken again', async () => {
    const small = await startGateway(h.settings, 0, { ...readGatewayOptions({}), webhookMaxBodies: 2 });
    const senders = [halfSent(small.url), halfSent(small.url)];
    try {
      await expect.poll(() => small.gw.webhookBodies.held(), { timeout: 10_000 }).toBe(2);
      const busy = await deliver('orders/create', A, order, {}, small.url);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(busy.body.message).toMatch(/zu viele Webhooks/);
      expect(await webhookInboxTable.list(h.db, { webhookId: busy.webhookId })).toHaveLength(0);

      for (const sender of senders) sender.destroy();
      await expect.poll(() => small.gw.webhookBodies.held(), { timeout: 10_000 }).toBe(0);
      const taken = await deliver('orders/create', A, order, {}, small.url);
      expect(taken.status).toBe(200);
      expect(await webhookInboxTable.list(h.db, { webhookId: taken.webhookId })).toHaveLength(1);
    } finally {
      for (const sender of senders) sender.destroy(); // a held connection would keep the gateway from closing
      await small.close();
    }
  });
});
