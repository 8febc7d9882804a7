import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { orderPatched } from './patches';
import { withCurrentNames } from '../api';
import type { Activities } from '../activities';

/** Every result reaches the workflow under today's names, also when an older history recorded it. */
function currentNames<T extends object>(activities: T): T {
  return new Proxy(activities, {
    get(target, name) {
      const call = Reflect.get(target, name) as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => withCurrentNames(await call(...args));
    },
  });
}

/**
 * Every activity the order workflow calls, grouped by what it waits for. Changing a timeout or a retry here
 * changes no command, so running histories still replay.
 */

// Database reads and writes: short, and a shop without the app ends the order (NOT_INSTALLED).
export const dbActivities = currentNames(
  proxyActivities<Activities>({
    startToCloseTimeout: '30s',
    retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
  }),
);

// Short reads as local activities: they run inside the workflow task, so an order's round costs no extra
// trips to Temporal for them (issue 17). Histories from before run them as activities.
export const localDbActivities = currentNames(
  proxyLocalActivities<Activities>({
    startToCloseTimeout: '30s',
    retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
  }),
);

/**
 * The order's own database steps as local activities, each since its patch: reading the shop's context
 * (`local-shop-context`), and recording the snapshot, logging a decision and settling the webhooks (`local-db-steps`,
 * issue 17's P1b). A round that only reads, records, logs and settles is one workflow task instead of activity round
 * trips through Temporal. Histories from before schedule them as activities.
 */
const orderDb = (id: 'local-shop-context' | 'local-db-steps') => (orderPatched(id) ? localDbActivities : dbActivities);
export const orderDbActivities = {
  loadShopContext: (...args: Parameters<typeof dbActivities.loadShopContext>) =>
    orderDb('local-shop-context').loadShopContext(...args),
  recordOrder: (...args: Parameters<typeof dbActivities.recordOrder>) => orderDb('local-db-steps').recordOrder(...args),
  writeLog: (...args: Parameters<typeof dbActivities.writeLog>) => orderDb('local-db-steps').writeLog(...args),
  settleDeliveries: (...args: Parameters<typeof dbActivities.settleDeliveries>) =>
    orderDb('local-db-steps').settleDeliveries(...args),
};

// Lexware calls share a 2 requests/s budget per connection and may meet 429s: retry patiently.
// Bank transactions share the same budget, so they retry the same way.
export const lexwareActivities = currentNames(
  proxyActivities<Activities>({
    startToCloseTimeout: '15m',
    heartbeatTimeout: '10s',
    retry: {
      initialInterval: '2s',
      backoffCoefficient: 2,
      maximumInterval: '5m',
      nonRetryableErrorTypes: ['LEXWARE_REJECTED', 'NOT_INSTALLED'],
    },
  }),
);

// A mail waits for a busy or unreachable SMTP server for about an hour, then the merchant is told.
export const mailActivities = currentNames(
  proxyActivities<Activities>({
    startToCloseTimeout: '5m',
    heartbeatTimeout: '30s',
    retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '10m', maximumAttempts: 10 },
  }),
);

// Shopify's GraphQL budget refills within seconds; a missing scope is answered, not thrown.
export const shopifyActivities = currentNames(
  proxyActivities<Activities>({
    startToCloseTimeout: '1m',
    retry: {
      initialInterval: '2s',
      backoffCoefficient: 2,
      maximumInterval: '5m',
      nonRetryableErrorTypes: ['NOT_INSTALLED'],
    },
  }),
);

// VIES answers within seconds or says it is down (the check returns that, it does not throw): a retry here only
// covers our own database; the long wait for a member state is the order workflow's timer.
export const viesActivities = currentNames(
  proxyActivities<Activities>({
    startToCloseTimeout: '2m',
    retry: {
      initialInterval: '5s',
      backoffCoefficient: 2,
      maximumInterval: '5m',
      nonRetryableErrorTypes: ['NOT_INSTALLED'],
    },
  }),
);
