/**
 * A backlog of paid orders across several shops, through the whole stack: sandbox
 * webhooks → gateway → Temporal → worker → sandbox Lexware. Prints Lexware calls per invoice, invoices per
 * second per connection against the 2 req/s bound, 429 answers (those of the rate limit itself apart),
 * duplicates, the slowest/fastest shop ratio, database transactions and Temporal history events per invoice,
 * and the CPU seconds per 1,000 invoices of each process with the workers' peak memory.
 * BENCH_WORKERS worker processes and BENCH_GATEWAYS gateway processes (1 and 1 unless set; more gateways stand
 * behind nginx on the app's URL) run scaled out as in production; the sandbox runs in a process of its own.
 * BENCH_PER_SHOP=1 also lists, per shop, when its first and last webhook arrived, its last signal and its last
 * invoice. Prints figures; asserts nothing.
 */
import { merchant, eventually } from '../src/merchant';
import { startStack } from '../src/stack';
import {
  CpuMeter,
  descendants,
  orderHistoryEvents,
  peakRssMb,
  postgresPids,
  startGatewayProcesses,
  startWorkerProcess,
} from './proc';
import { documentsTable, drainStagesPerShop, finishedTransactions, shopsTable } from '@belegfluss/db/testing';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS_PER_SHOP ?? 100);

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1);

const stack = await startStack({ worker: false, sandboxProcess: true });
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each worker there (it is written when the worker stops).
const workers = [];
for (let i = 0; i < WORKERS; i++) workers.push(await startWorkerProcess(stack, {}, process.env.BENCH_CPU_PROF));
const gateways = await startGatewayProcesses(stack, GATEWAYS);
const postgres = () => postgresPids(stack.db, stack.settings.databaseUrl);
let pgPids: number[] = [];
const temporalPids = descendants(process.pid, 'temporal');
const meters: Record<string, CpuMeter> = {
  'sandbox (own process)': new CpuMeter(() => [stack.sandbox.pid]),
  [`gateway${GATEWAYS > 1 ? `s (${GATEWAYS})` : ''}`]: new CpuMeter(() => gateways.gateways.map((g) => g.pid!)),
  ...Object.fromEntries(workers.map((w, i) => [`worker ${i + 1}`, new CpuMeter(() => [w.pid!])])),
  'Temporal dev server': new CpuMeter(() => temporalPids),
  'PostgreSQL (this database)': new CpuMeter(() => pgPids),
};
const control = stack.sandbox.urls.control;
const shops = Array.from({ length: SHOPS }, (_, i) => `bench-${i + 1}.myshopify.com`);
for (const shop of shops) {
  const m = merchant(stack, shop);
  await m.createShop();
  await m.install();
  await m.connectLexware();
}
// The free plan's 10 transfers would stop the backlog early: give every shop the business plan.
await shopsTable.update(stack.db, {}, { planId: 'business', transfersQuota: 3000 }, { in: { id: shops } });
await fetch(`${control}/control/lexware/stats`, { method: 'DELETE' });

// BENCH_LEXWARE_FAULTS=0.3: that share of Lexware answers is a fault, split evenly into 429, 500 and 504
// (a 504 after performing the write, as the real gateway may).
const faults = Number(process.env.BENCH_LEXWARE_FAULTS ?? 0);
if (faults > 0) {
  await fetch(`${control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      lexware: { rate429: faults / 3, rate500: faults / 3, rate504: faults / 3, write504: true },
    }),
  });
}
pgPids = await postgres();
const transactionsBefore = await finishedTransactions(stack.db);
for (const m of Object.values(meters)) m.mark();
const started = performance.now();
await Promise.all(
  shops.map(async (shop) => {
    const res = await fetch(`${control}/control/shops/${shop}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenario: 'de_b2c', paid: true, count: ORDERS }),
    });
    if (!res.ok) throw new Error(`orders for ${shop}: ${res.status} ${await res.text()}`);
  }),
);
const total = SHOPS * ORDERS;
let last = -1;
let polls = 0; // the bench's own reads, left out of the database transactions below
await eventually(async () => {
  polls += 1;
  const count = await documentsTable.count(stack.db, {}, { notNull: ['lexwareId'] });
  if (Number(count) !== last) {
    last = Number(count);
    process.stdout.write(`\r  ${last}/${total} invoices`);
  }
  return Number(count) >= total;
}, 60 * 60_000);
const seconds = (performance.now() - started) / 1000;
process.stdout.write('\n');
pgPids = [...new Set([...pgPids, ...(await postgres())])];
const cpu = Object.entries(meters).map(([name, m]) => [name, m.used()] as const);
// Each shop's drain time: from the start until its last invoice was recorded; and the stages before it, so a
// skew in when the sandbox delivered a shop's webhooks is told apart from a skew in the drain itself.
const perShop = await drainStagesPerShop(stack.db);
const startedAt = Date.now() - seconds * 1000;
const since = (d: Date | null) => (d ? (d.getTime() - startedAt) / 1000 : NaN);
const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
const drain = sorted(perShop.map((r) => since(r.done)));
const ownDrain = sorted(perShop.map((r) => since(r.done) - since(r.firstReceived)));
const firstWebhook = sorted(perShop.map((r) => since(r.firstReceived)));
const lastWebhook = sorted(perShop.map((r) => since(r.lastReceived)));
const lastSignal = sorted(perShop.map((r) => since(r.lastSignalled)));
if (process.env.BENCH_PER_SHOP)
  for (const r of [...perShop].sort((a, b) => a.done.getTime() - b.done.getTime()))
    console.log(
      `    ${r.shopId} first ${since(r.firstReceived).toFixed(1)} last ${since(r.lastReceived).toFixed(1)} signalled ${since(r.lastSignalled).toFixed(1)} done ${since(r.done).toFixed(1)}`,
    );
