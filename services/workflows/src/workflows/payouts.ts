import {
  ApplicationFailure,
  ParentClosePolicy,
  condition,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import {
  SearchAttributeType,
  WorkflowExecutionAlreadyStartedError,
  defineSearchAttributeKey,
} from '@temporalio/common';
import { berlinMonthStart } from '@belegfluss/shared/berlin-clock';
import type { PayoutActivities, RunSummary } from '../payouts/activities';
import {
  backgroundTaskQueue,
  paypalBatchChangedSignal,
  payoutRunWorkflowId,
  sepaConfirmedSignal,
  type PayoutRunInput,
} from '../api';

/**
 * Every step is retried a bounded number of times (about three and a half hours), so a run whose
 * database or PayPal stays away ends as failed and gives back what it never sent, instead of
 * retrying for ever; data errors are not retried at all.
 */
const RETRY = {
  initialInterval: '5s',
  backoffCoefficient: 2,
  maximumInterval: '10 minutes',
  maximumAttempts: 12,
  nonRetryableErrorTypes: ['PAYPAL_REJECTED', 'PAYPAL_AUTH', 'SEPA_DATA'],
};

/**
 * The run's activities, always on the background queue whatever queue the run itself was started on
 * (by hand, a run may land on the live queue; its steps must not take the live orders' slots, and only
 * the background worker has them). Each step is a few database statements and PayPal calls: a worker
 * that died in one is noticed after a minute.
 */
function runActivities() {
  const taskQueue = backgroundTaskQueue(workflowInfo().taskQueue);
  return {
    acts: proxyActivities<PayoutActivities>({ taskQueue, startToCloseTimeout: '1 minute', retry: RETRY }),
    /** Giving back what a failed run never sent gets more patience: until it runs, those provisions are stuck. */
    failPayoutRun: proxyActivities<PayoutActivities>({
      taskQueue,
      startToCloseTimeout: '1 minute',
      retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '30 minutes', maximumAttempts: 40 },
    }).failPayoutRun,
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Payouts usually complete within 7 days: PayPal is asked hourly until then, daily after, and at once when its webhook comes. */
const PAYPAL_HOURLY = 7 * DAY;
/** PayPal keeps an unclaimed payment for 30 days; the run cancels it then, which sends the money back at once. */
const CLAIM_PERIOD = 30 * DAY;
/** An item PayPal still reports as pending after this is left to support, and the run ends as failed. */
const PAYPAL_GIVE_UP = 60 * DAY;
/** How long the run waits for an admin to confirm the bank's execution before it ends (the admin may still confirm later). */
const SEPA_WAIT = '30 days';

/** Set by a Schedule on the workflows it starts: the time the action was due (a backfill's past time, too). */
const SCHEDULED_START = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

/**
 * What the `partner-payouts` Schedule starts: the run of the month it was due in, under the run's
 * own id `payout-run:{YYYY-MM-01}` (which the admin's confirmation and PayPal's webhook signal),
 * left running on its own. This workflow ends at once, so a run that waits for weeks never holds
 * up the Schedule's next month (its overlap policy skips while an action still runs).
 */
export async function payoutScheduleWorkflow(): Promise<string> {
  const info = workflowInfo();
  const due = info.typedSearchAttributes.get(SCHEDULED_START) ?? info.startTime;
  return startMonthRun(berlinMonthStart(due));
}

/** Starts (or finds running) the run of `month` under its own id, and leaves it running on its own. */
async function startMonthRun(month: string): Promise<string> {
  const workflowId = payoutRunWorkflowId(month);
  try {
    await startChild(payoutRunWorkflow, {
      workflowId,
      taskQueue: backgroundTaskQueue(workflowInfo().taskQueue),
      args: [{ month }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    // That month's run is still going (started by hand or by an earlier trigger): it is the one.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  return workflowId;
}

/**
 * One month's partner payouts: every partner's verified provisions above the threshold become
 * one payout. PayPal ones go out as one Payouts batch and each is paid when PayPal reports its
 * item paid; bank ones go into a pain.001 file that is paid when an admin confirms the bank
 * executed it. Both run side by side, so a PayPal item waiting to be claimed never delays the file.
 * A payout that cannot be paid goes back to its partner's balance with its reason.
 */
export async function payoutRunWorkflow(input: PayoutRunInput = {}): Promise<RunSummary & { result: string }> {
  let confirmed = false;
  let paypalNews = false;
  setHandler(sepaConfirmedSignal, () => void (confirmed = true));
  setHandler(paypalBatchChangedSignal, () => void (paypalNews = true));
  const { acts, failPayoutRun } = runActivities();
  const now = () => new Date().toISOString();
  const month = input.month ?? berlinMonthStart(new Date(workflowInfo().startTime));
  // Started by hand under another id, the confirmation and PayPal's webhooks could never reach it:
  // it hands the month to a run under the id they signal, and ends.
  if (workflowInfo().workflowId !== payoutRunWorkflowId(month)) {
    const workflowId = await startMonthRun(month);
    return { runId: '', month, status: 'handed-over', paypal: 0, bank: 0, result: `weitergegeben an ${workflowId}` };
  }
  const run = await acts.openPayoutRun(month, now());
  if (run.status === 'empty' || run.status === 'paid') return { ...run, result: run.status };

  async function payByPayPal(): Promise<void> {
    const batchId = await acts.sendPayPalBatch(run.runId, now());
    if (!batchId) return;
    const sent = Date.now();
    let cancelled = false;
    for (;;) {
      const waited = Date.now() - sent;
      const check =
        !cancelled && waited >= CLAIM_PERIOD
          ? await acts.cancelUnclaimedItems(run.runId, batchId, now())
          : await acts.checkPayPalBatch(run.runId, batchId, now());
      cancelled ||= waited >= CLAIM_PERIOD;
      if (check.open === 0) return;
      if (waited >= PAYPAL_GIVE_UP)
        throw ApplicationFailure.nonRetryable(
          `PayPal meldet ${check.open} Zahlung(en) nach 60 Tagen noch nicht als abgeschlossen`,
          'PAYPAL_STUCK',
        );
      const untilCancel = cancelled ? Infinity : CLAIM_PERIOD - waited;
      await condition(() => paypalNews, Math.min(waited < PAYPAL_HOURLY ? HOUR : DAY, Math.max(untilCancel, 1000)));
      paypalNews = false;
    }
  }

  async function payByBank(): Promise<void> {
    if (await acts.writeSepaFile(run.runId, now())) await condition(() => confirmed, SEPA_WAIT);
  }

  const failures: string[] = [];
  /** A part that fails gives back only its own gateway's unsent payouts: the other part may be writing its own. */
  const attempt = async (gateway: 'paypal' | 'bank', part: () => Promise<void>) => {
    try {
      await part();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(message);
      await failPayoutRun(run.runId, gateway, message);
    }
  };
  await Promise.all([
    run.paypal > 0 ? attempt('paypal', payByPayPal) : null,
    run.bank > 0 ? attempt('bank', payByBank) : null,
  ]);
  if (failures.length > 0)
    throw ApplicationFailure.nonRetryable(
      `Auszahlungslauf ${run.month} fehlgeschlagen: ${failures.join('; ')}`,
      'PAYOUT_RUN_FAILED',
    );
  return { ...run, result: await acts.settlePayoutRun(run.runId, now()) };
}
