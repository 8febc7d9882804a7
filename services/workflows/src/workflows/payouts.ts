import { ApplicationFailure, condition, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { PayoutActivities, RunSummary } from '../payouts/activities';
import { paypalBatchChangedSignal, sepaConfirmedSignal, type PayoutRunInput } from '../api';

const acts = proxyActivities<PayoutActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '10s',
    backoffCoefficient: 2,
    maximumInterval: '15 minutes',
    nonRetryableErrorTypes: ['PAYPAL_REJECTED', 'PAYPAL_AUTH', 'SEPA_DATA'],
  },
});

/** Spec 3 §9: payouts are usually sent within 7 days; PayPal is asked hourly until then, and at once when its webhook comes. */
const PAYPAL_POLL = '1 hour';
const PAYPAL_POLLS = 7 * 24;
/** How long the run waits for an admin to confirm the bank's execution before it ends (the admin may still confirm later). */
const SEPA_WAIT = '30 days';

/** The month (YYYY-MM-01) of an instant in Europe/Berlin, where the 1st is counted. */
function berlinMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}-01`;
}

/**
 * One month's partner payouts: every partner's verified provisions above the threshold become
 * one payout, PayPal ones go out as one Payouts batch and are paid when PayPal says SUCCESS,
 * bank ones go into a pain.001 file that is paid when an admin confirms the bank executed it.
 */
export async function payoutRunWorkflow(input: PayoutRunInput = {}): Promise<RunSummary & { result: string }> {
  let confirmed = false;
  let paypalNews = false;
  setHandler(sepaConfirmedSignal, () => void (confirmed = true));
  setHandler(paypalBatchChangedSignal, () => void (paypalNews = true));
  const now = () => new Date().toISOString();
  const run = await acts.openPayoutRun(input.month ?? berlinMonth(new Date(workflowInfo().startTime)), now());
  if (run.status === 'empty' || run.status === 'paid') return { ...run, result: run.status };
  try {
    if (run.paypal > 0) {
      const batchId = await acts.sendPayPalBatch(run.runId);
      for (let i = 0; i < PAYPAL_POLLS; i++) {
        const status = await acts.checkPayPalBatch(run.runId, batchId, now());
        if (status === 'SUCCESS' || status === 'DENIED' || status === 'CANCELED') break;
        await condition(() => paypalNews, PAYPAL_POLL);
        paypalNews = false;
      }
    }
    if (run.bank > 0) {
      if (await acts.writeSepaFile(run.runId, now())) await condition(() => confirmed, SEPA_WAIT);
    }
  } catch (error) {
    await acts.failPayoutRun(run.runId, error instanceof Error ? error.message : String(error));
    throw ApplicationFailure.nonRetryable(`Auszahlungslauf ${run.month} fehlgeschlagen`, 'PAYOUT_RUN_FAILED');
  }
  return { ...run, result: await acts.settlePayoutRun(run.runId, now()) };
}
