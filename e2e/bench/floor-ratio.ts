/**
 * The order workflow against its floor, in one run: for each burst size (BENCH_RATIO_SIZES, "5000,20000" unless
 * set) the floor (bench/floor.ts: workflows that do only what every order workflow must, on the same dev server
 * flags) and then the real thing (bench/settle.ts: that many orders/create webhooks through gateway, Temporal and
 * the order worker, each settled by its workflow), each in a process of its own, one after the other on the same
 * machine. Prints the CPU milliseconds per order of the Temporal dev server plus the worker for both and their
 * ratio (the goal is 1.3 at most). Asserts nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sizes = (process.env.BENCH_RATIO_SIZES ?? '5000,20000').split(',').map(Number);
const script = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

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
  return { temporal: read(patterns.temporal), worker: read(patterns.worker) };
}

const rows: string[] = [];
for (const n of sizes) {
  const floor = await figures(
    'floor',
    { BENCH_FLOOR_WORKFLOWS: String(n) },
    {
      temporal: /Temporal dev server: ([\d.]+) CPU ms per workflow/,
      worker: /worker \(this process\): ([\d.]+) CPU ms per workflow/,
    },
  );
  // CPU seconds per 1,000 webhooks are CPU milliseconds per order.
  const order = await figures(
    'settle',
    { BENCH_SETTLE_WEBHOOKS: String(n) },
    {
      temporal: /CPU s per 1,000 webhooks\s+([\d.]+)\s+Temporal dev server/,
      worker: /CPU s per 1,000 webhooks\s+([\d.]+)\s+worker/,
    },
  );
  const ratio = (order.temporal + order.worker) / (floor.temporal + floor.worker);
  rows.push(
    `  ${String(n).padStart(6)} orders   floor ${floor.temporal.toFixed(1)} + ${floor.worker.toFixed(1)} ms   ` +
      `order workflow ${order.temporal.toFixed(1)} + ${order.worker.toFixed(1)} ms   ratio ${ratio.toFixed(2)} (goal ≤ 1.30)`,
  );
}
console.log('\nOrder workflow against the floor (CPU ms per order, Temporal dev server + worker):');
for (const row of rows) console.log(row);
