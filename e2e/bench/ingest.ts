/**
 * Webhook ingestion (issue 17, P1): the gateway's /webhooks/shopify against a bare Koa endpoint that only
 * checks the HMAC, both in this process, loaded by autocannon from a separate process (bench/ingest-load.ts).
 * Prints requests/s at 50 connections for 10 s, their ratio, p99 at 500 requests/s offered, the CPU seconds
 * per 1,000 webhooks of gateway, Temporal and PostgreSQL, and whether every answered webhook is in the inbox.
 * Prints figures; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Koa from 'koa';
import { verifyWebhookHmac } from '@belegfluss/shopify';
import { merchant } from '../src/merchant';
import { startStack } from '../src/stack';
import { CpuMeter, descendants } from './proc';
import { webhookInboxTable } from '@belegfluss/db/testing';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 500);

interface Load {
  requests: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
}

const stack = await startStack({ worker: false });
const shop = 'ingest.myshopify.com';
const m = merchant(stack, shop);
await m.createShop();
await m.install();
const secret = stack.settings.shopify.apiSecret;

// The floor: read the body, check the signature, answer. Nothing else.
const bare = new Koa();
bare.use(async (ctx) => {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const ok = verifyWebhookHmac(Buffer.concat(chunks), ctx.get('x-shopify-hmac-sha256') || undefined, secret);
  ctx.status = ok ? 200 : 401;
  ctx.body = { ok };
});
const bareServer = bare.listen(0, '127.0.0.1');
await once(bareServer, 'listening');
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/webhooks/shopify`;
const gatewayUrl = `${stack.gatewayUrl}/webhooks/shopify`;

const script = fileURLToPath(new URL('./ingest-load.ts', import.meta.url));
async function load(url: string, rate?: number): Promise<Load> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, url, String(CONNECTIONS), String(SECONDS), ...(rate ? [String(rate)] : [])],
    {
      env: { ...process.env, SHOPIFY_API_SECRET: secret, BENCH_SHOP: shop },
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Load;
}

const database = new URL(stack.settings.databaseUrl).pathname.slice(1);
const pg = async () =>
  (
    (await stack.db.raw('select pid from pg_stat_activity where datname = ?', [database])).rows as { pid: number }[]
  ).map((r) => r.pid);
let pgPids = await pg();
const temporal = descendants(process.pid, 'temporal');
const meters = {
  'gateway (+ idle sandbox)': new CpuMeter(() => [process.pid]),
  'Temporal dev server': new CpuMeter(() => temporal),
  PostgreSQL: new CpuMeter(() => pgPids),
};

const bareMax = await load(bareUrl);
for (const meter of Object.values(meters)) meter.mark();
const gatewayMax = await load(gatewayUrl);
pgPids = [...new Set([...pgPids, ...(await pg())])];
const cpu = Object.entries(meters).map(([name, meter]) => [name, meter.used()] as const);
const gatewayRate = await load(gatewayUrl, RATE);
const bareRate = await load(bareUrl, RATE);

// Nothing lost: every webhook answered 200 is in the inbox.
const stored = Number(await webhookInboxTable.count(stack.db, { shopId: shop }));
const answered = gatewayMax.ok + gatewayRate.ok;

const line = (name: string, r: Load) =>
  console.log(
    `  ${name.padEnd(34)} ${r.requests.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  (${r.ok} × 200, ${r.non2xx} other, ${r.errors} errors, ${r.timeouts} timeouts)`,
  );
console.log(`webhook ingestion, autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s`);
line('bare Koa + HMAC, as fast as it goes', bareMax);
line('gateway, as fast as it goes', gatewayMax);
console.log(`  ratio gateway / bare              ${(gatewayMax.requests / bareMax.requests).toFixed(2)}`);
line(`gateway at ${RATE}/s offered`, gatewayRate);
line(`bare at ${RATE}/s offered`, bareRate);
for (const [name, used] of cpu)
  console.log(
    `  CPU s per 1,000 webhooks   ${((used / gatewayMax.total) * 1000).toFixed(2).padStart(6)}  ${name} (${used.toFixed(1)} s)`,
  );
console.log(
  `  answered 200 ${answered}, in the inbox ${stored}${stored >= answered ? ' (nothing lost)' : ' — LOST WEBHOOKS'}`,
);
bareServer.close();
await stack.stop();
process.exit(0);
