import {
  applyPayPalItems,
  markPayoutsSent,
  openPayoutRun,
  releaseUnsentPayouts,
  runPayouts,
  setAsidePayouts,
  settlePayoutRun,
  storeSepaFile,
  unclaimedPayPalItems,
  updatePayoutRun,
  type PayPalRunProgress,
} from '@belegfluss/db';
import { bankDataReason, payPalReturnReason, runFailedReason } from '@belegfluss/shared';
import { ApplicationFailure } from '@temporalio/activity';
import { PayPalError, paypalClient, type BatchStatus } from '@belegfluss/paypal';
import { buildSepaFile, refusedTransfers, SepaDataError, type SepaTransfer } from './sepa';
import type { ActivityDeps } from '../activities/deps';

export interface RunSummary {
  runId: string;
  month: string;
  status: string;
  paypal: number;
  bank: number;
}
export interface PayPalCheck extends PayPalRunProgress {
  batch: BatchStatus;
}

/** Refusals that won't change by retrying (PayPal's, or bank data) fail the step for good; anything else is retried. */
async function asActivity<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PayPalError && !error.retryable)
      throw ApplicationFailure.create({ type: error.type, message: error.message, nonRetryable: true });
    if (error instanceof SepaDataError)
      throw ApplicationFailure.create({ type: error.type, message: error.message, nonRetryable: true });
    throw error;
  }
}

/** The payout run's activities; each is safe to repeat (the run and its batch are keyed by month and run id). */
export function createPayoutActivities({ db, payouts }: Pick<ActivityDeps, 'db' | 'payouts'>) {
  const paypal = paypalClient(payouts.paypal);

  /** Reads every item of the batch and applies it: paid, back to the balance, or still waiting. */
  async function checkBatch(runId: string, batchId: string, now: Date): Promise<PayPalCheck> {
    const batch = await asActivity(() => paypal.readBatch(batchId));
    await updatePayoutRun(db, runId, { paypalStatus: batch.status });
    const progress = await applyPayPalItems(db, runId, batch.items, now);
    // A denied or cancelled batch moved no money for any of its items.
    if ((batch.status === 'DENIED' || batch.status === 'CANCELED') && progress.open > 0) {
      const open = (await runPayouts(db, runId)).filter((p) => p.gateway === 'paypal' && p.status === 'scheduled');
      await setAsidePayouts(
        db,
        open.map((p) => p.id),
        payPalReturnReason(batch.status),
      );
      return { batch: batch.status, open: 0, unclaimed: 0 };
    }
    return { batch: batch.status, ...progress };
  }

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

    /** One batch per run (its sender_batch_id is the run id, so a retry cannot pay twice). */
    async sendPayPalBatch(runId: string, nowIso: string): Promise<string | null> {
      const items = (await runPayouts(db, runId)).filter((p) => p.gateway === 'paypal' && p.status === 'scheduled');
      // Marked before the call: once the request may have reached PayPal, a failing run must not give these back.
      await markPayoutsSent(
        db,
        items.map((p) => p.id),
        new Date(nowIso),
      );
      const batch = await paypal
        .createBatch(
          runId,
          items.map((p) => ({
            senderItemId: p.id,
            receiver: p.recipient,
            amount: p.amount,
            currency: 'EUR',
            note: `Belegfluss-Provision ${p.id.slice(0, 8)}`,
          })),
        )
        .catch(async (error: unknown) => {
          // PayPal refused the request itself (or our credentials): no money moved, so the payouts go back.
          if (!(error instanceof PayPalError) || error.retryable) throw error;
          await updatePayoutRun(db, runId, { error: error.message });
          await setAsidePayouts(
            db,
            items.map((p) => p.id),
            payPalReturnReason('DENIED', error.message),
          );
          return null;
        });
      if (!batch) return null;
      // 'sending' unless the bank file already waits for its confirmation, which is what an admin must act on.
      await updatePayoutRun(db, runId, { paypalBatchId: batch.batchId, paypalStatus: batch.status });
      await updatePayoutRun(db, runId, { status: 'sending' }, { onlyIf: 'created' });
      return batch.batchId;
    },

    async checkPayPalBatch(runId: string, batchId: string, nowIso: string): Promise<PayPalCheck> {
      return checkBatch(runId, batchId, new Date(nowIso));
    },

    /** PayPal's claim period is over: unclaimed items are cancelled, which returns their money now. */
    async cancelUnclaimedItems(runId: string, batchId: string, nowIso: string): Promise<PayPalCheck> {
      for (const itemId of await unclaimedPayPalItems(db, runId)) await asActivity(() => paypal.cancelItem(itemId));
      return checkBatch(runId, batchId, new Date(nowIso));
    },

    /**
     * Writes the run's pain.001 file for the bank; an admin downloads it and confirms its execution.
     * A payout whose account a bank would refuse is set aside with its reason (shown to the partner
     * and in the admin area) and the file is written for everyone else.
     */
    async writeSepaFile(runId: string, nowIso: string): Promise<string | null> {
      const now = new Date(nowIso);
      const all = (await runPayouts(db, runId)).filter((p) => p.gateway === 'bank' && p.status === 'scheduled');
      const transfers: SepaTransfer[] = all.map((p) => ({
        id: p.id,
        name: p.name,
        iban: p.recipient,
        bic: p.bic ?? '',
        amount: p.amount,
        remittance: `Belegfluss Partnerprovision ${p.id.slice(0, 8)}`,
      }));
      const refused = refusedTransfers(payouts.sepa, transfers);
      for (const [id, problem] of refused) await setAsidePayouts(db, [id], bankDataReason(problem));
      const items = transfers.filter((t) => !refused.has(t.id));
      if (items.length === 0) return null;
      const msgId = `BELEGFLUSS-${runId.replace(/-/g, '').slice(0, 20).toUpperCase()}`;
      const xml = await asActivity(async () => buildSepaFile(msgId, now, now, payouts.sepa, items));
      await storeSepaFile(db, runId, { msgId, xml, payoutIds: items.map((t) => t.id) }, now);
      return msgId;
    },

    async settlePayoutRun(runId: string, nowIso: string): Promise<string> {
      return settlePayoutRun(db, runId, new Date(nowIso));
    },

    /** The run could not finish: what it never handed to PayPal or the bank goes back to the partners' balances. */
    async failPayoutRun(runId: string, gateway: 'paypal' | 'bank', message: string): Promise<void> {
      await updatePayoutRun(db, runId, { status: 'failed', error: message });
      await releaseUnsentPayouts(db, runId, gateway, runFailedReason(message));
    },
  };
}
export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
