/**
 * Scale-out on one machine: the same backlog (BENCH_SCALE_SHOPS shops × BENCH_SCALE_ORDERS paid orders, 40 × 50
 * unless set: enough shops that the two cores, not Lexware's 2 requests per second per connection, bound the
 * drain) once with one worker and one gateway, once with two workers and two gateways behind nginx, each run a
 * fresh stack in its own process. Prints each run's figures (throughput, 429s of the rate limit, duplicates, the
 * CPU of every process) and the two throughputs side by side. On two cores a second worker adds no cores: what
 * it shows is that the work spreads over both processes without a lost or doubled invoice and without breaking
 * the per-connection limit, and what the split costs. Asserts nothing.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const backlog = fileURLToPath(new URL('./backlog.ts', import.meta.url));
const throughput: Record<string, string> = {};
for (const n of [1, 2]) {
  const label = `${n} worker(s), ${n} gateway(s)`;
  console.log(`\nscale-out: ${label}`);
  const child = spawn(process.execPath, ['--import', 'tsx', backlog], {
    env: {
      ...process.env,
      BENCH_SHOPS: process.env.BENCH_SCALE_SHOPS ?? '40',
      BENCH_ORDERS_PER_SHOP: process.env.BENCH_SCALE_ORDERS ?? '50',
      BENCH_WORKERS: String(n),
      BENCH_GATEWAYS: String(n),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the backlog with ${label} ended with ${code}`);
  throughput[label] = /throughput\s+([\d.]+ invoices\/s)/.exec(out)?.[1] ?? '?';
}
console.log('\nscale-out summary (same machine, same backlog):');
for (const [label, figure] of Object.entries(throughput)) console.log(`  ${label.padEnd(28)} ${figure}`);
