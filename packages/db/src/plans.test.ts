import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';
import { activateSubscription, endSubscription, findSubscription, saveShopInstall, type Db } from './index';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());

const shop = 'upgrade.myshopify.com';
const subscription = (gid: string, planId: string, status: string, createdAt: string) =>
  db('plan_subscriptions').insert({
    shop_id: shop,
    plan_id: planId,
    price: 18.99,
    subscription_gid: gid,
    status,
    created_at: createdAt,
  });

describe('Shopify billing reports in any order', () => {
  it('an upgrade whose old subscription is reported cancelled first never drops the shop to free', async () => {
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
    await db('shops').where({ id: shop }).update({ plan_id: 'standard', transfers_quota: 300 });
    await subscription('gid://shopify/AppSubscription/1', 'standard', 'active', '2026-11-01T10:00:00Z');
    await subscription('gid://shopify/AppSubscription/2', 'premium', 'pending', '2026-11-20T10:00:00Z');

    // Shopify cancelled #1 because the merchant approved #2; that report came first.
    expect(await endSubscription(db, shop, 'gid://shopify/AppSubscription/1')).toBe(false);
    expect(await db('shops').where({ id: shop }).first()).toMatchObject({ plan_id: 'standard', transfers_quota: 300 });

    await activateSubscription(db, (await findSubscription(db, shop, 'gid://shopify/AppSubscription/2'))!, 1);
    expect(await db('shops').where({ id: shop }).first()).toMatchObject({ plan_id: 'premium', transfers_quota: 1000 });
    expect(await db('plan_subscriptions').where({ shop_id: shop }).orderBy('created_at').pluck('status')).toEqual([
      'cancelled',
      'active',
    ]);
  });

  it('the only subscription ending puts the shop back on free', async () => {
    expect(await endSubscription(db, shop, 'gid://shopify/AppSubscription/2')).toBe(true);
    expect(await db('shops').where({ id: shop }).first()).toMatchObject({ plan_id: 'free', transfers_quota: 10 });
  });
});
