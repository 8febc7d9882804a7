/**
 * The full chaos run (see e2e/src/chaos.ts): BENCH_CHAOS_ORDERS paid orders (300 unless set) while a gateway
 * dies twice, Temporal and PostgreSQL restart once and a worker dies 20 times, with webhook and Lexware faults,
 * scaled out over BENCH_CHAOS_GATEWAYS gateways behind nginx and BENCH_CHAOS_WORKERS workers (2 and 2 unless
 * set). Prints the figures; asserts nothing. BENCH_CHAOS_POSTGRES=0 leaves PostgreSQL alone (on a server others use).
 */
import { describeFigures, runChaos } from '../src/chaos';

const orders = Number(process.env.BENCH_CHAOS_ORDERS ?? 300);
const figures = await runChaos({
  orders,
  workerKills: 20,
  gatewayKills: 2,
  temporalRestarts: 1,
  postgresRestarts: process.env.BENCH_CHAOS_POSTGRES === '0' ? 0 : 1,
  // The disruptions spread over roughly the first half of the expected drain.
  intervalMs: Math.max(2_000, Math.min(30_000, orders * 40)),
  gateways: Number(process.env.BENCH_CHAOS_GATEWAYS ?? 2),
  workers: Number(process.env.BENCH_CHAOS_WORKERS ?? 2),
  log: (line) => console.log(line),
});
console.log(describeFigures(figures));
process.exit(0);
