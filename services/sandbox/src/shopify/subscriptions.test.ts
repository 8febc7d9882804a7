import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAppConfig } from '@belegfluss/shopify';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, post, startTestSandbox } from '../test-support.js';

/**
 * Shopify delivers only what is subscribed: the app configuration's app-specific subscriptions to
 * shops the app is installed on, and each shop's own GraphQL subscriptions. Here the app's toml
 * declares app/uninstalled and the compliance topics only, so order topics need a shop subscription.
 */
const TOML = `
client_id = "k"
application_url = "https://app.example.com"
embedded = true
[webhooks]
api_version = "2025-07"
[[webhooks.subscriptions]]
topics = ["app/uninstalled"]
uri = "/webhooks/shopify"
[[webhooks.subscriptions]]
compliance_topics = ["customers/data_request", "customers/redact", "shop/redact"]
uri = "/webhooks/shopify"
`;
const SHOP = 'abo-laden.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let token: string;

type Gql<T> = { data?: T; errors?: Array<{ message: string }> };
async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<Gql<T>> {
  const res = await post(
    `${sb.urls.shopifyAdmin.replace('{shop}', SHOP)}/admin/api/2025-10/graphql.json`,
    { query, variables },
    { 'X-Shopify-Access-Token': token },
  );
  return json<Gql<T>>(res);
}
const order = () =>
  post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'de_b2c', paid: true }).then((r) =>
    json<{ deliveries: Array<{ topic: string }> }>(r),
  );
const received = (from: number) =>
  app.received.slice(from).map((r) => `${r.path} ${r.headers['x-shopify-topic'] as string}`);

