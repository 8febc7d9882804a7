import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import {
  loadShopContext,
  markUninstalled,
  saveConnection,
  savePreferenceSections,
  saveProfile,
  saveShopInstall,
  ShopNotInstalledError,
  type Db,
} from '../index';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

describe('the shop context, read in one statement', () => {
  it('a shop without a row is not installed', async () => {
    await expect(loadShopContext(db, 'fehlt.myshopify.com')).rejects.toBeInstanceOf(ShopNotInstalledError);
  });

  it('a shop that removed the app still has its context, but not for an order round, which asks installedOnly', async () => {
    const shop = 'weg.myshopify.com';
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
    expect((await loadShopContext(db, shop, { installedOnly: true })).plan?.id).toBe('free');
    await markUninstalled(db, shop);
    expect((await loadShopContext(db, shop)).plan?.id).toBe('free');
    await expect(loadShopContext(db, shop, { installedOnly: true })).rejects.toBeInstanceOf(ShopNotInstalledError);
  });

  it('a shop without a Lexware connection or stored preferences gets the defaults and no profile', async () => {
    const shop = 'neu.myshopify.com';
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
    const ctx = await loadShopContext(db, shop);
    expect(ctx.invoice.connected).toBe(false);
    expect(ctx.profile).toBeNull();
    expect(ctx.prefs.language).toBe('de');
    expect(ctx.plan?.id).toBe('free');
    expect(ctx.invoice.installedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ctx.transactionsOff).not.toBeNull();
  });

  it('carries the connection, its profile with the VAT choice, and every stored section', async () => {
    const shop = 'voll.myshopify.com';
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
    await saveConnection(db, {
      shopId: shop,
      accessTokenEnc: 'a',
      refreshTokenEnc: 'r',
      expiresAt: new Date(Date.now() + 3_600_000),
      scope: 'invoices.write',
    });
    await saveProfile(db, shop, { smallBusiness: true, distanceSalesPrinciple: 'DESTINATION' });
    await savePreferenceSections(db, shop, {
      general: { vatRegime: 'smallBusiness', language: 'en' },
      orderHandling: { skipPos: true },
    });
    const ctx = await loadShopContext(db, shop);
    expect(ctx.invoice.connected).toBe(true);
    expect(ctx.invoice.skipPos).toBe(true);
    expect(ctx.prefs.language).toBe('en');
    expect(ctx.profile).toEqual({
      smallBusiness: true,
      distanceSalesPrinciple: 'DESTINATION',
      businessFeatures: [],
      vatRegime: 'smallBusiness',
    });
  });
});
