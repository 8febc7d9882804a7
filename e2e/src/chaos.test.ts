import { expect, it } from 'vitest';
import { describeFigures, runChaos } from './chaos';

/**
 * The small version of the chaos run, scaled out as an installation that outgrew one host: two gateways behind
 * nginx and two workers, 30 paid orders while a gateway dies twice, the Temporal dev server restarts once and a
 * worker dies four times, with duplicated and out-of-order webhooks and Lexware faults. Two workers share each
 * shop's Lexware rate limit, so the sandbox's own limit (2 requests per second per connection) must never have
 * answered 429. PostgreSQL restarts only with CHAOS_RESTART_POSTGRES=1, because other test files share the server.
 * The full version: `npm run bench` with BENCH_CHAOS_ORDERS.
 */
it('every order gets its invoice exactly once and every webhook is settled, whatever fails, with two gateways and two workers', async () => {
  const figures = await runChaos({
    orders: 30,
    workerKills: 4,
    gatewayKills: 2,
    temporalRestarts: 1,
    postgresRestarts: process.env.CHAOS_RESTART_POSTGRES === '1' ? 1 : 0,
    intervalMs: 3_000,
    gateways: 2,
    workers: 2,
    log: (line) => console.log(line),
  });
  console.log(describeFigures(figures));
  expect(figures).toMatchObject({
    missing: 0,
    duplicates: 0,
    unsettledWebhooks: 0,
    documents: 30,
    rateLimited: 0,
    gateways: 2,
    workers: 2,
  });
}, 900_000);
