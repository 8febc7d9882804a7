/**
 * What a burst costs later: BENCH_SETTLE_WEBHOOKS (20,000) distinct orders/create webhooks of
 * unpaid orders, sent through the gateway as fast as autocannon (in its own process) goes, then each settled by
 * its order workflow: recorded, judged (it waits for payment), logged, and its inbox row marked. Gateway and
 * worker run in their own processes, as in production.
 * BENCH_SETTLE_PAID=1 sends orders/paid webhooks of paid orders instead, and each workflow makes its invoice (and
 * its contact) in the sandbox's Lexware before its row is settled. For that burst the sandbox's Lexware rate limit
 * (2 requests/s per connection) is turned off and the worker's own pacing raised to match
 * (LEXWARE_REQUESTS_PER_SECOND): at 2/s, 5,000 invoices would take over an hour of waiting that costs no CPU,
 * while every call still takes its slot through the shared throttle, as in production. The shop's transfer
 * quota is raised to the burst. It also prints the activities of one order's history, local and normal, which
 * bench/floor-ratio.ts gives its floor. Prints how long the burst took, when the last inbox row
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
  activitiesOfOneOrder,
  CpuMeter,
  descendants,
  orderHistoryEvents,
  peakRssMb,
  postgresPids,
  startGatewayProcess,
  startWorkerProcess,
} from './proc';
import { documentsTable, finishedTransactions, shopsTable, webhookInboxTable } from '@belegfluss/db/testing';

const WEBHOOKS = Number(process.env.BENCH_SETTLE_WEBHOOKS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEADLINE_MINUTES = Number(process.env.BENCH_SETTLE_MINUTES ?? 60);
const PAID = process.env.BENCH_SETTLE_PAID === '1';

const stack = await startStack({ worker: false });
const shop = 'burst.myshopify.com';
const m = merchant(stack, shop);
await m.createShop();
await m.install();
await m.connectLexware();
if (PAID) {
  await shopsTable.update(stack.db, { id: shop }, { transfersQuota: WEBHOOKS + 100 });
  const knobs = await fetch(`${stack.sandbox.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lexware: { rateLimitPerSecond: 0 } }),
  });
  if (!knobs.ok) throw new Error(`the sandbox's knobs answered ${knobs.status}`);
}
const gateway = await startGatewayProcess(stack);
const worker = await startWorkerProcess(
  stack,
  PAID ? { LEXWARE_REQUESTS_PER_SECOND: '1000' } : {},
  process.env.BENCH_CPU_PROF,
);

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
    env: {
      ...process.env,
      SHOPIFY_API_SECRET: stack.settings.shopify.apiSecret,
      BENCH_SHOP: shop,
      BENCH_PAID: PAID ? '1' : '0',
    },
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
const one = await activitiesOfOneOrder(stack);

console.log(
  `burst: ${WEBHOOKS} ${PAID ? 'orders/paid webhooks of paid orders (Lexware unthrottled)' : 'orders/create webhooks of unpaid orders'}, ${CONNECTIONS} connections, one shop`,
);
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
if (PAID)
  console.log(
    `  invoices                     ${await documentsTable.count(stack.db, { shopId: shop, type: 'invoice' })} made`,
  );
console.log(
  `  one order's history          ${one.local} local activities, ${one.normal} activities (${one.names.join(', ')})`,
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
