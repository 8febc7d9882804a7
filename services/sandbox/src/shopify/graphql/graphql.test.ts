import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../index.js';
import { fakeApp, json, post, startTestSandbox } from '../../test-support.js';

const SHOP = 'gql-shop.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let token: string;

interface GqlAnswer<T = Record<string, unknown>> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions: {
    cost: {
      requestedQueryCost: number;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

const gql = async <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  accessToken = token,
) =>
  json<GqlAnswer<T>>(
    await post(
      `${sb.urls.shopify}/store/${SHOP}/admin/api/2025-10/graphql.json`,
      { query, variables },
      { 'X-Shopify-Access-Token': accessToken },
    ),
  );

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  await post(`${sb.urls.control}/control/shops`, { shop: SHOP });
  token = (
    await json<{ access_token: string }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, {
        scopes: ['read_orders', 'write_orders', 'read_customers', 'read_all_orders'],
      }),
    )
  ).access_token;
  await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, {
    scenario: 'de_b2c',
    createdAt: '2025-01-10T10:00:00+01:00',
    count: 3,
  });
  await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'de_b2c', count: 2 });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('Admin GraphQL', () => {
  it('answers 401 without a valid token', async () => {
    const res = await post(
      `${sb.urls.shopify}/store/${SHOP}/admin/api/2025-10/graphql.json`,
      { query: '{ shop { name } }' },
      { 'X-Shopify-Access-Token': 'nope' },
    );
    expect(res.status).toBe(401);
  });

  it('pages orders and searches by created_at, reporting cost', async () => {
    const q = `query($after: String) { orders(first: 2, after: $after, query: "created_at:>=2025-01-01 created_at:<2025-02-01") { nodes { id name createdAt totalPriceSet { shopMoney { amount currencyCode } } } pageInfo { hasNextPage endCursor } } }`;
    const page1 = await gql<{
      orders: { nodes: Array<{ name: string }>; pageInfo: { hasNextPage: boolean; endCursor: string } };
    }>(q);
    expect(page1.data!.orders.nodes).toHaveLength(2);
    expect(page1.data!.orders.pageInfo.hasNextPage).toBe(true);
    const page2 = await gql<{ orders: { nodes: unknown[]; pageInfo: { hasNextPage: boolean } } }>(q, {
      after: page1.data!.orders.pageInfo.endCursor,
    });
    expect(page2.data!.orders.nodes).toHaveLength(1);
    expect(page2.data!.orders.pageInfo.hasNextPage).toBe(false);
    expect(page1.extensions.cost.requestedQueryCost).toBeGreaterThan(2);
    expect(page1.extensions.cost.throttleStatus.maximumAvailable).toBe(2000);
  });

  it('marks an order paid and writes metafields atomically', async () => {
    const list = await gql<{ orders: { nodes: Array<{ id: string; canMarkAsPaid: boolean }> } }>(
      '{ orders(first: 1, reverse: true) { nodes { id canMarkAsPaid } } }',
    );
    const order = list.data!.orders.nodes[0]!;
    expect(order.canMarkAsPaid).toBe(true);
    const paid = await gql<{ orderMarkAsPaid: { order: { displayFinancialStatus: string }; userErrors: unknown[] } }>(
      'mutation($id: ID!) { orderMarkAsPaid(input: {id: $id}) { order { displayFinancialStatus } userErrors { field message } } }',
      { id: order.id },
    );
    expect(paid.data!.orderMarkAsPaid.order.displayFinancialStatus).toBe('PAID');
    const again = await gql<{ orderMarkAsPaid: { userErrors: unknown[] } }>(
      'mutation($id: ID!) { orderMarkAsPaid(input: {id: $id}) { userErrors { field message } } }',
      { id: order.id },
    );
    expect(again.data!.orderMarkAsPaid.userErrors).toHaveLength(1);

    const set =
      'mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { metafields { key value } userErrors { field message code } } }';
    const bad = await gql<{ metafieldsSet: { metafields: unknown[]; userErrors: unknown[] } }>(set, {
      m: [
        {
          ownerId: order.id,
          namespace: 'belegfluss',
          key: 'invoice_number',
          type: 'single_line_text_field',
          value: 'RE0001',
        },
        { ownerId: order.id, namespace: 'belegfluss', key: 'invoice_json', type: 'json', value: '{oops' },
      ],
    });
    expect(bad.data!.metafieldsSet.userErrors).toHaveLength(1);
    const read = await gql<{ order: { metafield: unknown } }>(
      'query($id: ID!) { order(id: $id) { metafield(namespace: "belegfluss", key: "invoice_number") { value } } }',
      { id: order.id },
    );
    expect(read.data!.order.metafield).toBeNull();
    const good = await gql<{ metafieldsSet: { metafields: Array<{ value: string }> } }>(set, {
      m: [
        {
          ownerId: order.id,
          namespace: 'belegfluss',
          key: 'invoice_number',
          type: 'single_line_text_field',
          value: 'RE0001',
        },
      ],
    });
    expect(good.data!.metafieldsSet.metafields[0]!.value).toBe('RE0001');
  });

  it('denies fields without the scope and throttles by cost', async () => {
    const limited = (
      await json<{ access_token: string }>(
        await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, { scopes: ['read_products'] }),
      )
    ).access_token;
    const denied = await gql('{ orders(first: 1) { nodes { id } } }', {}, limited);
    expect(denied.errors![0]!.extensions!.code).toBe('ACCESS_DENIED');

    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shopify: { graphqlCostLimit: 100, graphqlRestoreRate: 1 } }),
    });
    sb.state.shops[SHOP]!.throttle.available = 100;
    const big = '{ orders(first: 50) { nodes { id lineItems(first: 5) { nodes { id } } } } }';
    const throttled = await gql(big);
    expect(throttled.errors![0]!.extensions!.code).toBe('THROTTLED');
  });

  it('creates webhook subscriptions and app subscriptions', async () => {
    const created = await gql<{
      webhookSubscriptionCreate: { webhookSubscription: { topic: string; endpoint: { callbackUrl: string } } };
    }>(
      `mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: {callbackUrl: "${app.url}/other", format: JSON}) { webhookSubscription { topic endpoint { ... on WebhookHttpEndpoint { callbackUrl } } } userErrors { message } } }`,
    );
    expect(created.data!.webhookSubscriptionCreate.webhookSubscription.endpoint.callbackUrl).toBe(`${app.url}/other`);
    const charge = await gql<{
      appSubscriptionCreate: { confirmationUrl: string; appSubscription: { status: string } };
    }>(
      `mutation { appSubscriptionCreate(name: "Belegfluss Basic", returnUrl: "${app.url}/billing", test: true, lineItems: [{plan: {appRecurringPricingDetails: {price: {amount: 9.99, currencyCode: EUR}}}}]) { confirmationUrl appSubscription { status } userErrors { message } } }`,
    );
    expect(charge.data!.appSubscriptionCreate.appSubscription.status).toBe('PENDING');
    const confirm = await fetch(charge.data!.appSubscriptionCreate.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(confirm.headers.get('location')).toContain(`${app.url}/billing?charge_id=`);
    const install = await gql<{
      currentAppInstallation: {
        activeSubscriptions: Array<{ status: string }>;
        accessScopes: Array<{ handle: string }>;
      };
    }>('{ currentAppInstallation { accessScopes { handle } activeSubscriptions { status } } }');
    expect(install.data!.currentAppInstallation.activeSubscriptions[0]!.status).toBe('ACTIVE');
  });
});

