/**
 * Webhook ingestion: how many signed Shopify webhooks per second the gateway
 * verifies, records in the inbox and answers, and how long each answer takes.
 * Real PostgreSQL and a real Temporal dev server; prints figures, asserts nothing.
 * In the same run, a bare Koa endpoint that only checks the HMAC gets the same load:
 * the ratio says what the inbox write and the rest of the gateway cost.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import getRawBody from 'raw-body';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTestDatabase, webhookInboxTable } from '@belegfluss/db/testing';
import { readSettings } from '@belegfluss/shared/settings';
import { signWebhook, verifyWebhookHmac } from '@belegfluss/shopify';
import { SEARCH_ATTRIBUTES, quietTemporal } from '@belegfluss/workflows';
import { startGateway } from '../src/main';

const TOTAL = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

quietTemporal();
const database = await createTestDatabase();
const temporal = await TestWorkflowEnvironment.createLocal({
  server: {
    executable: { type: 'existing-path', path: process.env.TEMPORAL_CLI_PATH ?? '.venv/bin/temporal' },
    searchAttributes: SEARCH_ATTRIBUTES,
  },
});
const settings = {
  ...readSettings(),
  databaseUrl: database.url,
  temporalAddress: temporal.address,
  taskQueue: 'bench-no-worker',
};
process.env.LOG_LEVEL = 'warn';
const gateway = await startGateway(settings, 0);

/** The floor: Koa, the raw body and the HMAC check, nothing else. */
const bare = new Koa();
bare.use(async (ctx) => {
  const raw = await getRawBody(ctx.req);
  ctx.status = verifyWebhookHmac(raw, ctx.get('x-shopify-hmac-sha256') || undefined, settings.shopify.apiSecret)
    ? 200
    : 401;
  ctx.body = '';
});
const bareServer = bare.listen(0, '127.0.0.1');
await new Promise((r) => bareServer.once('listening', r));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

interface Run {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

async function load(url: string, prefix: string): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  async function client(): Promise<void> {
    while (next < TOTAL) {
      const i = next++;
      const body = JSON.stringify({
        id: 100000 + i,
        name: `#${100000 + i}`,
        created_at: new Date().toISOString(),
        currency: 'EUR',
        total_price: '10.00',
        line_items: [],
      });
      const started = performance.now();
      const res = await fetch(`${url}/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Shopify-Topic': 'orders/create',
          'X-Shopify-Shop-Domain': 'bench.myshopify.com',
          'X-Shopify-Webhook-Id': `${prefix}-${i}`,
          'X-Shopify-Event-Id': `${prefix}-event-${i}`,
          'X-Shopify-Hmac-Sha256': signWebhook(body, settings.shopify.apiSecret),
        },
        body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`webhook ${i} answered ${res.status}`);
      latencies.push(performance.now() - started);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { perSecond: TOTAL / seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
}

// Both warm up first (JIT, connection pools), then run in turn on the same machine.
await load(bareUrl, 'warm-bare');
await load(gateway.url, 'warm-gw');
const floor = await load(bareUrl, 'bare');
const full = await load(gateway.url, 'bench');
const count = await webhookInboxTable.count(database.db, {}, { like: { webhookId: 'bench-%' } });
const line = (r: Run) =>
  `${r.perSecond.toFixed(0).padStart(6)} webhooks/s · p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms`;
console.log(`webhook ingestion: ${TOTAL} webhooks, concurrency ${CONCURRENCY}`);
console.log(`  gateway (HMAC + inbox + answer)  ${line(full)}`);
console.log(`  bare Koa (HMAC only)             ${line(floor)}`);
console.log(
  `  ratio gateway / bare             throughput ${(full.perSecond / floor.perSecond).toFixed(2)} · p99 ${(full.p99 / floor.p99).toFixed(2)}×`,
);
console.log(`  inbox rows      ${count} (every answered webhook recorded)`);

bareServer.close();
await gateway.close();
await temporal.teardown();
await database.drop();
