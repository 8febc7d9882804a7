import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTestDatabase, eventLogTable, webhookInboxTable } from '@belegfluss/db/testing';
import { saveShopInstall } from '@belegfluss/db';
import { readSettings } from '@belegfluss/shared/settings';
import { signSessionToken, signWebhook } from '@belegfluss/shopify';
import { SEARCH_ATTRIBUTES, quietTemporal } from '@belegfluss/workflows';
import { startGateway } from './main';
import { createTemporalCalls } from './temporal-calls';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let temporal: TestWorkflowEnvironment;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const settings = readSettings();

beforeAll(async () => {
  quietTemporal();
  const path = process.env.TEMPORAL_CLI_PATH;
  if (!path) throw new Error('TEMPORAL_CLI_PATH is not set: run the tests with `npm test`.');
  database = await createTestDatabase();
  temporal = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path }, searchAttributes: SEARCH_ATTRIBUTES },
  });
  process.env.LOG_LEVEL = 'silent';
  gateway = await startGateway(
    { ...settings, databaseUrl: database.url, temporalAddress: temporal.address, taskQueue: 'gateway-test' },
    0,
  );
  for (const shop of ['a.myshopify.com', 'b.myshopify.com'])
    await saveShopInstall(database.db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
});
afterAll(async () => {
  await gateway?.close();
  await temporal?.teardown();
  await database?.drop();
});

const token = (shop: string, opts: Partial<{ apiKey: string; apiSecret: string; ttlSeconds: number }> = {}) =>
  signSessionToken(shop, { apiKey: settings.shopify.apiKey, apiSecret: settings.shopify.apiSecret, ...opts });

function webhook(body: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': 'orders/create',
      'X-Shopify-Shop-Domain': 'a.myshopify.com',
      'X-Shopify-Webhook-Id': 'wh-1',
      'X-Shopify-Event-Id': 'ev-1',
      'X-Shopify-Triggered-At': new Date().toISOString(),
      'X-Shopify-Hmac-Sha256': signWebhook(body, settings.shopify.apiSecret),
      ...headers,
    },
    body,
  });
}

