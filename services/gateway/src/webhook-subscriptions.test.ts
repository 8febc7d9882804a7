import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall } from '@belegfluss/db';
import { APP_CONFIG_WITHOUT_ORDER_TOPICS } from '@belegfluss/shopify/testing';
import { startHarness, type Harness } from '../test/harness';
import { ORDER_TOPICS, RETURN_TOPICS } from './topics';
import { registerShopWebhooks, reregisterStaleShops, shopSpecificTopics } from './webhook-subscriptions';
import { shopsTable } from '@belegfluss/db/testing';

/** A deployed toml that leaves the order and return topics out: the gateway must subscribe each shop to them itself. */
const config = APP_CONFIG_WITHOUT_ORDER_TOPICS;
const TOPICS = [...ORDER_TOPICS, ...RETURN_TOPICS];
const SHOP = 'registrar.myshopify.com';
let h: Harness;
let accessToken: string;

const subscriptions = () =>
  h.sandbox!.state.shops[SHOP]!.webhookSubscriptions.map((s) => `${s.topic} ${s.callbackUrl}`).sort();

beforeAll(async () => {
  h = await startHarness({ sandbox: true, options: { appConfig: config } });
  await fetch(`${h.sandbox!.urls.control}/control/shops`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shop: SHOP }),
  });
  const res = await fetch(`${h.sandbox!.urls.control}/control/shops/${SHOP}/access-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['read_orders', 'read_returns'] }),
  });
  accessToken = ((await res.json()) as { access_token: string }).access_token;
  await saveShopInstall(h.db, {
    shopId: SHOP,
    tokenEnc: h.gateway.gw.box.seal(accessToken),
    scopes: ['read_orders', 'read_returns'],
  });
});
afterAll(() => h.stop());

describe('per-shop webhook subscriptions', () => {
  it('takes the handled topics the toml does not declare, all of them without a toml', () => {
    expect(shopSpecificTopics(config)).toEqual(TOPICS);
    expect(shopSpecificTopics(undefined)).toContain('app/uninstalled');
  });

  it('registers them for APP_URL once, and notes the URL', async () => {
    const gw = h.gateway.gw;
    await registerShopWebhooks(gw, SHOP, accessToken);
    await registerShopWebhooks(gw, SHOP, accessToken); // again: nothing doubles
    const url = `${h.settings.appUrl}/webhooks/shopify`;
    expect(subscriptions()).toEqual(TOPICS.map((t) => `${t.toUpperCase().replace('/', '_')} ${url}`).sort());
    expect((await shopsTable.one(h.db, { id: SHOP })).webhookCallbackUrl).toBe(url);
  });

  it('moves them when APP_URL changes, leaving subscriptions that are not the app’s alone', async () => {
    const gw = h.gateway.gw;
    h.sandbox!.state.shops[SHOP]!.webhookSubscriptions.push({
      id: 'gid://shopify/WebhookSubscription/foreign',
      topic: 'ORDERS_CREATE',
      callbackUrl: 'https://elsewhere.example/hook',
      format: 'JSON',
      createdAt: new Date().toISOString(),
    });
    const moved = { ...gw, settings: { ...gw.settings, appUrl: 'https://neu.example.com' } };
    expect(await reregisterStaleShops(moved)).toBe(1);
    expect(subscriptions()).toEqual(
      [
        ...TOPICS.map((t) => `${t.toUpperCase().replace('/', '_')} https://neu.example.com/webhooks/shopify`),
        'ORDERS_CREATE https://elsewhere.example/hook',
      ].sort(),
    );
    expect(await reregisterStaleShops(moved)).toBe(0); // up to date now
  });
});
