import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_USER_ID, type RunningSandbox } from '../index.js';
import { fakeApp, json, post, startTestSandbox, until } from '../test-support.js';

const SECRET = 'test-secret';
const KEY = 'test-key';
const SHOP = 'demo-shop.myshopify.com';

let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let failNextWebhooks = 0;

function checkQueryHmac(url: URL): boolean {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'hmac').sort(([a], [b]) => a.localeCompare(b));
  const message = params.map(([k, v]) => `${k}=${v}`).join('&');
  return createHmac('sha256', SECRET).update(message).digest('hex') === url.searchParams.get('hmac');
}

beforeAll(async () => {
  app = await fakeApp(() => (failNextWebhooks-- > 0 ? 500 : 200));
  sb = await startTestSandbox({ appUrl: app.url, appSecret: SECRET, apiKey: KEY });
  await post(`${sb.urls.control}/control/shops`, { shop: 'demo-shop', plan: 'basic' });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('shops, install link and session tokens', () => {
  it('rejects a bad shop name with a German message', async () => {
    const res = await post(`${sb.urls.control}/control/shops`, { shop: 'Not a shop!' });
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toBe('Ungültige Eingabe');
  });

  it('signs the install link like Shopify', async () => {
    const { url } = await json<{ url: string }>(await fetch(`${sb.urls.control}/control/install-link?shop=demo-shop`));
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${app.url}/api/auth`);
    expect(parsed.searchParams.get('shop')).toBe(SHOP);
    expect(checkQueryHmac(parsed)).toBe(true);
  });

  it('issues App Bridge session tokens with CORS', async () => {
    const res = await fetch(`${sb.urls.control}/control/session-token?shop=${SHOP}`, {
      headers: { Origin: 'http://127.0.0.1:3000' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    const { token } = await json<{ token: string }>(res);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      audience: KEY,
      issuer: `https://${SHOP}/admin`,
    });
    expect(payload.dest).toBe(`https://${SHOP}`);
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.sid).toBeTypeOf('string');
    expect(payload.jti).toBeTypeOf('string');
    expect(payload.sub).toBe(DEFAULT_STAFF_USER_ID);
  });

  it("names the chosen staff user in `sub`, and only by Shopify's numeric user id", async () => {
    const { token } = await json<{ token: string }>(
      await fetch(`${sb.urls.control}/control/session-token?shop=${SHOP}&userId=42`),
    );
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { audience: KEY });
    expect(payload.sub).toBe('42');
    const bad = await fetch(`${sb.urls.control}/control/session-token?shop=${SHOP}&userId=admin`);
    expect(bad.status).toBe(400);
  });
});

