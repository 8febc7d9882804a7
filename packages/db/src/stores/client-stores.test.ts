import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, shopsTable } from '../testing';
import { createSecretBox, markUninstalled, saveConnection, saveShopInstall, type Db } from '../index';
import { lexwareStore } from './lexware-store';
import { shopifyStore } from './shopify-store';

// The stores the API clients are handed: what they keep is sealed at rest and opened for the client only.
const box = createSecretBox(Buffer.alloc(32, 7).toString('base64'));
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

describe('lexwareStore', () => {
  it('opens the sealed tokens, and stores renewed ones sealed under the hold', async () => {
    const shopId = 'tokens.myshopify.com';
    await saveShopInstall(db, { shopId, tokenEnc: 'x', scopes: [] });
    await saveConnection(db, {
      shopId,
      accessTokenEnc: box.seal('access-1'),
      refreshTokenEnc: box.seal('refresh-1'),
      expiresAt: new Date('2026-01-01T00:00:00Z'),
      scope: 'profile.read',
    });
    const store = lexwareStore(db, box);
    expect(await store.tokens(shopId)).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: new Date('2026-01-01T00:00:00Z'),
    });
    const renewed = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: new Date('2026-02-01T00:00:00Z') };
    const seen = await store.refreshing(shopId, async (current, save) => {
      await save(renewed);
      return current?.refreshToken;
    });
    expect(seen).toBe('refresh-1');
    expect(await store.tokens(shopId)).toEqual(renewed);
    const row = (await db('lexware_connections').where({ shop_id: shopId }).first()) as { access_token_enc: string };
    expect(row.access_token_enc).not.toContain('access-2');
    expect(await store.tokens('ohne.myshopify.com')).toBeNull();
  });
});

describe('shopifyStore', () => {
  it('hands out the opened token of an installed shop, and none for a lost, foreign-sealed or uninstalled one', async () => {
    const store = shopifyStore(db, box);
    await saveShopInstall(db, { shopId: 'da.myshopify.com', tokenEnc: box.seal('shpat_da'), scopes: ['read_orders'] });
    expect(await store.shopifyInstall('da.myshopify.com')).toEqual({
      accessToken: 'shpat_da',
      scopes: ['read_orders'],
      uninstalled: false,
    });

    await saveShopInstall(db, { shopId: 'fremd.myshopify.com', tokenEnc: 'sealed-elsewhere', scopes: [] });
    expect((await store.shopifyInstall('fremd.myshopify.com'))?.accessToken).toBeNull();

    await saveShopInstall(db, { shopId: 'verloren.myshopify.com', tokenEnc: box.seal('shpat_v'), scopes: [] });
    await shopsTable.update(db, { id: 'verloren.myshopify.com' }, { missingAccessToken: true });
    expect((await store.shopifyInstall('verloren.myshopify.com'))?.accessToken).toBeNull();

    await markUninstalled(db, 'da.myshopify.com');
    expect((await store.shopifyInstall('da.myshopify.com'))?.uninstalled).toBe(true);
    expect(await store.shopifyInstall('nie.myshopify.com')).toBeNull();
  });
});
