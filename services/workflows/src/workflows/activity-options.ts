import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

/**
 * Every activity the order workflow calls, grouped by what it waits for. Changing a timeout or a retry here
 * changes no command, so running histories still replay.
 */

// Database reads and writes: short, and a shop without the app ends the order (NOT_INSTALLED).
export const dbActivities = proxyActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
});

// Short reads as local activities: they run inside the workflow task, so an order's round costs no extra
// trips to Temporal for them (issue 17). Histories from before run them as activities.
export const localDbActivities = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
});

// Lexware calls share a 2 requests/s budget per connection and may meet 429s: retry patiently.
// Bank transactions share the same budget, so they retry the same way.
export const lexwareActivities = proxyActivities<Activities>({
  startToCloseTimeout: '15m',
  heartbeatTimeout: '10s',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumInterval: '5m',
    nonRetryableErrorTypes: ['LEXOFFICE_REJECTED', 'NOT_INSTALLED'],
  },
});

// A mail waits for a busy or unreachable SMTP server for about an hour, then the merchant is told.
export const mailActivities = proxyActivities<Activities>({
  startToCloseTimeout: '5m',
  heartbeatTimeout: '30s',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '10m', maximumAttempts: 10 },
});

// Shopify's GraphQL budget refills within seconds; a missing scope is answered, not thrown.
export const shopifyActivities = proxyActivities<Activities>({
  startToCloseTimeout: '1m',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumInterval: '5m',
    nonRetryableErrorTypes: ['NOT_INSTALLED'],
  },
});