const transactions = (await finishedTransactions(stack.db)) - transactionsBefore - polls;
const history = await orderHistoryEvents(stack);
const span = (xs: number[]) => `${xs[0]!.toFixed(1)} s … ${xs.at(-1)!.toFixed(1)} s`;

const stats = (await (await fetch(`${control}/control/lexware/stats`)).json()) as Record<
  string,
  { requests: number; byStatus: Record<string, number>; byRoute: Record<string, number>; rateLimited: number }
>;
const invoices = (await (await fetch(`${control}/control/lexware/invoices`)).json()) as { remark?: string }[];
const requests = Object.values(stats).reduce((s, x) => s + x.requests, 0);
const r429 = Object.values(stats).reduce((s, x) => s + (x.byStatus['429'] ?? 0), 0);
const rateLimited = Object.values(stats).reduce((s, x) => s + x.rateLimited, 0);
const routes: Record<string, number> = {};
for (const s of Object.values(stats)) for (const [r, n] of Object.entries(s.byRoute)) routes[r] = (routes[r] ?? 0) + n;
const perReference = new Map<string, number>();
for (const inv of invoices) {
  const ref = /Bestellung (#\d+)/.exec(inv.remark ?? '')?.[1] ?? '?';
  perReference.set(ref, (perReference.get(ref) ?? 0) + 1);
}
// Order names repeat across shops (#1001 in every shop), so compare against the shop count.
const duplicates =
  [...perReference.values()].reduce((s, n) => s + Math.max(0, n - SHOPS), 0) + Math.max(0, invoices.length - total);

console.log(
  `backlog: ${total} paid orders across ${SHOPS} shops (${ORDERS} each), every shop its own Lexware connection${faults ? `, ${faults * 100} % Lexware faults` : ''}; ${WORKERS} worker process(es), ${GATEWAYS} gateway process(es)`,
);
console.log(`  time                         ${seconds.toFixed(1)} s`);
console.log(`  throughput                   ${(total / seconds).toFixed(1)} invoices/s`);
console.log(`  invoices created             ${invoices.length}`);
console.log(
  `  Lexware calls per invoice    ${(requests / total).toFixed(2)}  (${Object.entries(routes)
    .map(([r, n]) => `${r}: ${n}`)
    .join(', ')})`,
);
console.log(
  `  invoices/s per connection    ${(ORDERS / seconds).toFixed(2)}  (bound: 2 req/s ÷ ${(requests / total).toFixed(2)} calls = ${(2 / (requests / total)).toFixed(2)})`,
);
console.log(`  requests/s per connection    ${(requests / SHOPS / seconds).toFixed(2)}  (limit 2)`);
console.log(`  429 answers                  ${r429} (of the rate limit itself: ${rateLimited})`);
console.log(`  duplicates                   ${duplicates}`);
console.log(
  `  slowest/fastest shop         ${(drain.at(-1)! / drain[0]!).toFixed(2)}  (${span(drain)}, from the common start)`,
);
console.log(
  `    from each shop's first webhook ${(ownDrain.at(-1)! / ownDrain[0]!).toFixed(2)}  (${span(ownDrain)}); first webhooks ${span(firstWebhook)}, last ${span(lastWebhook)}, last signals ${span(lastSignal)}`,
);
console.log(
  `  database transactions        ${(transactions / total).toFixed(1)} per invoice (a statement outside a transaction counts one)`,
);
console.log(
  `  Temporal history events      ${(history.events / total).toFixed(1)} per invoice (${history.workflows} order workflows)`,
);
for (const [name, used] of cpu)
  console.log(
    `  CPU s per 1,000 invoices     ${((used / total) * 1000).toFixed(1).padStart(6)}  ${name} (${used.toFixed(1)} s)`,
  );
for (const [i, w] of workers.entries())
  console.log(`  worker ${i + 1} peak RSS            ${peakRssMb(w.pid!).toFixed(0)} MB`);
await Promise.all(
  workers.map(async (w) => {
    w.kill('SIGTERM');
    await new Promise((resolve) => w.once('exit', resolve));
  }),
);
await gateways.stop();
await stack.stop();
process.exit(0);
