import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import { readStaff } from '@belegfluss/shared/settings';
import { eventLogTable, shopsTable } from '@belegfluss/db/testing';
import { hasPermissions } from '../../middleware/permissions';
import { readGatewayOptions } from '../../config';
import { startHarness, type Harness } from '../../../test/harness';

let h: Harness;
const DESK = 'support-desk.myshopify.com';
const OPS = 'betrieb.myshopify.com';
const MERCHANT = 'merchant.myshopify.com';
const DASHBOARD = 'dashboard-shop.myshopify.com';
const SUPPORT = { shop: DESK, userId: '501' };
const OPERATOR = { shop: OPS, userId: '601' };
const RUN = '0b6f8f4e-1c1e-4a53-9d8e-3f1b2c3d4e5f';

beforeAll(async () => {
  h = await startHarness({
    options: {
      staff: readStaff({
        SUPPORT_STAFF: `${DESK}:501=Susi Support`,
        OPERATOR_STAFF: `${OPS}:601=Otto Betrieb`,
      }),
    },
  });
  await h.install(DESK);
  await h.install(OPS);
  await h.install(MERCHANT, { permissions: ['view_orders'] });
  await h.install(DASHBOARD, { permissions: ['view_dashboard'] });
});
afterAll(async () => h?.stop());

describe('/api/admin belongs to listed people', () => {
  it('lists shops for support staff and flags the person in GET /api/shop', async () => {
    const res = await h.call(SUPPORT, 'GET', '/api/admin/shops');
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: { shop: string }) => s.shop).sort()).toEqual([DASHBOARD, DESK, MERCHANT, OPS].sort());
    expect(res.body.items[0]).toMatchObject({
      plan: { id: 'free', name: 'Free' },
      isConnected: false,
      createdAt: expect.any(String),
    });
    expect((await h.call(SUPPORT, 'GET', '/api/shop')).body).toMatchObject({
      isAdmin: true,
      staff: { role: 'support', userId: '501', shop: DESK, name: 'Susi Support' },
      isShopify: false,
      isDev: false,
    });
  });

  it('refuses another staff account of the same shop, in German', async () => {
    const res = await h.call({ shop: DESK, userId: '502' }, 'GET', '/api/admin/shops');
    expect(res).toMatchObject({ status: 403, body: { error: 'NOT_STAFF', message: STAFF_MESSAGES.notListed } });
    expect((await h.call({ shop: DESK, userId: '502' }, 'GET', '/api/shop')).body).toMatchObject({
      isAdmin: false,
      staff: null,
    });
  });

  it('gives a shop with view_dashboard no admin rights', async () => {
    const res = await h.call(DASHBOARD, 'GET', '/api/admin/shops');
    expect(res).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.notListed } });
    expect((await h.call(DASHBOARD, 'GET', '/api/shop')).body.isAdmin).toBe(false);
    expect((await h.call(MERCHANT, 'GET', '/api/admin/shops')).status).toBe(403);
  });

  it('lets a shop raise neither its allowance nor its partner flag through the admin area', async () => {
    const res = await h.call(DASHBOARD, 'PATCH', `/api/admin/shops/${DASHBOARD}/settings`, {
      partner: true,
      allowance: 1,
    });
    expect(res.status).toBe(403);
    expect((await shopsTable.one(h.db, { id: DASHBOARD })).partner).toBe(false);
  });

  it('keeps allowance, partner flag, permissions and SEPA confirmation from support', async () => {
    for (const change of [{ allowance: 1 }, { partner: true }, { permissions: ['view_dashboard'] }]) {
      const res = await h.call(SUPPORT, 'PATCH', `/api/admin/shops/${MERCHANT}/settings`, change);
      expect(res).toMatchObject({
        status: 403,
        body: { error: 'OPERATOR_ONLY', message: STAFF_MESSAGES.operatorOnly },
      });
    }
    expect(await shopsTable.one(h.db, { id: MERCHANT })).toMatchObject({
      partner: false,
      permissions: ['view_orders'],
    });
    expect(await eventLogTable.list(h.db, { shopId: MERCHANT, event: 'admin.action' })).toEqual([]);
    const confirm = await h.call(SUPPORT, 'POST', `/api/admin/payout-runs/${RUN}/confirm`, { executed: true });
    expect(confirm).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.operatorOnly } });
    // Seeing the runs stays support's.
    expect((await h.call(SUPPORT, 'GET', '/api/admin/payout-runs')).status).toBe(200);
  });

  it("lets the operator change another shop's settings and names them in its log", async () => {
    const res = await h.call(OPERATOR, 'PATCH', `/api/admin/shops/${MERCHANT}/settings`, {
      partner: true,
      allowance: 0.4,
    });
    expect(res).toMatchObject({ status: 200, body: { partner: true, allowance: 0.4 } });
    const audit = await eventLogTable.one(h.db, { shopId: MERCHANT, event: 'admin.action' });
    expect(audit.body).toMatchObject({
      action: 'settings',
      admin: OPS,
      adminUser: '601',
      adminName: 'Otto Betrieb',
      adminRole: 'operator',
    });
    const log = await h.call(OPERATOR, 'GET', `/api/admin/shops/${MERCHANT}/logs`);
    expect(log.body.items[0].body).toMatchObject({ adminUser: '601', adminName: 'Otto Betrieb' });
    // Past the operator guard: an unknown run is a 404, not a 403.
    expect((await h.call(OPERATOR, 'POST', `/api/admin/payout-runs/${RUN}/confirm`, { executed: true })).status).toBe(
      404,
    );
  });

  it("refuses the operator their own shop's rights and money", async () => {
    for (const change of [{ allowance: 1 }, { partner: true }, { permissions: ['view_dashboard'] }]) {
      const res = await h.call(OPERATOR, 'PATCH', `/api/admin/shops/${OPS}/settings`, change);
      expect(res).toMatchObject({ status: 403, body: { error: 'OWN_SHOP', message: STAFF_MESSAGES.ownShop } });
    }
    expect((await shopsTable.one(h.db, { id: OPS })).partner).toBe(false);
    expect(await eventLogTable.list(h.db, { shopId: OPS, event: 'admin.action' })).toEqual([]);
  });
});

