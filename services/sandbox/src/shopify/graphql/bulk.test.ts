import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../index.js';
import { fakeApp, json, post, startTestSandbox } from '../../test-support.js';

/** Bulk query operations with Shopify's shapes: start, poll, JSONL with __parentId; one at a time. */
const SHOP = 'bulk-shop.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let token: string;

type Op = {
  id: string;
  status: string;
  url: string | null;
  objectCount: string;
  rootObjectCount: string;
  errorCode: string | null;
};
const gql = async <T>(query: string, variables: Record<string, unknown> = {}) =>
  json<{ data?: T; errors?: { message: string }[] }>(
    await post(
      `${sb.urls.shopify}/store/${SHOP}/admin/api/2025-10/graphql.json`,
      { query, variables },
      { 'X-Shopify-Access-Token': token },
    ),
  );
const knobs = async (shopify: Record<string, unknown>) => {
  const res = await fetch(`${sb.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shopify }),
  });
  if (!res.ok) throw new Error(`knobs: ${res.status}`);
};
const RUN =
  'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message code } } }';
type RunAnswer = {
  bulkOperationRunQuery: { bulkOperation: Op | null; userErrors: { message: string; code: string }[] };
};

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  await post(`${sb.urls.control}/control/shops`, {
    shop: SHOP,
    orderPrefix: 'NR',
    orderSuffix: '/26',
    createdAt: '2024-06-01T10:00:00+02:00',
  });
  token = (
    await json<{ access_token: string }>(
      await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, {
        scopes: ['read_orders', 'read_all_orders'],
      }),
    )
  ).access_token;
  await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, {
    scenario: 'de_b2c',
    createdAt: '2025-01-10T10:00:00+01:00',
    count: 3,
  });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('bulk operations', () => {
  it('reports the store creation and its order number format', async () => {
    const res = await gql<{ shop: Record<string, string> }>(
      '{ shop { createdAt orderNumberFormatPrefix orderNumberFormatSuffix } }',
    );
    expect(res.data!.shop).toEqual({
      createdAt: '2024-06-01T08:00:00.000Z',
      orderNumberFormatPrefix: 'NR',
      orderNumberFormatSuffix: '/26',
    });
  });

  it('refuses a query without a connection, and a second one while one runs', async () => {
    const none = await gql<RunAnswer>(RUN, { q: '{ shop { name } }' });
    expect(none.data!.bulkOperationRunQuery).toMatchObject({ bulkOperation: null, userErrors: [{ code: 'INVALID' }] });
    const q = '{ orders { edges { node { id name lineItems { edges { node { __typename id title } } } } } } }';
    // Held running, so the second query comes while the first runs however slowly this machine answers.
    await knobs({ bulkHold: true });
    const first = await gql<RunAnswer>(RUN, { q });
    expect(first.data!.bulkOperationRunQuery.bulkOperation!.status).toBe('CREATED');
    const second = await gql<RunAnswer>(RUN, { q });
    expect(second.data!.bulkOperationRunQuery.userErrors[0]!.code).toBe('OPERATION_IN_PROGRESS');
    await knobs({ bulkHold: false });

    let op: Op;
    do
      op = (
        await gql<{ node: Op }>(
          'query($id: ID!) { node(id: $id) { ... on BulkOperation { id status url objectCount rootObjectCount errorCode } } }',
          { id: first.data!.bulkOperationRunQuery.bulkOperation!.id },
        )
      ).data!.node;
    while (op.status !== 'COMPLETED');
    const current = await gql<{ currentBulkOperation: Op }>('{ currentBulkOperation { id status } }');
    expect(current.data!.currentBulkOperation).toMatchObject({ id: op.id, status: 'COMPLETED' });

    const lines = (await (await fetch(op.url!)).text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const orders = lines.filter((l) => !l.__parentId);
    expect(orders).toHaveLength(3);
    expect(orders.every((o) => /^NR\d+\/26$/.test(o.name as string) && !('lineItems' in o))).toBe(true);
    const items = lines.filter((l) => l.__parentId);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((l) => l.__typename === 'LineItem' && orders.some((o) => o.id === l.__parentId))).toBe(true);
    expect(op).toMatchObject({ objectCount: String(lines.length), rootObjectCount: '3', errorCode: null });
  });
});
