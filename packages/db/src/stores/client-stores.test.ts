import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, shopsTable } from '../testing';
import {
  createSecretBox,
  deleteConnection,
  joinGrant,
  markUninstalled,
  saveConnection,
  saveProfile,
  saveShopInstall,
  shopsSharingGrant,
  type Db,
} from '../index';
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
      organizationId: null,
    });
    const renewed = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: new Date('2026-02-01T00:00:00Z') };
    const seen = await store.refreshing(shopId, async (current, save) => {
      await save(renewed);
      return current?.refreshToken;
    });
    expect(seen).toBe('refresh-1');
    expect(await store.tokens(shopId)).toEqual({ ...renewed, organizationId: null });
    const row = (await db('lexware_grants')
      .join('lexware_connections', 'lexware_connections.grant_id', 'lexware_grants.id')
      .where({ shop_id: shopId })
      .first('lexware_grants.access_token_enc')) as { access_token_enc: string };
    expect(row.access_token_enc).not.toContain('access-2');
    expect(await store.tokens('ohne.myshopify.com')).toBeNull();
  });

  it("gives two shops on one grant one set of tokens: either refreshes for both, and the grant outlives one shop's exit", async () => {
    const [de, at] = ['laden-de.myshopify.com', 'laden-at.myshopify.com'];
    for (const shopId of [de, at]) await saveShopInstall(db, { shopId, tokenEnc: 'x', scopes: [] });
    await saveConnection(db, {
      shopId: de,
      accessTokenEnc: box.seal('access-1'),
      refreshTokenEnc: box.seal('refresh-1'),
      expiresAt: new Date('2026-01-01T00:00:00Z'),
      scope: 'profile.read',
    });
    await saveProfile(db, de, { organizationId: 'org-1', connectionId: 'conn-1', companyName: 'Laden GmbH' });
    expect(await joinGrant(db, at, de)).toBe('joined');
    expect(await joinGrant(db, at, de)).toBe('connected');
    expect(await shopsSharingGrant(db, de)).toEqual([at]);
    const store = lexwareStore(db, box);
    expect(await store.tokens(at)).toMatchObject({ refreshToken: 'refresh-1', organizationId: 'org-1' });

    // Both shops refresh at once: the second waits for the first and finds the tokens renewed.
    const spent: string[] = [];
    const refresh = (shopId: string) =>
      store.refreshing(shopId, async (current, save) => {
        if (current!.refreshToken !== 'refresh-1') return current!.refreshToken;
        spent.push(current!.refreshToken);
        await new Promise((r) => setTimeout(r, 50));
        await save({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: new Date('2026-02-01T00:00:00Z') });
        return 'refresh-2';
      });
    expect(await Promise.all([refresh(de), refresh(at)])).toEqual(['refresh-2', 'refresh-2']);
    expect(spent).toEqual(['refresh-1']);
    expect(await store.tokens(de)).toMatchObject({ refreshToken: 'refresh-2' });

    // The German store leaves: the Austrian one keeps the grant, nothing to revoke yet.
    expect(await deleteConnection(db, de)).toBeUndefined();
    expect(await store.tokens(de)).toBeNull();
    expect(await store.tokens(at)).toMatchObject({ accessToken: 'access-2', organizationId: 'org-1' });
    // The last one out hands back the refresh token to revoke.
    const released = await deleteConnection(db, at);
    expect(box.open(released!.refreshTokenEnc)).toBe('refresh-2');
    expect(await db('lexware_grants').where({ organization_id: 'org-1' })).toEqual([]);
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
