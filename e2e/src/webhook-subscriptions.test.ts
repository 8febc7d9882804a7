import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { createAdminClient } from '@belegfluss/shopify';
import { APP_CONFIG_WITHOUT_ORDER_TOPICS } from '@belegfluss/shopify/testing';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { webhookInboxTable } from '@belegfluss/db/testing';

/**
 * Shopify sends only what is subscribed. With a deployed toml that leaves the order topics out,
 * the install registers them for the shop; deleting them silences the shop, subscribing again
 * brings the orders back. (The project's own toml declares every topic: see topics.test.ts.)
 */
const config = APP_CONFIG_WITHOUT_ORDER_TOPICS;
const SHOP = 'abo-test.myshopify.com';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ worker: false, appConfig: config });
});
afterAll(() => stack?.stop());

interface Subscriptions {
  webhookSubscriptions: { nodes: Array<{ id: string; topic: string }> };
}

describe('webhook subscriptions, end to end', () => {
  const m = () => merchant(stack, SHOP);
  const inbox = (orderId: number) => webhookInboxTable.list(stack.db, { shopId: SHOP, resourceId: String(orderId) });
  const admin = async () => {
    const { accessTokens } = await m().json<{ accessTokens: string[] }>(
      `${stack.sandbox.urls.control}/control/shops/${SHOP}`,
    );
    return createAdminClient({
      adminUrl: stack.sandbox.urls.shopifyAdmin,
      apiVersion: SHOPIFY_API_VERSION,
      shop: SHOP,
      accessToken: accessTokens.at(-1)!,
    });
  };

  it('install subscribes the shop to the order topics; deleted, no order webhook comes; subscribed again, they do', async () => {
    await m().createShop();
    await m().install();
    const graphql = await admin();
    const list = () => graphql<Subscriptions>('{ webhookSubscriptions(first: 50) { nodes { id topic } } }');
    expect((await list()).webhookSubscriptions.nodes.map((n) => n.topic).sort()).toEqual([
      'ORDERS_CANCELLED',
      'ORDERS_CREATE',
      'ORDERS_EDITED',
      'ORDERS_FULFILLED',
      'ORDERS_PAID',
      'ORDERS_PARTIALLY_FULFILLED',
      'ORDERS_UPDATED',
      'REFUNDS_CREATE',
      'RETURNS_APPROVE',
      'RETURNS_CANCEL',
      'RETURNS_CLOSE',
      'RETURNS_DECLINE',
      'RETURNS_PROCESS',
      'RETURNS_REOPEN',
      'RETURNS_REQUEST',
    ]);

    const first = (await m().createOrder({ scenario: 'de_b2c' })).order;
    await eventually(async () => (await inbox(first.id)).length > 0);

    for (const { id } of (await list()).webhookSubscriptions.nodes) {
      await graphql(
        'mutation ($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }',
        { id },
      );
    }
    const silent = await m().json<{ order: { id: number }; deliveries: unknown[] }>(
      `${stack.sandbox.urls.control}/control/shops/${SHOP}/orders`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ scenario: 'de_b2c', paid: true }),
      },
    );
    expect(silent.deliveries).toEqual([]);
    await stack.sandbox.settled();
    expect(await inbox(silent.order.id)).toHaveLength(0);

    for (const topic of ['ORDERS_CREATE', 'ORDERS_PAID']) {
      await graphql(
        'mutation ($topic: WebhookSubscriptionTopic!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: "' +
          stack.gatewayUrl +
          '/webhooks/shopify", format: JSON }) { userErrors { message } } }',
        { topic },
      );
    }
    const back = (await m().createOrder({ scenario: 'de_b2c', paid: true })).order;
    const rows = await eventually(async () => {
      const r = await inbox(back.id);
      return r.length === 2 ? r : undefined;
    });
    expect(rows.map((r: { topic: string }) => r.topic).sort()).toEqual(['orders/create', 'orders/paid']);
  });
});
