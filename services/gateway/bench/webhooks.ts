/**
 * Webhook ingestion: how many signed Shopify webhooks per second the gateway
 * verifies, records in the inbox and answers, and how long each answer takes.
 * Real PostgreSQL and a real Temporal dev server; prints figures, asserts nothing.
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTestDatabase } from '@belegfluss/db/testing';
import { readSettings } from '@belegfluss/shared/settings';
import { signWebhook } from '@belegfluss/shopify';
import { SEARCH_ATTRIBUTES, quietTemporal } from '@belegfluss/workflows';
import { startGateway } from '../src/main';

const TOTAL = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

quietTemporal();
const database = await createTestDatabase();
const temporal = await TestWorkflowEnvironment.createLocal({
  server: { executable: { type: 'existing-path', path: process.env.TEMPORAL_CLI_PATH ?? '.venv/bin/temporal' }, searchAttributes: SEARCH_ATTRIBUTES },
});
const settings = { ...readSettings(), databaseUrl: database.url, temporalAddress: temporal.address, taskQueue: 'bench-no-worker' };
process.env.LOG_LEVEL = 'warn';
const gateway = await startGateway(settings, 0);

const latencies: number[] = [];
let next = 0;
async function client(): Promise<void> {
  while (next < TOTAL) {
    const i = next++;
    const body = JSON.stringify({ id: 100000 + i, name: `#${100000 + i}`, created_at: new Date().toISOString(), currency: 'EUR', total_price: '10.00', line_items: [] });
    const started = performance.now();
    const res = await fetch(`${gateway.url}/webhooks/shopify`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json', 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Shop-Domain': 'bench.myshopify.com',
        'X-Shopify-Webhook-Id': `bench-${i}`, 'X-Shopify-Event-Id': `event-${i}`, 'X-Shopify-Hmac-Sha256': signWebhook(body, settings.shopify.apiSecret),
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
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
const count = (await database.db('webhook_inbox').count<{ count: number }[]>({ count: '*' }))[0]?.count ?? 0;
console.log(`webhook ingestion: ${TOTAL} webhooks, concurrency ${CONCURRENCY}`);
console.log(`  throughput      ${(TOTAL / seconds).toFixed(0)} webhooks/s`);
console.log(`  latency         p50 ${pct(0.5)} ms · p95 ${pct(0.95)} ms · p99 ${pct(0.99)} ms`);
console.log(`  inbox rows      ${count} (every answered webhook recorded)`);

await gateway.close();
await temporal.teardown();
await database.drop();