describe('Shopify webhooks', () => {
  const body = JSON.stringify({
    id: 5001,
    admin_graphql_api_id: 'gid://shopify/Order/5001',
    name: '#5001',
    created_at: '2026-11-21T10:00:00Z',
    currency: 'EUR',
    total_price: '1.00',
    line_items: [],
  });

  it('rejects a wrong HMAC with 401 and records nothing', async () => {
    const res = await webhook(body, {
      'X-Shopify-Hmac-Sha256': signWebhook(body, 'wrong-secret'),
      'X-Shopify-Webhook-Id': 'wh-bad',
    });
    expect(res.status).toBe(401);
    expect(await webhookInboxTable.list(database.db, { webhookId: 'wh-bad' })).toHaveLength(0);
  });

  it('records a delivery once, answers 200 to the duplicate, and starts the order workflow', async () => {
    expect((await webhook(body)).status).toBe(200);
    const again = await webhook(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(await webhookInboxTable.list(database.db, { shopId: 'a.myshopify.com' })).toHaveLength(1);
    // The merchant's log says why the second delivery did nothing.
    const noted = await eventLogTable.list(database.db, { shopId: 'a.myshopify.com', event: 'webhook.skipped' });
    expect(noted.map((l: { body: { reason: string } }) => l.body.reason)).toEqual(['DUPLICATE_ORDER']);
    expect(noted[0]).toMatchObject({ orderId: '5001', orderName: '#5001' });
    const handle = temporal.client.workflow.getHandle('order:a.myshopify.com:5001');
    await expect
      .poll(async () => (await handle.describe().catch(() => undefined))?.status.name, { timeout: 10_000 })
      .toBe('RUNNING');
    await expect
      .poll(async () => (await webhookInboxTable.first(database.db, { webhookId: 'wh-1' }))?.signalledAt, {
        timeout: 10_000,
      })
      .toBeTruthy();
  });

  it('answers 200 to an order webhook of a shop that is not installed, and drops it: no inbox row, no workflow', async () => {
    const stranger = JSON.stringify({
      id: 7001,
      admin_graphql_api_id: 'gid://shopify/Order/7001',
      name: '#7001',
      line_items: [],
    });
    const res = await webhook(stranger, {
      'X-Shopify-Shop-Domain': 'fremd.myshopify.com',
      'X-Shopify-Webhook-Id': 'wh-stranger',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dropped: 'SHOP_NOT_INSTALLED' });
    expect(await webhookInboxTable.list(database.db, { webhookId: 'wh-stranger' })).toHaveLength(0);
    await expect(temporal.client.workflow.getHandle('order:fremd.myshopify.com:7001').describe()).rejects.toThrow();
  });

  it('answers 400 with a German message to a body that is not JSON', async () => {
    const res = await webhook('{kaputt', { 'X-Shopify-Webhook-Id': 'wh-json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/kein gültiges JSON/);
  });
});

describe('session tokens and tenancy', () => {
  it('takes the shop from the token only', async () => {
    const res = await fetch(`${gateway.url}/api/shop?shop=b.myshopify.com`, {
      headers: { Authorization: `Bearer ${await token('a.myshopify.com')}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { shop: string }).shop).toBe('a.myshopify.com');
  });

  it.each([
    ['no token', async () => ''],
    ['a foreign audience', async () => token('a.myshopify.com', { apiKey: 'other-app' })],
    ['a foreign secret', async () => token('a.myshopify.com', { apiSecret: 'forged' })],
    ['an expired token', async () => token('a.myshopify.com', { ttlSeconds: -30 })],
  ])('answers 401 with a German message for %s', async (_name, make) => {
    const t = await make();
    const res = await fetch(`${gateway.url}/api/shop`, { headers: t ? { Authorization: `Bearer ${t}` } : {} });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/Sitzung|Sitzungstoken/);
  });

  it('answers 404 for a shop that never installed the app', async () => {
    const res = await fetch(`${gateway.url}/api/shop`, {
      headers: { Authorization: `Bearer ${await token('never.myshopify.com')}` },
    });
    expect(res.status).toBe(404);
  });
});

describe('OAuth entry points', () => {
  it('sends an install opened inside the admin iframe to the shell’s /exitiframe', async () => {
    const res = await fetch(`${gateway.url}/api/auth?shop=a.myshopify.com&embedded=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${settings.shellUrl}/exitiframe`);
    expect(target.searchParams.get('redirectUri')).toBe('/api/auth?shop=a.myshopify.com');
  });

  it('refuses an install link with a forged HMAC', async () => {
    const res = await fetch(`${gateway.url}/api/auth?shop=a.myshopify.com&timestamp=1&hmac=deadbeef`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(401);
  });

  it('refuses an invalid shop domain with a German message', async () => {
    const res = await fetch(`${gateway.url}/api/auth?shop=evil.example.com`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Ungültige Shop-Domain');
  });

  it('refuses a Lexware callback whose state it never issued', async () => {
    const res = await fetch(`${gateway.url}/api/lexoffice/callback?code=x&state=unknown`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/abgelaufen/);
  });
});

describe('stopping: the Temporal calls still running', () => {
  it('counts a call until its final status, so the connection is closed only after it', async () => {
    const calls = createTemporalCalls();
    const connection = await Connection.connect({ address: temporal.address, interceptors: calls.interceptors });
    const handle = await new Client({ connection }).workflow.start('noWorkerServesThis', {
      taskQueue: 'nobody-polls-this',
      workflowId: `calls-${Date.now()}`,
    });
    expect(calls.inFlight).toBe(0);
    // Waiting for the result is a long poll that stays open until the workflow ends.
    const result = handle.result().catch((error: unknown) => error);
    await expect.poll(() => calls.inFlight).toBe(1);
    let settled = false;
    const settling = calls.settle().then(() => (settled = true));
    await temporal.client.workflow.getHandle(handle.workflowId).describe();
    expect(settled).toBe(false);
    await temporal.client.workflow.getHandle(handle.workflowId).terminate('the test is over');
    expect(await result).toBeInstanceOf(WorkflowFailedError);
    await settling;
    expect(calls.inFlight).toBe(0);
    await connection.close();
  });
});
