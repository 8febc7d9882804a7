import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
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

// The order's database steps (a round's start and end, the shop's context) as local activities: short, they run
// inside the workflow task, so a round costs no extra trips to Temporal for them. A shop without the app ends
// the order (NOT_INSTALLED).
export const localDbActivities = currentNames(
  proxyLocalActivities<Activities>({
    startToCloseTimeout: '30s',
    retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
  }),
);

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