describe('Admin GraphQL as the specs use it', () => {
  const PLUS = 'plus-shop.myshopify.com';
  let plusToken: string;
  const plusGql = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
    json<GqlAnswer<T>>(
      await post(
        `${sb.urls.shopify}/store/${PLUS}/admin/api/2025-10/graphql.json`,
        { query, variables },
        { 'X-Shopify-Access-Token': plusToken },
      ),
    );

  beforeAll(async () => {
    await fetch(`${sb.urls.control}/control/knobs`, { method: 'DELETE' });
    await post(`${sb.urls.control}/control/shops`, { shop: PLUS, plan: 'shopify_plus' });
    plusToken = (
      await json<{ access_token: string }>(
        await post(`${sb.urls.control}/control/shops/${PLUS}/access-token`, {
          scopes: ['read_orders', 'read_customers', 'read_companies', 'read_all_orders'],
        }),
      )
    ).access_token;
    await post(`${sb.urls.control}/control/shops/${PLUS}/orders`, {
      scenario: 'eu_b2b_vat',
      createdAt: '2025-12-20T10:00:00+01:00',
    });
    await post(`${sb.urls.control}/control/shops/${PLUS}/orders`, {
      scenario: 'de_b2c',
      createdAt: '2026-01-05T10:00:00+01:00',
    });
    await post(`${sb.urls.control}/control/shops/${PLUS}/orders`, {
      scenario: 'ch',
      createdAt: '2026-02-01T10:00:00+01:00',
    });
  });

  it('sorts orders by the OrderSortKeys enum, reverses, and refuses a sortKey string', async () => {
    const q =
      'query($key: OrderSortKeys, $reverse: Boolean) { orders(first: 10, sortKey: $key, reverse: $reverse, query: "created_at:>=2026-01-01") { nodes { name createdAt } } }';
    const asc = await plusGql<{ orders: { nodes: Array<{ createdAt: string }> } }>(q, {
      key: 'CREATED_AT',
      reverse: false,
    });
    expect(asc.data!.orders.nodes.map((n) => n.createdAt.slice(0, 10))).toEqual(['2026-01-05', '2026-02-01']);
    const desc = await plusGql<{ orders: { nodes: Array<{ createdAt: string }> } }>(q, {
      key: 'PROCESSED_AT',
      reverse: true,
    });
    expect(desc.data!.orders.nodes.map((n) => n.createdAt.slice(0, 10))).toEqual(['2026-02-01', '2026-01-05']);
    const asString = await plusGql('{ orders(first: 1, sortKey: "CREATED_AT") { nodes { id } } }');
    expect(asString.errors![0]!.message).toMatch(/OrderSortKeys/);
    const unknown = await plusGql('{ orders(first: 1, sortKey: NEWEST) { nodes { id } } }');
    expect(unknown.errors).toHaveLength(1);
  });

  it('finds customers by email and lists Plus companies with the location VAT ID', async () => {
    const customers = await plusGql<{
      customers: { nodes: Array<{ email: string; defaultAddress: { countryCodeV2: string } }> };
    }>(
      '{ customers(first: 5, query: "email:luca.meier@example.ch", sortKey: NAME) { nodes { email defaultAddress { countryCodeV2 } } } }',
    );
    expect(customers.data!.customers.nodes).toEqual([
      { email: 'luca.meier@example.ch', defaultAddress: { countryCodeV2: 'CH' } },
    ]);
    const companies = await plusGql<{
      companies: {
        nodes: Array<{ name: string; locations: { nodes: Array<{ taxSettings: { taxRegistrationId: string } }> } }>;
      };
    }>(
      '{ companies(first: 5) { nodes { name ordersCount { count } locations(first: 5) { nodes { taxSettings { taxRegistrationId taxExempt } } } } } }',
    );
    expect(companies.data!.companies.nodes).toHaveLength(1);
    expect(companies.data!.companies.nodes[0]!.name).toBe('Alpenhandel GmbH');
    expect(companies.data!.companies.nodes[0]!.locations.nodes[0]!.taxSettings.taxRegistrationId).toBe('ATU12345678');
    const order = await plusGql<{
      orders: {
        nodes: Array<{ purchasingEntity: { __typename: string; company?: { name: string }; email?: string } }>;
      };
    }>(
      '{ orders(first: 5, sortKey: CREATED_AT) { nodes { purchasingEntity { __typename ... on PurchasingCompany { company { name } location { taxSettings { taxRegistrationId } } } ... on Customer { email } } } } }',
    );
    expect(order.data!.orders.nodes.map((n) => n.purchasingEntity.__typename)).toEqual([
      'PurchasingCompany',
      'Customer',
      'Customer',
    ]);
    // Not on Plus: B2B is denied.
    const basic = await gql('{ companies(first: 1) { nodes { id } } }');
    expect(basic.errors![0]!.extensions!.code).toBe('ACCESS_DENIED');
  });

  it('takes typed app subscription line items; approving activates, cancels the old plan and sends app_subscriptions/update', async () => {
    const create = `mutation($lineItems: [AppSubscriptionLineItemInput!]!) { appSubscriptionCreate(name: "Belegfluss Pro", returnUrl: "${app.url}/billing", test: true, trialDays: 7, lineItems: $lineItems) {
      confirmationUrl appSubscription { id status lineItems { plan { pricingDetails { __typename ... on AppRecurringPricing { price { amount currencyCode } interval } } } } } userErrors { field message } } }`;
    const lineItems = [
      {
        plan: {
          appRecurringPricingDetails: { price: { amount: '19.90', currencyCode: 'EUR' }, interval: 'EVERY_30_DAYS' },
        },
      },
    ];
    const first = await plusGql<{
      appSubscriptionCreate: {
        confirmationUrl: string;
        appSubscription: {
          id: string;
          status: string;
          lineItems: Array<{ plan: { pricingDetails: Record<string, unknown> } }>;
        };
      };
    }>(create, { lineItems });
    const sub = first.data!.appSubscriptionCreate.appSubscription;
    expect(sub.status).toBe('PENDING');
    expect(sub.lineItems[0]!.plan.pricingDetails).toEqual({
      __typename: 'AppRecurringPricing',
      price: { amount: '19.90', currencyCode: 'EUR' },
      interval: 'EVERY_30_DAYS',
    });
    const page = await (await fetch(first.data!.appSubscriptionCreate.confirmationUrl)).text();
    expect(page).toContain('Genehmigen');
    await fetch(first.data!.appSubscriptionCreate.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });

    const second = await plusGql<{ appSubscriptionCreate: { confirmationUrl: string } }>(create, { lineItems });
    await fetch(second.data!.appSubscriptionCreate.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    const installation = await plusGql<{
      currentAppInstallation: { activeSubscriptions: Array<{ id: string; status: string; currentPeriodEnd: string }> };
    }>('{ currentAppInstallation { activeSubscriptions { id status currentPeriodEnd } } }');
    expect(installation.data!.currentAppInstallation.activeSubscriptions).toHaveLength(1);
    expect(installation.data!.currentAppInstallation.activeSubscriptions[0]!.id).not.toBe(sub.id);

    await sb.settled();
    const updates = app.received
      .filter(
        (r) =>
          r.headers['x-shopify-topic'] === 'app_subscriptions/update' && r.headers['x-shopify-shop-domain'] === PLUS,
      )
      .map((r) => (JSON.parse(r.body) as { app_subscription: { status: string; price: string } }).app_subscription);
    expect(updates.map((u) => u.status)).toEqual(['ACTIVE', 'CANCELLED', 'ACTIVE']);
    expect(updates[0]!.price).toBe('19.90');

    const bad = await plusGql<{ appSubscriptionCreate: { userErrors: unknown[] } }>(create, {
      lineItems: [{ plan: {} }],
    });
    expect(bad.data!.appSubscriptionCreate.userErrors).toHaveLength(1);
  });

  it('appPurchaseOneTimeCreate: PENDING until the merchant decides, listed in oneTimePurchases, sent as app_purchases_one_time/update', async () => {
    sb.state.shops[SHOP]!.throttle = { available: 2000, updatedAt: Date.now() }; // many mutations in a row: start with a full bucket
    const create = `mutation($price: MoneyInput!) { appPurchaseOneTimeCreate(name: "Import", price: $price, returnUrl: "${app.url}/purchase?shop=${SHOP}", test: true) {
      confirmationUrl appPurchaseOneTime { id status price { amount currencyCode } test } userErrors { field message } } }`;
    type Created = {
      appPurchaseOneTimeCreate: {
        confirmationUrl: string | null;
        appPurchaseOneTime: { id: string; status: string; price: { amount: string } } | null;
        userErrors: { field: string[] }[];
      };
    };
    const approved = (await gql<Created>(create, { price: { amount: 129, currencyCode: 'EUR' } })).data!
      .appPurchaseOneTimeCreate;
    expect(approved.appPurchaseOneTime).toMatchObject({ status: 'PENDING', price: { amount: '129.00' }, test: true });
    expect(await (await fetch(approved.confirmationUrl!)).text()).toContain('129.00 EUR');
    const back = await fetch(approved.confirmationUrl!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    const numeric = approved.appPurchaseOneTime!.id.split('/').at(-1);
    expect(back.headers.get('location')).toBe(`${app.url}/purchase?shop=${SHOP}&charge_id=${numeric}`);
    const declined = (await gql<Created>(create, { price: { amount: '99.00', currencyCode: 'EUR' } })).data!
      .appPurchaseOneTimeCreate;
    await fetch(declined.confirmationUrl!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'decline' }),
      redirect: 'manual',
    });
    // A decision is final: approving a declined charge later changes nothing.
    await fetch(declined.confirmationUrl!, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });

    const listed = await gql<{
      currentAppInstallation: { oneTimePurchases: { nodes: { id: string; status: string }[] } };
    }>('{ currentAppInstallation { oneTimePurchases(first: 5, reverse: true) { nodes { id status } } } }');
    expect(listed.data!.currentAppInstallation.oneTimePurchases.nodes).toEqual([
      { id: declined.appPurchaseOneTime!.id, status: 'DECLINED' },
      { id: approved.appPurchaseOneTime!.id, status: 'ACTIVE' },
    ]);
    await sb.settled();
    const updates = app.received
      .filter((r) => r.headers['x-shopify-topic'] === 'app_purchases_one_time/update')
      .map((r) => (JSON.parse(r.body) as { app_purchase_one_time: { status: string } }).app_purchase_one_time.status);
    expect(updates).toEqual(['ACTIVE', 'DECLINED']);

    const tooCheap = (await gql<Created>(create, { price: { amount: '0.10', currencyCode: 'EUR' } })).data!
      .appPurchaseOneTimeCreate;
    expect(tooCheap).toMatchObject({
      appPurchaseOneTime: null,
      confirmationUrl: null,
      userErrors: [{ field: ['price'] }],
    });
  });

  it('appSubscriptionCancel ends an active subscription and sends app_subscriptions/update; twice is a user error', async () => {
    sb.state.shops[SHOP]!.throttle = { available: 2000, updatedAt: Date.now() }; // many mutations in a row: start with a full bucket
    const created = await gql<{ appSubscriptionCreate: { confirmationUrl: string; appSubscription: { id: string } } }>(
      `mutation { appSubscriptionCreate(name: "Belegfluss Basic", returnUrl: "${app.url}/billing", lineItems: [{plan: {appRecurringPricingDetails: {price: {amount: 8.99, currencyCode: EUR}}}}]) { confirmationUrl appSubscription { id } userErrors { message } } }`,
    );
    const { id } = created.data!.appSubscriptionCreate.appSubscription;
    const cancel = `mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } } }`;
    type Cancelled = { appSubscriptionCancel: { appSubscription: { status: string } | null; userErrors: unknown[] } };
    expect((await gql<Cancelled>(cancel, { id })).data!.appSubscriptionCancel).toMatchObject({
      appSubscription: { status: 'PENDING' },
      userErrors: [{ field: ['id'] }],
    });
    await fetch(created.data!.appSubscriptionCreate.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    const ok = await gql<Cancelled>(cancel, { id });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.appSubscriptionCancel).toEqual({ appSubscription: { id, status: 'CANCELLED' }, userErrors: [] });
    expect((await gql<Cancelled>(cancel, { id })).data!.appSubscriptionCancel.userErrors).toHaveLength(1);
    expect(
      (await gql<Cancelled>(cancel, { id: 'gid://shopify/AppSubscription/1' })).data!.appSubscriptionCancel
        .appSubscription,
    ).toBeNull();
    await sb.settled();
    const statuses = app.received
      .filter(
        (r) =>
          r.headers['x-shopify-topic'] === 'app_subscriptions/update' && r.headers['x-shopify-shop-domain'] === SHOP,
      )
      .map(
        (r) =>
          (JSON.parse(r.body) as { app_subscription: { admin_graphql_api_id: string; status: string } })
            .app_subscription,
      )
      .filter((u) => u.admin_graphql_api_id === id)
      .map((u) => u.status);
    expect(statuses).toEqual(['ACTIVE', 'CANCELLED']);
  });

  it('reports cost and answers THROTTLED once the bucket is empty, then restores', async () => {
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shopify: { graphqlCostLimit: 60, graphqlRestoreRate: 50 } }),
    });
    sb.state.shops[PLUS]!.throttle = { available: 60, updatedAt: Date.now() };
    const q = '{ orders(first: 10) { nodes { id } } }';
    const ok = await plusGql(q);
    expect(ok.extensions.cost.requestedQueryCost).toBe(12);
    expect(ok.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThanOrEqual(48);
    sb.state.shops[PLUS]!.throttle = { available: 5, updatedAt: Date.now() };
    const throttled = await plusGql(q);
    expect(throttled.errors![0]!.extensions!.code).toBe('THROTTLED');
    expect(throttled.data).toBeUndefined();
    sb.state.shops[PLUS]!.throttle = { available: 5, updatedAt: Date.now() - 1000 };
    expect((await plusGql(q)).errors).toBeUndefined();
    await fetch(`${sb.urls.control}/control/knobs`, { method: 'DELETE' });
  });

  it('names the version it served: the one asked for, the oldest supported for a retired one, 404 for none', async () => {
    const ask = (version: string) =>
      post(
        `${sb.urls.shopify}/store/${SHOP}/admin/api/${version}/graphql.json`,
        { query: '{ shop { name } }' },
        { 'X-Shopify-Access-Token': token },
      );
    for (const version of ['2026-07', '2026-10', 'unstable']) {
      const res = await ask(version);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-shopify-api-version')).toBe(version);
    }
    const retired = await ask('2024-10');
    expect(retired.headers.get('x-shopify-api-version')).toBe('2025-10');
    expect((await json<GqlAnswer<{ shop: { name: string } }>>(retired)).data?.shop.name).toBeTruthy();
    for (const version of ['2026-05', '2099-01', 'latest']) expect((await ask(version)).status).toBe(404);
  });
});