describe('the staff configuration', () => {
  it('refuses ADMIN_SHOPS at start instead of granting a whole shop', () => {
    expect(() => readGatewayOptions({ ADMIN_SHOPS: 'alt.myshopify.com' })).toThrow(/ADMIN_SHOPS gilt nicht mehr/);
    expect(readGatewayOptions({ ADMIN_SHOPS: '' }).staff).toEqual([]);
  });

  it('reads shop:user entries with an optional name, and names a broken entry', () => {
    expect(readStaff({ SUPPORT_STAFF: ' A.myshopify.com:7 , b.myshopify.com:8=Erika Muster ' })).toEqual([
      { role: 'support', shop: 'a.myshopify.com', userId: '7', name: null },
      { role: 'support', shop: 'b.myshopify.com', userId: '8', name: 'Erika Muster' },
    ]);
    expect(() => readStaff({ OPERATOR_STAFF: '7' })).toThrow(/OPERATOR_STAFF: „7“ ist kein Eintrag/);
    expect(() => readStaff({ SUPPORT_STAFF: 'a.myshopify.com:erika' })).toThrow(/SUPPORT_STAFF/);
  });

  it('joins name and sub name and needs every entry', () => {
    expect(hasPermissions(['view_dashboard'], ['view', 'dashboard'])).toBe(true);
    expect(hasPermissions(['view_dashboard'], ['view', 'dashboard'], ['edit', 'shops'])).toBe(false);
    expect(hasPermissions(['view'], ['view', 'dashboard'])).toBe(false);
  });
});
