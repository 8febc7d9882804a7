import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { BillingActivities } from '../activities/billing';
import {
  billingChangedSignal,
  billingStateQuery,
  rolloverSignal,
  type BillingInput,
  type BillingState,
  type RolloverRequest,
} from '../api';

const { syncPeriod, resumeWaitingOrders } = proxyActivities<BillingActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/** Far below Temporal's 50,000 events, and short enough to replay quickly when the run is evicted from the cache. */
const HISTORY_LIMIT = 2_000;

/**
 * One shop's billing periods, a per-shop workflow with a durable timer rather
 * than a Schedule: every shop's period ends at its own instant (its installation day, or
 * whatever Shopify says the cycle is), which moves with upgrades, trials and Shopify's reports.
 * A timer that is re-armed from the period the database holds follows that without anyone
 * editing schedules, and signals (plan changed, import bought, support's rollover) wake it at once.
 *
 * Each wake: put the shop into the period that contains now (the reset, if one is due), then
 * resume the orders that waited for transfers, oldest first, as far as transfers allow.
 */
export async function billingWorkflow(
  input: BillingInput,
  carried?: BillingState,
  pendingRollover?: RolloverRequest,
): Promise<void> {
  const state: BillingState = carried ?? { periodStart: null, resetAt: null, rollovers: 0, resumed: 0 };
  const reasons: string[] = [];
  let request: RolloverRequest | null = pendingRollover ?? null;
  setHandler(billingChangedSignal, (reason) => void reasons.push(reason));
  setHandler(rolloverSignal, (req) => {
    request = req ?? {};
    reasons.push('rollover');
  });
  setHandler(billingStateQuery, () => state);

  for (;;) {
    const force = Boolean((request as RolloverRequest | null)?.force);
    request = null;
    reasons.splice(0);
    const period = await syncPeriod(input.shopId, new Date().toISOString(), force);
    // An uninstalled shop has no period to keep; a re-install starts the workflow again.
    if (!period.active) return;
    if (period.rolled) state.rollovers++;
    state.periodStart = period.start;
    state.resetAt = period.end;
    state.resumed += await resumeWaitingOrders(input.shopId, period.start);
    await condition(() => reasons.length > 0, Math.max(1_000, Date.parse(period.end) - Date.now()));
    // Every signal lengthens the history, and a shop's plan changes or support's rollovers can come faster than
    // any timer: hand over by size, whatever woke us. The new run syncs at once, so a pending wake is not lost;
    // only a forced rollover asked for meanwhile has to be carried.
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > HISTORY_LIMIT) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof billingWorkflow>(input, state, (request as RolloverRequest | null) ?? undefined);
    }
  }
}
