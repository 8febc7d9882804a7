/**
 * The floor under the order workflow's benches: what Temporal alone costs per order on this machine, whatever
 * the order workflow does. BENCH_FLOOR_WORKFLOWS (5,000) workflows that do the least an order workflow does (bench/floor/
 * workflow.ts: started by a signal that carries an order, one local activity, a 30-day idle timer), started from a
 * separate process as the gateway starts them, on the same dev server flags as the stack, with a worker of the
 * order worker's cache size. Variants price one part of an order workflow each: BENCH_FLOOR_PATCH=1 (one
 * `patched()`), BENCH_FLOOR_STATUS=1 (the order's search attributes and a status upsert), BENCH_FLOOR_HEAVY=1 (the
 * order worker's whole bundle). Prints workflows per second, the CPU milliseconds per workflow of the Temporal dev
 * server and of the worker (this process; the load runs in its own), and the worker's peak RSS. Asserts nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { SEARCH_ATTRIBUTES, workflowSource } from '@belegfluss/workflows';
import { TEMPORAL_DEV_FLAGS } from '../src/stack';
import { CpuMeter, descendants, peakRssMb } from './proc';

const WORKFLOWS = Number(process.env.BENCH_FLOOR_WORKFLOWS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_FLOOR_CONCURRENCY ?? 16);
/** The floor workflow bundled with all of the order worker's workflow code, as the order worker loads it. */
const HEAVY = process.env.BENCH_FLOOR_HEAVY === '1';
const kinds = (process.env.BENCH_FLOOR_STEPS ?? 'local').split(',');
const steps = kinds.length === 1 && kinds[0] === 'local' ? 'one local activity' : `activities ${kinds.join(', ')}`;

const env = await TestWorkflowEnvironment.createLocal({
  server: {
    executable: { type: 'existing-path', path: process.env.TEMPORAL_CLI_PATH! },
    searchAttributes: SEARCH_ATTRIBUTES,
    extraArgs: TEMPORAL_DEV_FLAGS,
  },
});
const taskQueue = 'floor';
let settled = 0;
const worker = await Worker.create({
  connection: env.nativeConnection,
  taskQueue,
  ...(HEAVY
    ? {
        workflowsPath: fileURLToPath(new URL('./floor/workflow-heavy.ts', import.meta.url)),
        bundlerOptions: workflowSource.bundlerOptions,
      }
    : { workflowsPath: fileURLToPath(new URL('./floor/workflow.ts', import.meta.url)) }),
  activities: { settled: async () => void settled++, step: async () => undefined },
  maxCachedWorkflows: Number(process.env.WORKER_MAX_CACHED_WORKFLOWS ?? 250),
});
const running = worker.run();

const meters = {
  'Temporal dev server': new CpuMeter(() => descendants(process.pid, 'temporal')),
  'worker (this process)': new CpuMeter(() => [process.pid]),
};
for (const meter of Object.values(meters)) meter.mark();
const started = Date.now();
const load = promisify(execFile)(process.execPath, [
  '--import',
  'tsx',
  fileURLToPath(new URL('./floor/load.ts', import.meta.url)),
  env.address,
  taskQueue,
  String(WORKFLOWS),
  String(CONCURRENCY),
]);
let sent = 0;
let failed: unknown;
load.then(
  () => (sent = Date.now() - started),
  (error: unknown) => (failed = error),
);
// A workflow that cannot run (a bundle that fails to load) never settles: give up instead of waiting forever.
const deadline = started + Number(process.env.BENCH_FLOOR_MINUTES ?? 30) * 60_000;
while (settled < WORKFLOWS && !failed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
if (failed) throw failed;
if (settled < WORKFLOWS) throw new Error(`only ${settled} of ${WORKFLOWS} floor workflows settled in time`);
const seconds = (Date.now() - started) / 1000;
await load;

console.log(
  `\nFloor: ${WORKFLOWS} minimal order workflows (signalWithStart, ${steps}, an idle timer${
    process.env.BENCH_FLOOR_PATCH === '1' ? ', one patch' : ''
  }${process.env.BENCH_FLOOR_STATUS === '1' ? ', search attributes and a status upsert' : ''})`,
);
console.log(`  started within ${(sent / 1000).toFixed(1)} s; all settled after ${seconds.toFixed(1)} s`);
console.log(`  ${(WORKFLOWS / seconds).toFixed(1)} workflows/s`);
for (const [name, meter] of Object.entries(meters))
  console.log(`  ${name}: ${((meter.used() * 1000) / WORKFLOWS).toFixed(1)} CPU ms per workflow`);
console.log(`  worker peak RSS ${peakRssMb(process.pid).toFixed(0)} MB`);

worker.shutdown();
await running;
await env.teardown();
