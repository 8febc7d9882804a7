import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, post, startTestSandbox } from '../test-support.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('control page and CLI', () => {
  it('serves the German control page and its script', async () => {
    const html = await (await fetch(`${sb.urls.control}/`)).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Bestellung anlegen');
    const js = await fetch(`${sb.urls.control}/control/page.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
  });

  it('sends compliance topics by hand', async () => {
    await post(`${sb.urls.control}/control/shops`, { shop: 'gdpr-shop' });
    const res = await post(`${sb.urls.control}/control/shops/gdpr-shop/webhooks`, { topic: 'shop/redact' });
    expect(res.status).toBe(201);
    await sb.settled();
    const hook = app.received.find((r) => r.headers['x-shopify-topic'] === 'shop/redact');
    expect(JSON.parse(hook!.body)).toMatchObject({ shop_domain: 'gdpr-shop.myshopify.com' });
  });

  it('can deliver duplicates and out of order when the knobs say so', async () => {
    await fetch(`${sb.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shopify: { duplicateRate: 1, outOfOrder: true } }),
    });
    await post(`${sb.urls.control}/control/shops`, { shop: 'knob-shop' });
    await post(`${sb.urls.control}/control/shops/knob-shop/access-token`, {});
    const before = app.received.length;
    await post(`${sb.urls.control}/control/shops/knob-shop/orders`, { scenario: 'tagged' });
    await sb.settled();
    const topics = app.received.slice(before).map((r) => r.headers['x-shopify-topic']);
    expect(topics).toEqual(['orders/paid', 'orders/paid', 'orders/create', 'orders/create']);
    await fetch(`${sb.urls.control}/control/knobs`, { method: 'DELETE' });
  });

  it('drives the sandbox from the CLI', async () => {
    const tsx = path.resolve(root, '../../node_modules/.bin/tsx');
    const cli = (...args: string[]) => run(tsx, ['src/cli.ts', ...args, '--url', sb.urls.control], { cwd: root });
    await cli('shop', 'create', '--shop', 'cli-shop');
    const { stdout } = await cli('order', 'create', '--shop', 'cli-shop', '--scenario', 'ch', '--paid');
    const created = JSON.parse(stdout) as {
      order: { id: number; financial_status: string; shipping_address: { country_code: string } };
    };
    expect(created.order.shipping_address.country_code).toBe('CH');
    const refunded = JSON.parse(
      (await cli('order', 'refund', '--shop', 'cli-shop', '--id', String(created.order.id))).stdout,
    ) as { order: { financial_status: string } };
    expect(refunded.order.financial_status).toBe('refunded');
    const old = JSON.parse(
      (
        await cli(
          'order',
          'create',
          '--shop',
          'cli-shop',
          '--scenario',
          'de_b2c',
          '--date',
          '2025-01-31T10:00:00+01:00',
        )
      ).stdout,
    ) as { order: { id: number; created_at: string }; deliveries: unknown[] };
    expect(old.order.created_at.slice(0, 10)).toBe('2025-01-31');
    expect(old.deliveries).toEqual([]);
    for (const action of ['pay', 'fulfil'])
      await cli('order', action, '--shop', 'cli-shop', '--id', String(old.order.id));
    const cancelled = JSON.parse(
      (await cli('order', 'cancel', '--shop', 'cli-shop', '--id', String(old.order.id))).stdout,
    ) as { order: { cancelled_at: string | null; fulfillment_status: string } };
    expect(cancelled.order).toMatchObject({ cancelled_at: expect.any(String), fulfillment_status: 'fulfilled' });
    const orders = await json<unknown[]>(await fetch(`${sb.urls.control}/control/shops/cli-shop/orders`));
    expect(orders).toHaveLength(2);
  });
});
