/**
 * Webhook ingestion: the gateway's /webhooks/shopify against a bare Koa endpoint that only
 * checks the HMAC. Gateway and bare endpoint each run in their own process (as in production, and so their
 * CPU can be told apart), loaded by autocannon from a third (bench/ingest-load.ts).
 * Prints requests/s at 50 connections for 10 s, their ratio, p99 at 500 requests/s offered, the CPU seconds
 * per 1,000 webhooks of every process while they are taken in and while the backlog is handed to Temporal
 * afterwards, and whether every answered webhook is in the inbox. Prints figures; asserts nothing.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the gateway process there.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { merchant } from '../src/merchant';
import { startStack } from '../src/stack';
import { CpuMeter, descendants, postgresPids, spawnTs, startGatewayProcess } from './proc';
import { webhookInboxTable } from '@belegfluss/db/testing';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 300);
const PROFILE = process.env.BENCH_CPU_PROF;

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
  cpu: number;
}

const stack = await startStack({ worker: false });
const shop = 'ingest.myshopify.com';
const m = merchant(stack, shop);
await m.createShop();
await m.install();
const secret = stack.settings.shopify.apiSecret;
// The gateway in its own process, on the port the sandbox knows as the app's URL.
const gateway = await startGatewayProcess(stack, PROFILE);
const bare = spawnTs(fileURLToPath(new URL('./ingest-bare.ts', import.meta.url)), [], {
  ...process.env,
  SHOPIFY_API_SECRET: secret,
});
const [barePort] = (await once(createInterface({ input: bare.stdout! }), 'line')) as [string];
const bareUrl = `http://127.0.0.1:${barePort.trim()}/webhooks/shopify`;
const gatewayUrl = `${stack.gatewayUrl}/webhooks/shopify`;

const script = fileURLToPath(new URL('./ingest-load.ts', import.meta.url));
async function load(url: string, rate?: number, seconds = SECONDS): Promise<Load> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, url, String(CONNECTIONS), String(seconds), ...(rate ? [String(rate)] : [])],
    { env: { ...process.env, SHOPIFY_API_SECRET: secret, BENCH_SHOP: shop }, maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Load;
}

const pg = () => postgresPids(stack.db, stack.settings.databaseUrl);
let pgPids = await pg();
const temporal = descendants(process.pid, 'temporal');
const meters = {
  gateway: new CpuMeter(() => [gateway.pid!]),
  'Temporal dev server': new CpuMeter(() => temporal),
  PostgreSQL: new CpuMeter(() => pgPids),
  'bench + idle sandbox': new CpuMeter(() => [process.pid]),
};
const measure = () => {
  for (const meter of Object.values(meters)) meter.mark();
  return async () => {
    pgPids = [...new Set([...pgPids, ...(await pg())])];
    return Object.entries(meters).map(([name, meter]) => [name, meter.used()] as const);
  };
};
const unsignalled = () => webhookInboxTable.count(stack.db, {}, { isNull: ['signalledAt'] });
const waitForDrain = async (deadline: number) => {
  while ((await unsignalled()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
};

// Warm up both (JIT, pools), then let the warm-up's webhooks reach Temporal before measuring.
await load(bareUrl, undefined, 2);
await load(gatewayUrl, undefined, 2);
await waitForDrain(Date.now() + DRAIN_SECONDS * 1000);

// 500/s first, with its own webhooks reaching Temporal at the same time (as in steady operation), and no
// backlog of an earlier run in the way; then the bare endpoint, then the gateway as fast as it goes.
const gatewayRate = await load(gatewayUrl, RATE);
await waitForDrain(Date.now() + DRAIN_SECONDS * 1000);
const bareRate = await load(bareUrl, RATE);
const bareMeter = new CpuMeter(() => [bare.pid!]);
bareMeter.mark();
const bareMax = await load(bareUrl);
const bareCpu = bareMeter.used();
let done = measure();
const gatewayMax = await load(gatewayUrl);
const ingestCpu = await done();
const drainStart = Date.now();
const backlog = await unsignalled();
done = measure();
await waitForDrain(drainStart + DRAIN_SECONDS * 1000);
const drainCpu = await done();
const drainSeconds = (Date.now() - drainStart) / 1000;
const left = await unsignalled();

// Nothing lost: every webhook answered 200 is in the inbox.
const stored = Number(await webhookInboxTable.count(stack.db, { shopId: shop }));
const answered = gatewayMax.ok + gatewayRate.ok;

const line = (name: string, r: Load) =>
  console.log(
    `  ${name.padEnd(34)} ${r.requests.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  (${r.ok} × 200, ${r.non2xx} other, ${r.errors} errors, ${r.timeouts} timeouts)`,
  );
const perThousand = (used: number) => ((used / gatewayMax.total) * 1000).toFixed(2).padStart(6);
console.log(
  `webhook ingestion, each server in its own process, autocannon in a third, ${CONNECTIONS} connections, ${SECONDS} s`,
);
line('bare Koa + HMAC, as fast as it goes', bareMax);
line('gateway, as fast as it goes', gatewayMax);
console.log(`  ratio gateway / bare              ${(gatewayMax.requests / bareMax.requests).toFixed(2)}`);
line(`gateway at ${RATE}/s offered`, gatewayRate);
line(`bare at ${RATE}/s offered`, bareRate);
console.log(
  `  CPU s per 1,000 webhooks (${gatewayMax.total} webhooks): taking them in | handing them to Temporal after`,
);
for (const [i, [name, used]] of ingestCpu.entries()) {
  const after = drainCpu[i]![1];
  console.log(
    `    ${name.padEnd(24)} ${perThousand(used)} | ${perThousand(after)}   (${used.toFixed(1)} s | ${after.toFixed(1)} s)`,
  );
}
console.log(`    ${'load generator'.padEnd(24)} ${perThousand(gatewayMax.cpu)}`);
console.log(
  `    ${'(bare endpoint'.padEnd(24)} ${((bareCpu / bareMax.total) * 1000).toFixed(2).padStart(6)}   per 1,000 of its own ${bareMax.total} requests; its load generator ${((bareMax.cpu / bareMax.total) * 1000).toFixed(2)})`,
);
console.log(
  `  backlog after the run ${backlog} unsignalled; handed to Temporal in ${drainSeconds.toFixed(1)} s (${(backlog / drainSeconds).toFixed(0)}/s)${left ? `, ${left} still waiting` : ''}`,
);
console.log(
  `  answered 200 ${answered}, in the inbox ${stored}${stored >= answered ? ' (nothing lost)' : ' — LOST WEBHOOKS'}`,
);
bare.kill();
gateway.kill('SIGINT');
await once(gateway, 'exit');
await stack.stop();
process.exit(0);