describe('OAuth', () => {
  it('runs the grant flow: consent page, signed redirect, code exchange', async () => {
    const authorize = `${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize?client_id=${KEY}&scope=read_orders,write_orders&redirect_uri=${encodeURIComponent(`${app.url}/api/auth/callback`)}&state=nonce-1`;
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('App installieren');
    const form = new URLSearchParams({
      client_id: KEY,
      scope: 'read_orders,write_orders',
      redirect_uri: `${app.url}/api/auth/callback`,
      state: 'nonce-1',
    });
    const approve = await fetch(`${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(approve.status).toBe(302);
    const redirect = new URL(approve.headers.get('location') ?? '');
    expect(redirect.searchParams.get('state')).toBe('nonce-1');
    expect(redirect.searchParams.get('shop')).toBe(SHOP);
    expect(checkQueryHmac(redirect)).toBe(true);

    const exchange = await post(`${sb.urls.shopify}/store/${SHOP}/admin/oauth/access_token`, {
      client_id: KEY,
      client_secret: SECRET,
      code: redirect.searchParams.get('code'),
    });
    const token = await json<{ access_token: string; scope: string }>(exchange);
    expect(token.access_token).toMatch(/^shpat_/);
    // Shopify leaves out read_orders: write_orders implies it.
    expect(token.scope).toBe('write_orders');

    const again = await post(`${sb.urls.shopify}/store/${SHOP}/admin/oauth/access_token`, {
      client_id: KEY,
      client_secret: SECRET,
      code: redirect.searchParams.get('code'),
    });
    expect(again.status).toBe(400);
  });

  it('re-authorises for added scopes: the consent page marks them new and the grant grows', async () => {
    const grant = async (scope: string) => {
      const form = new URLSearchParams({
        client_id: KEY,
        scope,
        redirect_uri: `${app.url}/api/auth/callback`,
        state: 's',
      });
      const approve = await fetch(`${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const code = new URL(approve.headers.get('location') ?? '').searchParams.get('code');
      return json<{ access_token: string; scope: string }>(
        await post(`${sb.urls.shopify}/store/${SHOP}/admin/oauth/access_token`, {
          client_id: KEY,
          client_secret: SECRET,
          code,
        }),
      );
    };
    await grant('read_orders');
    const page = await (
      await fetch(
        `${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize?client_id=${KEY}&scope=read_customers,read_all_orders&redirect_uri=${encodeURIComponent(`${app.url}/api/auth/callback`)}&state=x`,
      )
    ).text();
    expect(page).toContain('Berechtigungen aktualisieren');
    expect(page).toContain('<code>read_all_orders</code> (neu)');
    // Only the added scopes are asked for, and nothing granted before is lost.
    const token = await grant('read_customers,read_all_orders');
    expect(token.scope.split(',').sort()).toEqual(['read_all_orders', 'read_customers', 'write_orders']);
    const shop = await json<{ grantedScopes: string[] }>(await fetch(`${sb.urls.control}/control/shops/${SHOP}`));
    expect(shop.grantedScopes.sort()).toEqual(['read_all_orders', 'read_customers', 'read_orders', 'write_orders']);
  });

  it('refuses a redirect_uri that shopify.app.toml does not list, even on the app’s own origin', async () => {
    const res = await fetch(
      `${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize?client_id=${KEY}&scope=read_orders&redirect_uri=http://evil.example/cb`,
    );
    expect(res.status).toBe(400);
    const unlisted = await fetch(
      `${sb.urls.shopify}/store/${SHOP}/admin/oauth/authorize?client_id=${KEY}&scope=read_orders&redirect_uri=${encodeURIComponent(`${app.url}/cb`)}`,
    );
    expect(unlisted.status).toBe(400);
    expect(await unlisted.text()).toContain('The redirect_uri is not whitelisted');
  });
});

describe('orders and webhooks', () => {
  it('creates a German B2C order in Shopify shape and delivers a signed orders/create', async () => {
    const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'de_b2c' });
    expect(res.status).toBe(201);
    const { order } = await json<{ order: Record<string, unknown> & { id: number } }>(res);
    expect(order).toMatchObject({
      name: '#1001',
      currency: 'EUR',
      financial_status: 'pending',
      taxes_included: true,
      total_price: '69.97',
      total_tax: '11.17',
    });
    expect(order.admin_graphql_api_id).toBe(`gid://shopify/Order/${order.id}`);
    expect(order).not.toHaveProperty('_transactions');
    await sb.settled();
    const hook = app.received.find((r) => r.headers['x-shopify-topic'] === 'orders/create');
    expect(hook).toBeDefined();
    expect(hook!.path).toBe('/webhooks/shopify');
    const expected = createHmac('sha256', SECRET).update(hook!.body).digest('base64');
    expect(hook!.headers['x-shopify-hmac-sha256']).toBe(expected);
    expect(hook!.headers['x-shopify-shop-domain']).toBe(SHOP);
    expect(hook!.headers['x-shopify-api-version']).toBe(SHOPIFY_API_VERSION);
    expect(hook!.headers['x-shopify-webhook-id']).toBeTruthy();
    expect(hook!.headers['x-shopify-event-id']).toBeTruthy();
    expect(hook!.headers['x-shopify-triggered-at']).toBeTruthy();
    const payload = JSON.parse(hook!.body) as {
      line_items: Array<{ tax_lines: unknown[]; discount_allocations: unknown[] }>;
    };
    expect(payload.line_items[0]?.tax_lines).toHaveLength(1);
    expect(payload.line_items[0]?.discount_allocations).toHaveLength(1);
  });

  it('pays an order and sends orders/paid, retrying a failed delivery with the same ids', async () => {
    const { order } = await json<{ order: { id: number } }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'de_b2c' }),
    );
    await sb.settled();
    failNextWebhooks = 1;
    const paid = await json<{ order: { financial_status: string; total_outstanding: string } }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}/pay`, {}),
    );
    expect(paid.order.financial_status).toBe('paid');
    expect(paid.order.total_outstanding).toBe('0.00');
    await until(() => app.received.filter((r) => r.headers['x-shopify-topic'] === 'orders/paid').length === 2);
    const [first, second] = app.received.filter((r) => r.headers['x-shopify-topic'] === 'orders/paid');
    expect(first!.headers['x-shopify-webhook-id']).toBe(second!.headers['x-shopify-webhook-id']);
    expect(first!.body).toBe(second!.body);
    const deliveries = await json<Array<{ topic: string; status: string; attempts: Array<{ status: number }> }>>(
      await fetch(`${sb.urls.control}/control/shops/${SHOP}/webhooks?topic=orders/paid`),
    );
    await until(() =>
      sb.state.shops[SHOP]!.deliveries.filter((d) => d.topic === 'orders/paid').every((d) => d.status === 'delivered'),
    );
    expect(deliveries[0]!.attempts[0]!.status).toBe(500);
  });

  it('refunds items and sends refunds/create', async () => {
    const { order } = await json<{ order: { id: number; line_items: Array<{ id: number }> } }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'multi_rate' }),
    );
    const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}/refund`, {
      mode: 'items',
      lineItems: [{ lineItemId: order.line_items[1]!.id, quantity: 1 }],
    });
    const refunded = await json<{
      order: {
        financial_status: string;
        refunds: Array<{ refund_line_items: Array<{ subtotal: number }>; transactions: Array<{ amount: string }> }>;
      };
    }>(res);
    expect(refunded.order.financial_status).toBe('partially_refunded');
    expect(refunded.order.refunds[0]!.refund_line_items[0]!.subtotal).toBe(21.6);
    expect(refunded.order.refunds[0]!.transactions[0]!.amount).toBe('21.60');
    await sb.settled();
    expect(app.received.some((r) => r.headers['x-shopify-topic'] === 'refunds/create')).toBe(true);
  });

  it('makes past-dated orders without webhooks for the historical import', async () => {
    const before = app.received.length;
    const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, {
      scenario: 'eu_oss',
      createdAt: '2025-03-01T10:00:00+01:00',
      count: 3,
    });
    const list = await json<Array<{ order: { created_at: string } }>>(res);
    expect(list).toHaveLength(3);
    expect(list[0]!.order.created_at).toBe('2025-03-01T10:00:00+01:00');
    await sb.settled();
    expect(app.received.length).toBe(before);
  });
});