const CREATE = `mutation ($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic format uri apiVersion { handle } } userErrors { field message } }
}`;

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url, appConfig: parseAppConfig(TOML) });
  await post(`${sb.urls.control}/control/shops`, { shop: SHOP });
  token = (
    await json<{ access_token: string }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, { scopes: ['read_orders'] }),
    )
  ).access_token;
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('webhook subscriptions decide what is delivered', () => {
  it('does not deliver a topic nobody subscribed to', async () => {
    const before = app.received.length;
    const { deliveries } = await order();
    await sb.settled();
    expect(deliveries).toEqual([]);
    expect(received(before)).toEqual([]);
  });

  it('types format as the WebhookSubscriptionFormat enum: JSON is taken, the string "JSON" is refused', async () => {
    const refused = await gql(
      `mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: {callbackUrl: "${app.url}/hooks", format: "JSON"}) { userErrors { message } } }`,
    );
    expect(refused.errors?.[0]?.message).toContain('WebhookSubscriptionFormat');
    const created = await gql<{
      webhookSubscriptionCreate: {
        webhookSubscription: { id: string; format: string; uri: string; apiVersion: { handle: string } };
      };
    }>(
      `mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: {callbackUrl: "${app.url}/hooks", format: JSON}) { webhookSubscription { id format uri apiVersion { handle } } userErrors { message } } }`,
    );
    expect(created.data!.webhookSubscriptionCreate.webhookSubscription).toMatchObject({
      format: 'JSON',
      uri: `${app.url}/hooks`,
      apiVersion: { handle: '2025-10' },
    });
    const again = await gql<{ webhookSubscriptionCreate: { userErrors: Array<{ message: string }> } }>(CREATE, {
      topic: 'ORDERS_CREATE',
      sub: { callbackUrl: `${app.url}/hooks`, format: 'JSON' },
    });
    expect(again.data!.webhookSubscriptionCreate.userErrors[0]!.message).toBe(
      'Address for this topic has already been taken',
    );
  });

  it('refuses compliance topics (toml only) and order topics without read_orders', async () => {
    const compliance = await gql(CREATE, { topic: 'SHOP_REDACT', sub: { callbackUrl: `${app.url}/hooks` } });
    expect(compliance.errors?.[0]?.message).toContain('WebhookSubscriptionTopic');
    const limited = (
      await json<{ access_token: string }>(
        await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, { scopes: ['read_products'] }),
      )
    ).access_token;
    const res = await post(
      `${sb.urls.shopifyAdmin.replace('{shop}', SHOP)}/admin/api/2025-10/graphql.json`,
      { query: CREATE, variables: { topic: 'ORDERS_PAID', sub: { callbackUrl: `${app.url}/hooks` } } },
      { 'X-Shopify-Access-Token': limited },
    );
    const body =
      await json<
        Gql<{ webhookSubscriptionCreate: { webhookSubscription: null; userErrors: Array<{ message: string }> } }>
      >(res);
    expect(body.data!.webhookSubscriptionCreate.webhookSubscription).toBeNull();
    expect(body.data!.webhookSubscriptionCreate.userErrors[0]!.message).toContain('read_orders');
  });

  it('delivers a shop subscription with the API version it was made with; deleting it stops the deliveries', async () => {
    const before = app.received.length;
    await order();
    await sb.settled();
    expect(received(before)).toEqual(['/hooks orders/create']);
    expect(app.received.at(-1)!.headers['x-shopify-api-version']).toBe('2025-10');

    // Connections need first or last, at most 250, as in Shopify.
    expect((await gql('{ webhookSubscriptions { nodes { id } } }')).errors?.[0]?.message).toBe(
      'you must provide one of first or last',
    );
    expect((await gql('{ webhookSubscriptions(first: 251) { nodes { id } } }')).errors?.[0]?.message).toBe(
      'The first and last arguments cannot exceed 250.',
    );
    const list = await gql<{ webhookSubscriptions: { nodes: Array<{ id: string; topic: string }> } }>(
      '{ webhookSubscriptions(first: 10) { nodes { id topic } } }',
    );
    expect(list.data!.webhookSubscriptions.nodes.map((n) => n.topic)).toEqual(['ORDERS_CREATE']); // the toml's app-specific ones are not listed
    await gql(
      `mutation { webhookSubscriptionDelete(id: "${list.data!.webhookSubscriptions.nodes[0]!.id}") { deletedWebhookSubscriptionId } }`,
    );
    const after = app.received.length;
    await order();
    await sb.settled();
    expect(received(after)).toEqual([]);
  });

  it('sends app/uninstalled and the compliance topics from the toml, with its retired api_version served as the oldest supported one, also after uninstall; uninstall drops the shop subscriptions', async () => {
    await gql(CREATE, { topic: 'ORDERS_PAID', sub: { uri: `${app.url}/hooks` } });
    const before = app.received.length;
    await post(`${sb.urls.control}/control/shops/${SHOP}/webhooks`, { topic: 'app/uninstalled' });
    await post(`${sb.urls.control}/control/shops/${SHOP}/webhooks`, { topic: 'shop/redact' });
    await sb.settled();
    expect(received(before)).toEqual(['/webhooks/shopify app/uninstalled', '/webhooks/shopify shop/redact']);
    expect(app.received.at(-1)!.headers['x-shopify-api-version']).toBe('2025-10');
    expect(sb.state.shops[SHOP]!.webhookSubscriptions).toEqual([]);
  });
});

describe('the project shopify.app.toml', () => {
  it('is what the sandbox reads by default: order topics reach installed shops only', async () => {
    const own = await fakeApp();
    const sandbox = await startTestSandbox({ appUrl: own.url });
    try {
      await post(`${sandbox.urls.control}/control/shops`, { shop: 'neu' });
      await post(`${sandbox.urls.control}/control/shops/neu/orders`, { scenario: 'de_b2c' });
      await sandbox.settled();
      expect(own.received).toEqual([]);
      await post(`${sandbox.urls.control}/control/shops/neu/access-token`, {});
      await post(`${sandbox.urls.control}/control/shops/neu/orders`, { scenario: 'de_b2c' });
      await sandbox.settled();
      expect(own.received.map((r) => `${r.path} ${r.headers['x-shopify-topic'] as string}`)).toEqual([
        '/webhooks/shopify orders/create',
      ]);
    } finally {
      await sandbox.stop();
      await own.close();
    }
  });
});
