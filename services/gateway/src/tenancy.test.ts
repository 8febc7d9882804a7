import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '@belegfluss/db';
import { buildApiRouter } from './app';
import { readStaff } from '@belegfluss/shared/settings';
import { seedDocument, seedOrder, startHarness, type Harness } from '../test/harness';
import { couponsTable, lexwareConnectionsTable, partnersTable, shopPreferencesTable } from '@belegfluss/db/testing';

/**
 * Shop B, with a valid token of its own, calls every /api route the gateway serves,
 * aimed at shop A's ids, and with A named in the query and headers. It must never see
 * A's data, and A's rows must be exactly as before.
 */
let h: Harness;
const A = 'tenant-a.myshopify.com';
const B = 'tenant-b.myshopify.com';
const SECRETS = ['SECRET-A', 'secret-a@example.com', A];
const A_TABLES = [
  'shops',
  'shop_preferences',
  'orders',
  'documents',
  'event_log',
  'lexware_connections',
  'partners',
  'coupons',
  'transfer_ledger',
];

beforeAll(async () => {
  // A's default staff user (sub 1) is an operator, so admin routes run; B's is not listed.
  h = await startHarness({ options: { staff: readStaff({ OPERATOR_STAFF: `${A}:1` }) } });
  await h.install(A, { partner: true, name: 'SECRET-A Shop' });
  await h.install(B, { partner: true }); // a partner, so partner routes run; not an admin
  await seedOrder(h.db, A, {
    id: 6001,
    name: '#SECRET-A-1',
    email: 'secret-a@example.com',
    customer: 'SECRET-A Kunde',
  });
  await seedDocument(h.db, A, { orderId: 6001, number: 'SECRET-A-RE1', status: 'open', orderName: '#SECRET-A-1' });
  await writeLog(h.db, {
    shopId: A,
    origin: 'invoice',
    event: 'invoice.created',
    status: 'success',
    orderId: '6001',
    orderName: '#SECRET-A-1',
    body: { number: 'SECRET-A-RE1' },
  });
  await shopPreferencesTable.insert(h.db, {
    shopId: A,
    section: 'invoices',
    value: JSON.stringify({ invoiceLayout: { title: 'SECRET-A Titel' } }),
  });
  await lexwareConnectionsTable.insert(h.db, {
    shopId: A,
    accessTokenEnc: h.gateway.gw.box.seal('a-access'),
    refreshTokenEnc: h.gateway.gw.box.seal('a-refresh'),
    expiresAt: new Date(Date.now() + 3600_000),
    profile: JSON.stringify({ companyName: 'SECRET-A GmbH' }),
  });
  await partnersTable.insert(h.db, { shopId: A, email: 'secret-a@example.com' });
  await couponsTable.insert(h.db, { code: 'SECRET-A', partnerShopId: A, type: 'percent', value: 10, views: 99 });
});
afterAll(async () => h?.stop());

const snapshotA = async () =>
  Object.fromEntries(
    await Promise.all(
      A_TABLES.map(async (t) => {
        const rows = await h
          .db(t)
          .where(t === 'shops' ? { id: A } : t === 'coupons' ? { partner_shop_id: A } : { shop_id: A });
        // Another shop looking at A's coupon counts as a view: that is the partner programme working, not a leak.
        return [
          t,
          JSON.stringify(
            t === 'coupons' ? rows.map(({ views: _views, ...rest }: Record<string, unknown>) => rest) : rows,
          ),
        ] as const;
      }),
    ),
  );

/** Path parameters filled with A's ids, and a body that would change something. */
const PARAMS: Record<string, string> = {
  section: 'invoices',
  id: '6001',
  type: 'invoice',
  value: 'false',
  token: 'x',
  code: 'SECRET-A',
  shop: A,
  workflowId: encodeURIComponent(`order:${A}:6001`),
  feature: 'orderImport',
};
const BODIES: Record<string, unknown> = {
  '/api/preferences': { invoiceCreate: false },
  '/api/preferences/:section': { invoiceLayout: { title: 'von B' } },
  '/api/shop/enable/:value': { invoiceCreate: false, creditCreate: false },
  '/api/help/contact': { subject: 'B', message: 'B' },
  '/api/plan': { plan: 'premium', annual: false, coupon: 'SECRET-A' },
  '/api/partner/coupons/:code': { type: '3' },
  '/api/partner/preferences': {
    email: 'b@example.com',
    taxId: '12/345/67890',
    gateway: 'paypal',
    paypalEmail: 'b@example.com',
  },
};

function apiRoutes(): { method: string; path: string }[] {
  const { api } = buildApiRouter(h.gateway.gw);
  const routes = api.stack.flatMap((layer) =>
    layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path as string })),
  );
  return [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
}

describe('tenancy on every /api route', () => {
  it('finds the routes to test from the router itself', () => {
    const names = apiRoutes().map((r) => `${r.method} ${r.path}`);
    expect(names.length).toBeGreaterThanOrEqual(18);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/orders',
        'PATCH /api/preferences/:section',
        'GET /api/partner',
        'GET /api/admin/shops',
        'DELETE /api/lexoffice',
      ]),
    );
  });

  it('a token of shop B never reads or changes shop A', async () => {
    const before = await snapshotA();
    const seen: string[] = [];
    for (const route of apiRoutes()) {
      const path = route.path.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[route.path] ?? {});
      for (const suffix of ['', `${path.includes('?') ? '&' : '?'}shop=${A}`]) {
        const res = await fetch(`${h.url}${path}${suffix}`, {
          method: route.method,
          headers: {
            Authorization: `Bearer ${await h.token(B)}`,
            'X-Shopify-Shop-Domain': A,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        for (const secret of SECRETS)
          expect(text, `${route.method} ${path}${suffix} leaked ${secret}`).not.toContain(secret);
        // This harness runs without Shopify: a route that must ask Shopify (B's own plan change) answers its
        // German 502 for an unreachable Shopify, which is right and no crash. Every other 5xx is one.
        const shopifyAway = res.status === 502 && text.includes('"SHOPIFY_UNAVAILABLE"');
        if (!shopifyAway) expect(res.status, `${route.method} ${path}${suffix}: ${text}`).toBeLessThan(500);
      }
      seen.push(`${route.method} ${route.path}`);
    }
    expect(await snapshotA()).toEqual(before);
    expect(seen).toHaveLength(apiRoutes().length);
  });

  it('the same calls as A do see A (the test would notice a leak)', async () => {
    expect(JSON.stringify((await h.call(A, 'GET', '/api/orders')).body)).toContain('SECRET-A');
    expect(JSON.stringify((await h.call(A, 'GET', '/api/shop/logs')).body)).toContain('SECRET-A');
    expect(JSON.stringify((await h.call(A, 'GET', '/api/preferences/invoices')).body)).toContain('SECRET-A');
    expect(JSON.stringify((await h.call(A, 'GET', '/api/admin/shops')).body)).toContain('SECRET-A');
  });
});
