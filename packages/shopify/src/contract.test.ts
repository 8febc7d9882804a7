import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { DEV_DEFAULTS, SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { orderSubtotalCents, orderTaxCents, ShopifyRefundSchema } from '@belegfluss/shared';
import {
  createAdminClient,
  exchangeShopifyCode,
  isAccessDenied,
  MetafieldsUserError,
  orderById,
  orderMetafields,
  readMetafields,
  setMetafields,
  ShopifyGraphqlError,
  verifyQueryHmac,
  verifySessionToken,
  verifyWebhookHmac,
  type AdminClient,
} from './index';

/*
 * Contract tests: every call of this package against the Shopify stand-in over real HTTP — the OAuth
 * exchange (install and re-authorisation), the signatures the app verifies, and the Admin GraphQL
 * queries and mutations the app sends, with Shopify's cost-based throttling.
 */
const SHOP = 'vertrag-laden.myshopify.com';
const PLUS = 'vertrag-plus.myshopify.com';
const apiKey = DEV_DEFAULTS.shopifyApiKey;
const apiSecret = DEV_DEFAULTS.shopifyApiSecret;
let sandbox: RunningSandbox;
let app: Server;
let appUrl: string;
const webhooks: { headers: Record<string, string>; body: string }[] = [];

const control = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${sandbox.urls.control}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
};

