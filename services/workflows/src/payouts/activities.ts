import {
  markRunPaid,
  openPayoutRun,
  releaseRunPayouts,
  runPayouts,
  settlePayoutRun,
  updatePayoutRun,
  writeLog,
  type Db,
  partnersOfRun,
} from '@belegfluss/db';
import type { Settings } from '@belegfluss/shared/settings';
import { ApplicationFailure } from '@temporalio/activity';
import { PayPalError, paypalClient, type BatchStatus } from '@belegfluss/paypal';
import { buildSepaFile, checkAccount, SepaDataError } from './sepa';

export interface RunSummary {
  runId: string;
  month: string;
  status: string;
  paypal: number;
  bank: number;
}

/** PayPal's refusals fail the step for good (the run reports them); anything else is retried by Temporal. */
async function asActivity<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PayPalError && !error.retryable)
      throw ApplicationFailure.create({ type: error.type, message: error.message, nonRetryable: true });
    throw error;
  }
}

/** The payout run's activities; each is safe to repeat (the run and its batch are keyed by month and run id). */
export function createPayoutActivities({ db, payouts }: { db: Db; payouts: Settings['payouts'] }) {
  const paypal = paypalClient(payouts.paypal);
  return {
    async openPayoutRun(month: string, nowIso: string): Promise<RunSummary> {
      const { run, payouts: list } = await openPayoutRun(db, month, new Date(nowIso));
      const open = list.filter((p) => p.status === 'scheduled');
      return {
        runId: run.id,
        month: run.month,
        status: run.status,
        paypal: open.filter((p) => p.gateway === 'paypal').length,
        bank: open.filter((p) => p.gateway === 'bank').length,
      };
    },

    async sendPayPalBatch(runId: string): Promise<string> {
      const items = (await runPayouts(db, runId)).filter((p) => p.gateway === 'paypal' && p.status === 'scheduled');
      const batch = await asActivity(() =>
        paypal.createBatch(
          runId,
          items.map((p) => ({
            senderItemId: p.id,
            receiver: p.recipient,
            amount: p.amount,
            currency: 'EUR',
            note: `Belegfluss-Provision ${p.id.slice(0, 8)}`,
          })),
        ),
      );
      await updatePayoutRun(db, runId, { status: 'sending', paypalBatchId: batch.batchId, paypalStatus: batch.status });
      return batch.batchId;
    },

    /** Reads the batch's status; SUCCESS pays the run's PayPal payouts, DENIED/CANCELED sends them back to the next run. */
    async checkPayPalBatch(runId: string, batchId: string, nowIso: string): Promise<BatchStatus> {
      const status = await asActivity(() => paypal.batchStatus(batchId));
      await updatePayoutRun(db, runId, { paypalStatus: status });
      if (status === 'SUCCESS') await markRunPaid(db, runId, 'paypal', new Date(nowIso));
      if (status === 'DENIED' || status === 'CANCELED')
        await releaseRunPayouts(db, runId, 'paypal', `PayPal: ${status}`);
      return status;
    },

    /** Writes the run's pain.001 file for the bank; an admin downloads it and confirms its execution. */
    async writeSepaFile(runId: string, nowIso: string): Promise<string | null> {
      const now = new Date(nowIso);
      const all = (await runPayouts(db, runId)).filter((p) => p.gateway === 'bank' && p.status === 'scheduled');
      // A partner whose IBAN or BIC is wrong is left out (and told), not the whole file.
      const items = [];
      for (const p of all) {
        try {
          checkAccount(p.name, p.iban ?? p.recipient, p.bic ?? '');
          items.push(p);
        } catch (error) {
          if (!(error instanceof SepaDataError)) throw error;
          await releaseRunPayouts(db, runId, 'bank', error.message, [p.id]);
          await writeLog(db, {
            shopId: p.partnerShopId,
            origin: 'shop',
            event: 'payout.failed',
            status: 'critical',
            body: { message: `${error.message}: bitte die Bankverbindung in den Partner-Einstellungen korrigieren` },
          });
        }
      }
      if (items.length === 0) return null;
      const msgId = `BELEGFLUSS-${runId.replace(/-/g, '').slice(0, 20).toUpperCase()}`;
      const xml = buildSepaFile(
        msgId,
        now,
        now,
        payouts.sepa,
        items.map((p) => ({
          id: p.id,
          name: p.name,
          iban: p.iban ?? p.recipient,
          bic: p.bic ?? '',
          amount: p.amount,
          remittance: `Belegfluss Partnerprovision ${p.id.slice(0, 8)}`,
        })),
      );
      await updatePayoutRun(db, runId, { status: 'awaiting', sepaMsgId: msgId, sepaXml: xml });
      return msgId;
    },

    async settlePayoutRun(runId: string, nowIso: string): Promise<string> {
      return settlePayoutRun(db, runId, new Date(nowIso));
    },

    async failPayoutRun(runId: string, message: string): Promise<void> {
      await updatePayoutRun(db, runId, { status: 'failed', error: message });
      for (const shopId of await partnersOfRun(db, runId))
        await writeLog(db, { shopId, origin: 'shop', event: 'payout.failed', status: 'critical', body: { message } });
    },
  };
}
export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
