/**
 * What a burst costs later: BENCH_SETTLE_WEBHOOKS (20,000) distinct orders/create webhooks of
 * unpaid orders, sent through the gateway as fast as autocannon (in its own process) goes, then each settled by
 * its order workflow: recorded, judged (it waits for payment), logged, and its inbox row marked. Gateway and
 * worker run in their own processes, as in production. Prints how long the burst took, when the last inbox row
 * was settled, rows settled per second, database transactions and Temporal history events per webhook, the CPU
 * seconds per 1,000 webhooks of every process, and the worker's
 * peak resident memory (its workflow cache is bounded by WORKER_MAX_CACHED_WORKFLOWS). Prints figures; asserts
 * nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { merchant } from '../src/merchant';
import { startStack } from '../src/stack';
import {
  CpuMeter,
  descendants,
  orderHistoryEvents,
  peakRssMb,
  postgresPids,
  startGatewayProcess,
  startWorkerProcess,
} from './proc';
import { finishedTransactions, webhookInboxTable } from '@belegfluss/db/testing';

const WEBHOOKS = Number(process.env.BENCH_SETTLE_WEBHOOKS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEADLINE_MINUTES = Number(process.env.BENCH_SETTLE_MINUTES ?? 60);

const stack = await startStack({ worker: false });
const shop = 'burst.myshopify.com';
const m = merchant(stack, shop);
await m.createShop();
await m.install();
await m.connectLexware();
const gateway = await startGatewayProcess(stack);
const worker = await startWorkerProcess(stack, {}, process.env.BENCH_CPU_PROF);

let pgPids = await postgresPids(stack.db, stack.settings.databaseUrl);
const temporal = descendants(process.pid, 'temporal');
const meters = {
  gateway: new CpuMeter(() => [gateway.pid!]),
  worker: new CpuMeter(() => [worker.pid!]),
  'Temporal dev server': new CpuMeter(() => temporal),
  PostgreSQL: new CpuMeter(() => pgPids),
  'bench + idle sandbox': new CpuMeter(() => [process.pid]),
};
const transactionsBefore = await finishedTransactions(stack.db);
for (const meter of Object.values(meters)) meter.mark();

const started = Date.now();
const { stdout } = await promisify(execFile)(
  process.execPath,
  [
    '--import',
    'tsx',
    fileURLToPath(new URL('./ingest-load.ts', import.meta.url)),
    `${stack.gatewayUrl}/webhooks/shopify`,
    String(CONNECTIONS),
    '3600',
    '0',
    String(WEBHOOKS),
  ],
  {
    env: { ...process.env, SHOPIFY_API_SECRET: stack.settings.shopify.apiSecret, BENCH_SHOP: shop },
    maxBuffer: 10 * 1024 * 1024,
  },
);
const burst = JSON.parse(stdout) as { total: number; ok: number; non2xx: number; errors: number; cpu: number };
const burstSeconds = (Date.now() - started) / 1000;

let polls = 0; // the bench's own reads, left out of the database transactions below
const waiting = () => {
  polls += 1;
  return webhookInboxTable.count(stack.db, { shopId: shop, status: 'received' });
};
const deadline = started + DEADLINE_MINUTES * 60_000;
let left = await waiting();
let lastShown = 0;
while (left > 0 && Date.now() < deadline) {
  if (Date.now() - lastShown > 5000) {
    process.stdout.write(
      `\r  ${burst.ok - left}/${burst.ok} settled after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    lastShown = Date.now();
  }
  await new Promise((r) => setTimeout(r, 250));
  left = await waiting();
}
const seconds = (Date.now() - started) / 1000;
process.stdout.write('\n');
pgPids = [...new Set([...pgPids, ...(await postgresPids(stack.db, stack.settings.databaseUrl))])];
const cpu = Object.entries(meters).map(([name, meter]) => [name, meter.used()] as const);
const transactions = (await finishedTransactions(stack.db)) - transactionsBefore - polls;
const history = await orderHistoryEvents(stack);
const stored = await webhookInboxTable.count(stack.db, { shopId: shop });
const settled = stored - left;

console.log(`burst: ${WEBHOOKS} orders/create webhooks of unpaid orders, ${CONNECTIONS} connections, one shop`);
console.log(
  `  taken in                     ${burst.ok} × 200 in ${burstSeconds.toFixed(1)} s (${(burst.ok / burstSeconds).toFixed(0)}/s), ${burst.non2xx} other, ${burst.errors} errors; ${stored} in the inbox`,
);
console.log(
  `  settled                      ${settled} of ${stored} after ${seconds.toFixed(1)} s from the burst's start${left ? ` (${left} still waiting at the deadline)` : ''}`,
);
console.log(`  rows settled per second      ${(settled / seconds).toFixed(1)}`);
console.log(
  `  database transactions        ${(transactions / Math.max(settled, 1)).toFixed(1)} per webhook (gateway and worker; a statement outside a transaction counts one)`,
);
console.log(
  `  Temporal history events      ${(history.events / Math.max(settled, 1)).toFixed(1)} per webhook (${history.workflows} order workflows)`,
);
for (const [name, used] of cpu)
  console.log(
    `  CPU s per 1,000 webhooks     ${((used / Math.max(settled, 1)) * 1000).toFixed(1).padStart(6)}  ${name} (${used.toFixed(1)} s)`,
  );
console.log(
  `    ${'load generator'.padEnd(24)} ${((burst.cpu / Math.max(burst.total, 1)) * 1000).toFixed(1)} (${burst.cpu.toFixed(1)} s)`,
);
console.log(
  `  worker peak RSS              ${peakRssMb(worker.pid!).toFixed(0)} MB (workflow cache ${process.env.WORKER_MAX_CACHED_WORKFLOWS ?? 'default'})`,
);
worker.kill('SIGTERM');
gateway.kill('SIGINT');
await Promise.all([worker, gateway].map((p) => new Promise((resolve) => p.once('exit', resolve))));
await stack.stop();
process.exit(0);
