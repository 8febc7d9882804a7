/**
 * The order workflow against its floor, in one run: for each burst size (BENCH_RATIO_SIZES, "5000,20000" unless
 * set) the real thing (bench/settle.ts: that many orders/paid webhooks of paid orders through gateway, Temporal and
 * the order worker, each invoiced in the sandbox's Lexware by its workflow, with Lexware's rate limit off for the
 * burst) and then its floor (bench/floor.ts: workflows that do only what Temporal needs for such an order, on the
 * same dev server flags: a signal with the order, as many empty activities of the same kinds as one real order's
 * history shows, and the idle timer), each in a process of its own, one after the other on the same machine.
 * Prints the activities it counted, the CPU milliseconds per order of the Temporal dev server plus the worker for
 * both and their ratio (the goal is 1.3 at most). BENCH_RATIO_PAID=0 compares orders/create webhooks of unpaid
 * orders (one round that waits for payment) with the one-local-activity floor instead. Asserts nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sizes = (process.env.BENCH_RATIO_SIZES ?? '5000,20000').split(',').map(Number);
const script = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

const paid = process.env.BENCH_RATIO_PAID !== '0';

async function figures(name: string, env: NodeJS.ProcessEnv, patterns: Record<'temporal' | 'worker', RegExp>) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script(name)], {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(stdout.replace(/\r[^\n]*/g, ''));
  const read = (re: RegExp) => {
    const m = re.exec(stdout);
    if (!m) throw new Error(`${name}: no figure for ${re}`);
    return Number(m[1]);
  };
  return { temporal: read(patterns.temporal), worker: read(patterns.worker), stdout };
}

const rows: string[] = [];
for (const n of sizes) {
  // CPU seconds per 1,000 webhooks are CPU milliseconds per order.
  const order = await figures(
    'settle',
    { BENCH_SETTLE_WEBHOOKS: String(n), BENCH_SETTLE_PAID: paid ? '1' : '0' },
    {
      temporal: /CPU s per 1,000 webhooks\s+([\d.]+)\s+Temporal dev server/,
      worker: /CPU s per 1,000 webhooks\s+([\d.]+)\s+worker/,
    },
  );
  // The floor does what one real order's history shows, kind for kind: `name (local)` is a local activity.
  const history = /one order's history\s+(\d+) local activities, (\d+) activities \((.*)\)$/m.exec(order.stdout);
  if (!history) throw new Error("settle: no activities of one order's history");
  const steps = paid
    ? history[3]!.split(', ').map((name) => (name.endsWith('(local)') ? 'local' : 'normal'))
    : ['local'];
  console.log(
    `floor for ${paid ? 'a paid' : 'an unpaid'} order: ${history[1]} local and ${history[2]} normal activities (${steps.join(', ')})`,
  );
  const floor = await figures(
    'floor',
    { BENCH_FLOOR_WORKFLOWS: String(n), BENCH_FLOOR_STEPS: steps.join(',') },
    {
      temporal: /Temporal dev server: ([\d.]+) CPU ms per workflow/,
      worker: /worker \(this process\): ([\d.]+) CPU ms per workflow/,
    },
  );
  const ratio = (order.temporal + order.worker) / (floor.temporal + floor.worker);
  rows.push(
    `  ${String(n).padStart(6)} ${paid ? 'paid' : 'unpaid'} orders   floor ${floor.temporal.toFixed(1)} + ${floor.worker.toFixed(1)} ms   ` +
      `order workflow ${order.temporal.toFixed(1)} + ${order.worker.toFixed(1)} ms   ratio ${ratio.toFixed(2)} (goal ≤ 1.30)`,
  );
}
console.log(
  `\nOrder workflow against the floor (CPU ms per ${paid ? 'paid, invoiced' : 'unpaid'} order, Temporal dev server + worker):`,
);
for (const row of rows) console.log(row);