/** The merchant approves the consent page; the signed redirect comes back to the app. */
async function authorize(shop: string, scope: string): Promise<URL> {
  const form = new URLSearchParams({
    client_id: apiKey,
    scope,
    redirect_uri: `${appUrl}/api/auth/callback`,
    state: 'nonce',
  });
  const res = await fetch(`${sandbox.urls.shopify}/store/${shop}/admin/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '');
}

async function install(shop: string, scope: string): Promise<{ accessToken: string; scopes: string[]; redirect: URL }> {
  const redirect = await authorize(shop, scope);
  const token = await exchangeShopifyCode({
    adminUrl: sandbox.urls.shopifyAdmin,
    shop,
    apiKey,
    apiSecret,
    code: redirect.searchParams.get('code')!,
  });
  return { ...token, redirect };
}

const client = (shop: string, accessToken: string): AdminClient =>
  createAdminClient({ adminUrl: sandbox.urls.shopifyAdmin, apiVersion: SHOPIFY_API_VERSION, shop, accessToken });

beforeAll(async () => {
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      webhooks.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  sandbox = await startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
    appUrl,
    apiKey,
    appSecret: apiSecret,
    webhookRetryDelaysMs: [],
  });
  await control('POST', '/control/shops', { shop: SHOP });
  await control('POST', '/control/shops', { shop: PLUS, plan: 'shopify_plus' });
});
afterAll(async () => {
  await sandbox?.stop();
  await new Promise((r) => app?.close(r));
});

describe('OAuth and signatures', () => {
  it('verifies the signed install link and the signed OAuth redirect', async () => {
    const { url } = await control<{ url: string }>('GET', `/control/install-link?shop=${SHOP}`);
    const query = Object.fromEntries(new URL(url).searchParams);
    expect(verifyQueryHmac(query, apiSecret)).toBe(true);
    expect(verifyQueryHmac({ ...query, shop: PLUS }, apiSecret)).toBe(false);
    const redirect = await authorize(SHOP, 'read_orders');
    expect(verifyQueryHmac(Object.fromEntries(redirect.searchParams), apiSecret)).toBe(true);
  });

  it('exchanges the code and expands the scopes Shopify compresses; a re-authorisation adds scopes', async () => {
    const first = await install(SHOP, 'read_orders,write_orders,read_customers');
    expect(first.accessToken).toMatch(/^shpat_/);
    // Shopify answers "write_orders,read_customers": read_orders is implied, and the app must still know it has it.
    expect(first.scopes.sort()).toEqual(['read_customers', 'read_orders', 'write_orders']);
    const more = await install(SHOP, 'read_all_orders');
    expect(more.scopes.sort()).toEqual(['read_all_orders', 'read_customers', 'read_orders', 'write_orders']);
    await expect(
      exchangeShopifyCode({
        adminUrl: sandbox.urls.shopifyAdmin,
        shop: SHOP,
        apiKey,
        apiSecret,
        code: more.redirect.searchParams.get('code')!,
      }),
    ).rejects.toThrow(/Shopify-Token konnte nicht abgerufen werden \(400\)/);
    await expect(
      exchangeShopifyCode({ adminUrl: sandbox.urls.shopifyAdmin, shop: SHOP, apiKey, apiSecret: 'falsch', code: 'x' }),
    ).rejects.toThrow(/400/);
  });

  it('warns once when Shopify serves another API version than the one asked for, never for the pinned one', async () => {
    const { accessToken } = await install(SHOP, 'read_orders');
    const warnings: string[] = [];
    const ask = (apiVersion: string) =>
      createAdminClient({
        adminUrl: sandbox.urls.shopifyAdmin,
        apiVersion,
        shop: SHOP,
        accessToken,
        warn: (m) => warnings.push(m),
      })<{ shop: { name: string } }>('query { shop { name } }');
    await ask(SHOPIFY_API_VERSION);
    expect(warnings).toEqual([]);
    expect((await ask('2024-07')).shop.name).toBeTruthy();
    await ask('2024-07');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Shopify served Admin API 2025-10 instead of 2024-07');
  });

  it('verifies a session token from App Bridge and refuses one for another app', async () => {
    const { token } = await control<{ token: string }>('GET', `/control/session-token?shop=${SHOP}&userId=42`);
    await expect(verifySessionToken(token, { apiKey, apiSecret })).resolves.toMatchObject({ shop: SHOP, userId: '42' });
    await expect(verifySessionToken(token, { apiKey: 'andere-app', apiSecret })).rejects.toThrow();
  });

  it('verifies the HMAC of a real webhook over its raw body', async () => {
    await control('POST', `/control/shops/${SHOP}/orders`, { scenario: 'de_b2c' });
    await sandbox.settled();
    const hook = webhooks.find(
      (w) => w.headers['x-shopify-topic'] === 'orders/create' && w.headers['x-shopify-shop-domain'] === SHOP,
    )!;
    expect(verifyWebhookHmac(hook.body, hook.headers['x-shopify-hmac-sha256'], apiSecret)).toBe(true);
    expect(verifyWebhookHmac(hook.body, hook.headers['x-shopify-hmac-sha256'], 'anderes-geheimnis')).toBe(false);
    expect(verifyWebhookHmac(`${hook.body} `, hook.headers['x-shopify-hmac-sha256'], apiSecret)).toBe(false);
  });
});

describe('Admin GraphQL as the app sends it', () => {
  let graphql: AdminClient;
  beforeAll(async () => {
    graphql = client(
      SHOP,
      (await install(SHOP, 'read_orders,write_orders,read_all_orders,read_customers')).accessToken,
    );
    await control('POST', `/control/shops/${SHOP}/orders`, {
      scenario: 'multi_rate',
      createdAt: '2026-01-03T09:00:00+01:00',
    });
    await control('POST', `/control/shops/${SHOP}/orders`, { scenario: 'tip', createdAt: '2026-01-04T09:00:00+01:00' });
    await control('POST', `/control/shops/${SHOP}/orders`, {
      scenario: 'eu_oss',
      createdAt: '2025-12-30T09:00:00+01:00',
    });
  });

  it('reads an order in the webhook shape, the customer e-mail from defaultEmailAddress', async () => {
    const created = await control<{ order: { id: number; email: string; customer: { id: number; email: string } } }>(
      'POST',
      `/control/shops/${SHOP}/orders`,
      { scenario: 'de_b2c' },
    );
    const order = await orderById(graphql, created.order.id);
    expect(order?.customer).toMatchObject({ id: created.order.customer.id, email: created.order.customer.email });
    expect(order?.customer?.email).toMatch(/@/);
  });

  it('reads an order with the nulls Shopify may send: totals, a refund without createdAt, a line item without id', async () => {
    const created = await control<{ order: { id: number; total_tax: string; subtotal_price: string } }>(
      'POST',
      `/control/shops/${SHOP}/orders`,
      { scenario: 'de_b2c', paid: true },
    );
    await control('POST', `/control/shops/${SHOP}/orders/${created.order.id}/refund`, { mode: 'full' });
    const before = await orderById(graphql, created.order.id);
    await control('PUT', '/control/knobs', {
      shopify: { publishedNulls: ['orderTotals', 'refundCreatedAt', 'refundLineItemIds'] },
    });
    try {
      const order = await orderById(graphql, created.order.id);
      // Shopify's nulls come through as nulls; the tax and subtotal the app reads are worked out from the lines.
      expect([order?.total_tax, order?.subtotal_price]).toEqual([null, null]);
      expect(orderTaxCents(order!)).toBe(orderTaxCents(before!));
      expect(orderSubtotalCents(order!)).toBe(orderSubtotalCents(before!));
      // A refund without its time or its line items' ids is still a refund the credit note can be made of.
      const refund = ShopifyRefundSchema.parse(order!.refunds[0]);
      const earlier = ShopifyRefundSchema.parse(before!.refunds[0]);
      expect(refund.created_at).toEqual(expect.any(String));
      expect(refund.refund_line_items.map((l) => [l.line_item_id, l.quantity])).toEqual(
        earlier.refund_line_items.map((l) => [l.line_item_id, l.quantity]),
      );
    } finally {
      await control('PUT', '/control/knobs', { shopify: { publishedNulls: [] } });
    }
  });

  it('pages the import query by cursor with a created_at search and an OrderSortKeys sort', async () => {
    const query = `query Orders($first: Int!, $after: String, $query: String) {
      orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: false) {
        pageInfo { hasNextPage endCursor }
        nodes { id legacyResourceId name createdAt currencyCode taxesIncluded displayFinancialStatus paymentGatewayNames
          totalPriceSet { shopMoney { amount currencyCode } } lineItems(first: 1) { pageInfo { hasNextPage endCursor } nodes { id title quantity taxLines { rate priceSet { shopMoney { amount } } } } } }
      } }`;
    type Page = {
      orders: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{
          id: string;
          createdAt: string;
          lineItems: { pageInfo: { hasNextPage: boolean; endCursor: string } };
        }>;
      };
    };
    const seen: Page['orders']['nodes'] = [];
    let after: string | null = null;
    do {
      const page: Page = await graphql<Page>(query, {
        first: 1,
        after,
        query: 'created_at:>=2026-01-01T00:00:00.000Z',
      });
      seen.push(...page.orders.nodes);
      after = page.orders.pageInfo.hasNextPage ? page.orders.pageInfo.endCursor : null;
    } while (after);
    expect(seen.map((o) => o.createdAt.slice(0, 10)).slice(0, 2)).toEqual(['2026-01-03', '2026-01-04']);
    expect(seen.every((o) => o.createdAt >= '2026-01-01')).toBe(true);

    // More line items of one order, as the import fetches them.
    const multi = seen[0]!;
    expect(multi.lineItems.pageInfo.hasNextPage).toBe(true);
    const more = await graphql<{ order: { lineItems: { nodes: Array<{ title: string }> } } }>(
      'query MoreLineItems($id: ID!, $after: String) { order(id: $id) { lineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { title } } } }',
      { id: multi.id, after: multi.lineItems.pageInfo.endCursor },
    );
    expect(more.order.lineItems.nodes).toHaveLength(2);
  });

  it('marks an unpaid order paid and writes metafields', async () => {
    const order = (
      await control<{ order: { admin_graphql_api_id: string } }>('POST', `/control/shops/${SHOP}/orders`, {
        scenario: 'de_b2c',
      })
    ).order;
    const MARK_AS_PAID =
      'mutation markPaid($input: OrderMarkAsPaidInput!) { orderMarkAsPaid(input: $input) { order { id displayFinancialStatus } userErrors { field message } } }';
    const paid = await graphql<{
      orderMarkAsPaid: { order: { displayFinancialStatus: string }; userErrors: unknown[] };
    }>(MARK_AS_PAID, { input: { id: order.admin_graphql_api_id } });
    expect(paid.orderMarkAsPaid).toMatchObject({ order: { displayFinancialStatus: 'PAID' }, userErrors: [] });
    const again = await graphql<{ orderMarkAsPaid: { userErrors: Array<{ message: string }> } }>(MARK_AS_PAID, {
      input: { id: order.admin_graphql_api_id },
    });
    expect(again.orderMarkAsPaid.userErrors).toHaveLength(1);
    const set = await graphql<{
      metafieldsSet: { metafields: Array<{ key: string; value: string }>; userErrors: unknown[] };
    }>(
      'mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { metafields { key value } userErrors { field message code } } }',
      {
        m: [
          {
            ownerId: order.admin_graphql_api_id,
            namespace: 'belegfluss',
            key: 'invoice_number',
            type: 'single_line_text_field',
            value: 'RE0001',
          },
        ],
      },
    );
    expect(set.metafieldsSet).toMatchObject({
      metafields: [{ key: 'invoice_number', value: 'RE0001' }],
      userErrors: [],
    });
  });

  it('sets and reads metafields of the order and the shop, atomically, and recognises a missing scope', async () => {
    const order = (
      await control<{ order: { admin_graphql_api_id: string } }>('POST', `/control/shops/${SHOP}/orders`, {
        scenario: 'multi_rate',
      })
    ).order;
    const shopId = (await graphql<{ shop: { id: string } }>('{ shop { id } }')).shop.id;
    await setMetafields(graphql, [
      {
        ownerId: order.admin_graphql_api_id,
        namespace: 'belegfluss',
        key: 'invoice_number',
        type: 'single_line_text_field',
        value: 'RE0042',
      },
      {
        ownerId: shopId,
        namespace: 'custom',
        key: 'steuernummer',
        type: 'single_line_text_field',
        value: '12/345/67890',
      },
    ]);
    expect(
      await orderMetafields(graphql, order.admin_graphql_api_id, [
        { namespace: 'belegfluss', key: 'invoice_number' },
        { namespace: 'belegfluss', key: 'fehlt' },
      ]),
    ).toEqual([{ namespace: 'belegfluss', key: 'invoice_number', value: 'RE0042' }]);
    expect(
      await readMetafields(graphql, order.admin_graphql_api_id, [
        { resource: 'order', namespace: 'belegfluss', key: 'invoice_number' },
        { resource: 'shop', namespace: 'custom', key: 'steuernummer' },
      ]),
    ).toEqual([
      { resource: 'order', namespace: 'belegfluss', key: 'invoice_number', value: 'RE0042' },
      { resource: 'shop', namespace: 'custom', key: 'steuernummer', value: '12/345/67890' },
    ]);
    const invalid = await setMetafields(graphql, [
      {
        ownerId: order.admin_graphql_api_id,
        namespace: 'belegfluss',
        key: 'invoice_number',
        type: 'single_line_text_field',
        value: 'RE0043',
      },
      { ownerId: order.admin_graphql_api_id, namespace: 'belegfluss', key: 'json', type: 'json', value: '{kaputt' },
    ]).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(MetafieldsUserError);
    expect(
      (
        await orderMetafields(graphql, order.admin_graphql_api_id, [{ namespace: 'belegfluss', key: 'invoice_number' }])
      )[0]!.value,
    ).toBe('RE0042');
    // Product metafields need read_products, which this installation lacks.
    const denied = await readMetafields(graphql, order.admin_graphql_api_id, [
      { resource: 'product', namespace: 'custom', key: 'material' },
    ]).catch((e: unknown) => e);
    expect(isAccessDenied(denied)).toBe(true);
  });

  it('creates a subscription the merchant approves, and reads it from currentAppInstallation', async () => {
    const created = await graphql<{
      appSubscriptionCreate: { confirmationUrl: string; appSubscription: { status: string }; userErrors: unknown[] };
    }>(
      `
        mutation Subscribe(
          $name: String!
          $returnUrl: URL!
          $lineItems: [AppSubscriptionLineItemInput!]!
          $test: Boolean
        ) {
          appSubscriptionCreate(name: $name, returnUrl: $returnUrl, lineItems: $lineItems, test: $test) {
            confirmationUrl
            appSubscription {
              id
              status
            }
            userErrors {
              field
              message
            }
          }
        }
      `,
      {
        name: 'Belegfluss Basic',
        returnUrl: `${appUrl}/api/billing/return`,
        test: true,
        lineItems: [
          {
            plan: {
              appRecurringPricingDetails: { price: { amount: 9.9, currencyCode: 'EUR' }, interval: 'EVERY_30_DAYS' },
            },
          },
        ],
      },
    );
    expect(created.appSubscriptionCreate.appSubscription.status).toBe('PENDING');
    const approved = await fetch(created.appSubscriptionCreate.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.headers.get('location')).toMatch(new RegExp(`^${appUrl}/api/billing/return\\?charge_id=\\d+$`));
    const installation = await graphql<{
      currentAppInstallation: {
        accessScopes: Array<{ handle: string }>;
        activeSubscriptions: Array<{ name: string; status: string; test: boolean }>;
      };
    }>('{ currentAppInstallation { accessScopes { handle } activeSubscriptions { name status test } } }');
    expect(installation.currentAppInstallation.activeSubscriptions).toEqual([
      { name: 'Belegfluss Basic', status: 'ACTIVE', test: true },
    ]);
    expect(installation.currentAppInstallation.accessScopes.map((s) => s.handle)).toContain('read_all_orders');
  });

  it('reads customers and, on Plus, companies with the location VAT ID', async () => {
    const customers = await graphql<{ customers: { nodes: Array<{ email: string }> } }>(
      '{ customers(first: 5, query: "email:camille.dubois@example.fr") { nodes { email } } }',
    );
    expect(customers.customers.nodes).toEqual([{ email: 'camille.dubois@example.fr' }]);
    const plus = client(PLUS, (await install(PLUS, 'read_orders,read_companies')).accessToken);
    await control('POST', `/control/shops/${PLUS}/orders`, { scenario: 'eu_b2b_vat' });
    const companies = await plus<{
      companies: {
        nodes: Array<{ name: string; locations: { nodes: Array<{ taxSettings: { taxRegistrationId: string } }> } }>;
      };
    }>(
      '{ companies(first: 10) { nodes { name locations(first: 5) { nodes { taxSettings { taxRegistrationId } } } } } }',
    );
    expect(companies.companies.nodes).toEqual([
      { name: 'Alpenhandel GmbH', locations: { nodes: [{ taxSettings: { taxRegistrationId: 'ATU12345678' } }] } },
    ]);
    // The company's metafields (a public buyer's Leitweg-ID) are read through the B2B order.
    const admin = client(PLUS, (await install(PLUS, 'read_orders,read_companies,write_customers')).accessToken);
    const b2b = (
      await control<{ order: { admin_graphql_api_id: string } }>('POST', `/control/shops/${PLUS}/orders`, {
        scenario: 'eu_b2b_vat',
      })
    ).order;
    const company = await admin<{ order: { purchasingEntity: { company: { id: string } } } }>(
      'query($id: ID!) { order(id: $id) { purchasingEntity { ... on PurchasingCompany { company { id } } } } }',
      { id: b2b.admin_graphql_api_id },
    );
    await setMetafields(admin, [
      {
        ownerId: company.order.purchasingEntity.company.id,
        namespace: 'custom',
        key: 'leitweg_id',
        type: 'single_line_text_field',
        value: '991-33333TEST-33',
      },
    ]);
    expect(
      await readMetafields(admin, b2b.admin_graphql_api_id, [
        { resource: 'company', namespace: 'custom', key: 'leitweg_id' },
      ]),
    ).toEqual([{ resource: 'company', namespace: 'custom', key: 'leitweg_id', value: '991-33333TEST-33' }]);
    const denied = (await graphql('{ companies(first: 1) { nodes { id } } }').catch(
      (e: unknown) => e,
    )) as ShopifyGraphqlError;
    expect(denied).toBeInstanceOf(ShopifyGraphqlError);
    expect(JSON.stringify(denied.errors)).toContain('ACCESS_DENIED');
  });

  it('waits out THROTTLED and retries, and fails with 401 for a bad token', async () => {
    sandbox.state.shops[SHOP]!.throttle = { available: 0, updatedAt: Date.now() };
    const data = await graphql<{ shop: { myshopifyDomain: string } }>('{ shop { myshopifyDomain } }');
    expect(data.shop.myshopifyDomain).toBe(SHOP);
    const bad = (await client(
      SHOP,
      'shpat_falsch',
    )('{ shop { name } }').catch((e: unknown) => e)) as ShopifyGraphqlError;
    expect(bad).toBeInstanceOf(ShopifyGraphqlError);
    expect(bad.status).toBe(401);
  });
});
