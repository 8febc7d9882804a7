import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermissions } from '../../middleware/permissions';
import { startHarness, type Harness } from '../../../test/harness';

let h: Harness;
const STAFF = 'staff.myshopify.com';
const CONFIGURED = 'configured-admin.myshopify.com';
const MERCHANT = 'merchant.myshopify.com';

beforeAll(async () => {
  h = await startHarness({ options: { adminShops: [CONFIGURED] } });
  await h.install(STAFF, { permissions: ['view_dashboard'] });
  await h.install(CONFIGURED);
  await h.install(MERCHANT, { permissions: ['view_orders'] });
});
afterAll(async () => h?.stop());

describe('/api/admin', () => {
  it('lists shops for a shop with view_dashboard', async () => {
    const res = await h.call(STAFF, 'GET', '/api/admin/shops');
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: { shop: string }) => s.shop).sort()).toEqual([CONFIGURED, MERCHANT, STAFF].sort());
    expect(res.body.items[0]).toMatchObject({
      plan: { id: 'free', name: 'Free' },
      isConnected: false,
      createdAt: expect.any(String),
    });
  });

  it('lets a shop from ADMIN_SHOPS in, and flags it isAdmin in GET /api/shop', async () => {
    expect(
      (await h.call(CONFIGURED, 'GET', '/api/admin/shops?search=merchant')).body.items.map(
        (s: { shop: string }) => s.shop,
      ),
    ).toEqual([MERCHANT]);
    expect((await h.call(CONFIGURED, 'GET', '/api/shop')).body).toMatchObject({
      isAdmin: true,
      isShopify: false,
      isDev: false,
    });
  });

  it('answers 403 with a German message without the permission', async () => {
    const res = await h.call(MERCHANT, 'GET', '/api/admin/shops');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'FORBIDDEN', message: 'Fehlende Berechtigung' });
  });

  it('joins name and sub name and needs every entry (spec 1 §6)', () => {
    expect(hasPermissions(['view_dashboard'], ['view', 'dashboard'])).toBe(true);
    expect(hasPermissions(['view_dashboard'], ['view', 'dashboard'], ['edit', 'shops'])).toBe(false);
    expect(hasPermissions(['view'], ['view', 'dashboard'])).toBe(false);
  });
});
