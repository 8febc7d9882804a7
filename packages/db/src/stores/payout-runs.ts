import { PARTNER_RELEASE_DAYS, PAYOUT_GATEWAYS, payPalItemOutcome, payPalReturnReason } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { insertPayout } from './partners';
import { writeLogs } from './event-log';

export type PayoutRunStatus = 'created' | 'sending' | 'awaiting' | 'paid' | 'failed' | 'empty';

export interface PayoutRun {
  id: string;
  month: string;
  status: PayoutRunStatus;
  paypalBatchId: string | null;
  paypalStatus: string | null;
  sepaMsgId: string | null;
  hasSepaFile: boolean;
  sepaConfirmedAt: string | null;
  sepaConfirmedBy: string | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  payouts: { gateway: string; status: string; count: number; amount: number }[];
  /** Payouts of the run that went back to their partner's balance, each with its reason. */
  setAside: { id: string; partnerShopId: string; name: string; gateway: string; amount: number; failure: string }[];
}

export interface RunPayout {
  id: string;
  partnerShopId: string;
  gateway: 'paypal' | 'bank';
  /** The IBAN or PayPal address the payout was made for. */
  recipient: string;
  provisions: number;
  fee: number;
  status: string;
  /** What is sent: the provisions less the gateway's fee. */
  amount: number;
  /** The account holder, as recorded when the payout was made. */
  name: string;
  bic: string | null;
  email: string | null;
  /** When it went to PayPal or into a bank file; until then a failed run gives it back. */
  sentAt: string | null;
  paypalItemId: string | null;
  paypalItemStatus: string | null;
}

type Raw = Record<string, unknown>;
const monthOf = (d: unknown) =>
  d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01` : String(d).slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

interface RunPayoutRow extends Omit<RunPayout, 'amount' | 'name' | 'sentAt'> {
  recipientName: string | null;
  sentAt: Date | null;
}
const RUN_PAYOUT_COLUMNS = [
  'id',
  'partner_shop_id',
  'gateway',
  'recipient',
  'provisions',
  'fee',
  'status',
  'email',
  'recipient_name',
  'bic',
  'sent_at',
  'paypal_item_id',
  'paypal_item_status',
] as const;
const runPayoutFromRow = (r: Raw): RunPayout => {
  const { recipientName, sentAt, ...row } = fromRow<RunPayoutRow>(r, RUN_PAYOUT_COLUMNS);
  const provisions = Number(row.provisions);
  const fee = Number(row.fee);
  return {
    ...row,
    provisions,
    fee,
    amount: cents(provisions - fee),
    name: recipientName || row.partnerShopId,
    sentAt: isoOf(sentAt),
  };
};

interface PayoutRunRow extends Omit<
  PayoutRun,
  'month' | 'hasSepaFile' | 'sepaConfirmedAt' | 'createdAt' | 'completedAt' | 'payouts'
> {
  runMonth: unknown;
  sepaXml: string | null;
  sepaConfirmedAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
}
const PAYOUT_RUN_COLUMNS = [
  'id',
  'run_month',
  'status',
  'paypal_batch_id',
  'paypal_status',
  'sepa_msg_id',
  'sepa_xml',
  'sepa_confirmed_at',
  'sepa_confirmed_by',
  'error',
  'created_at',
  'completed_at',
] as const;
interface RunSumRow {
  runId: string;
  gateway: string;
  status: string;
  count: number;
  amount: number;
}
interface SetAsideRow {
  id: string;
  runId: string;
  partnerShopId: string;
  recipientName: string | null;
  gateway: string;
  provisions: number;
  fee: number;
  failure: string | null;
}
const payoutRunFromRow = (r: Raw, sums: RunSumRow[], setAside: SetAsideRow[]): PayoutRun => {
  const { runMonth, sepaXml, ...row } = fromRow<PayoutRunRow>(r, PAYOUT_RUN_COLUMNS);
  return {
    ...row,
    month: monthOf(runMonth),
    hasSepaFile: Boolean(sepaXml),
    sepaConfirmedAt: isoOf(row.sepaConfirmedAt),
    createdAt: isoOf(row.createdAt),
    completedAt: isoOf(row.completedAt),
    payouts: sums
      .filter((s) => s.runId === row.id)
      .map((s) => ({ gateway: s.gateway, status: s.status, count: Number(s.count), amount: cents(Number(s.amount)) })),
    setAside: setAside
      .filter((p) => p.runId === row.id)
      .map((p) => ({
        id: p.id,
        partnerShopId: p.partnerShopId,
        name: p.recipientName || p.partnerShopId,
        gateway: p.gateway,
        amount: cents(Number(p.provisions) - Number(p.fee)),
        failure: p.failure ?? '',
      })),
  };
};

/**
 * Redemptions whose lock period has passed are decided: verified while the redeeming
 * shop still pays for its plan and has the app, declined otherwise. Cancelled ones stay cancelled.
 */
export async function settleRedemptions(
  db: Db,
  now: Date,
  releaseDays = PARTNER_RELEASE_DAYS,
): Promise<{ verified: number; declined: number }> {
  const due = db('redemptions as r')
    .where('r.status', 'subscribed')
    .where('r.subscribed_at', '<=', new Date(now.getTime() - releaseDays * 86_400_000));
  const paying = `exists (select 1 from plan_subscriptions s join shops sh on sh.id = s.shop_id
    where s.shop_id = redemptions.shop_id and s.status = 'active' and sh.uninstalled_at is null)`;
  const ids = (await due.pluck('r.id')) as string[];
  if (ids.length === 0) return { verified: 0, declined: 0 };
  const verified = await db('redemptions')
    .whereIn('id', ids)
    .whereRaw(paying)
    .update({ status: 'verified', released_at: now });
  const declined = await db('redemptions')
    .whereIn('id', ids)
    .where({ status: 'subscribed' })
    .update({ status: 'declined', released_at: now });
  return { verified, declined };
}

/**
 * Opens the run of `month` (YYYY-MM-01), once: decides the redemptions, turns every partner's
 * verified provisions above the gateway's threshold into one payout with that gateway's fee,
 * and takes in payouts still scheduled from earlier (a manual request, a PayPal refusal).
 */
export async function openPayoutRun(
  db: Db,
  month: string,
  now: Date,
): Promise<{ run: PayoutRun; payouts: RunPayout[] }> {
  await settleRedemptions(db, now);
  const runId = await db.transaction(async (trx) => {
    const existing = await trx('payout_runs').where({ run_month: month }).first('id');
    if (existing) return existing.id as string;
    const [run] = await trx('payout_runs').insert({ run_month: month, created_at: now }).returning('id');
    const partners = await trx('partners').whereNotNull('payout_gateway').forUpdate().select('*');
    for (const p of partners) {
      const gateway = PAYOUT_GATEWAYS[p.payout_gateway as keyof typeof PAYOUT_GATEWAYS];
      const recipient = (p.payout_gateway === 'paypal' ? p.paypal_email : p.iban) as string | null;
      if (!gateway || !recipient) continue;
      const rows = (
        await trx('redemptions as r')
          .join('coupons as c', 'c.code', 'r.coupon_code')
          .where({ 'c.partner_shop_id': p.shop_id, 'r.status': 'verified' })
          .whereNull('r.payout_id')
          .whereNotNull('r.provision')
          .select('r.id', 'r.provision', 'r.subscribed_at')
      ).map((r: Raw) => fromRow<{ id: string; provision: number; subscribedAt: Date }>(r));
      const amount = cents(rows.reduce((s, r) => s + Number(r.provision), 0));
      if (rows.length === 0 || amount < gateway.threshold) continue;
      // The payout covers the days since the partner's last one that was not given back (or since its first provision).
      const last = await trx('payouts')
        .where({ partner_shop_id: p.shop_id })
        .whereNot({ status: 'failed' })
        .max<{ max: Date | null }>('timespan_end as max')
        .first();
      const first = rows.map((r) => r.subscribedAt).sort((a, b) => a.getTime() - b.getTime())[0]!;
      const start = last?.max ? new Date(new Date(last.max).getTime() + 86_400_000) : first;
      const payout = await insertPayout(trx, {
        partnerShopId: p.shop_id as string,
        start,
        end: now,
        provisions: amount,
        fee: cents(amount * gateway.fee),
        runId: run.id as string,
        at: now,
      });
      await trx('redemptions')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ payout_id: payout.id });
    }
    await trx('payouts').where({ status: 'scheduled' }).whereNull('run_id').update({ run_id: run.id, failure: null });
    const count = await trx('payouts').where({ run_id: run.id }).count<{ count: string }[]>({ count: '*' });
    if (Number(count[0]?.count ?? 0) === 0)
      await trx('payout_runs').where({ id: run.id }).update({ status: 'empty', completed_at: now });
    return run.id as string;
  });
  return { run: (await payoutRun(db, runId))!, payouts: await runPayouts(db, runId) };
}

export async function runPayouts(db: Db, runId: string): Promise<RunPayout[]> {
  const rows = await db('payouts as p')
    .join('partners as pa', 'pa.shop_id', 'p.partner_shop_id')
    .where('p.run_id', runId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .select('p.*', 'pa.email');
  return rows.map(runPayoutFromRow);
}

export async function updatePayoutRun(
  db: Db,
  runId: string,
  patch: Partial<{
    status: PayoutRunStatus;
    paypalBatchId: string;
    paypalStatus: string;
    sepaMsgId: string;
    sepaXml: string;
    error: string | null;
    completedAt: Date;
  }>,
  opts: { onlyIf?: PayoutRunStatus } = {},
): Promise<void> {
  await db('payout_runs')
    .where({ id: runId })
    .modify((q) => void (opts.onlyIf && q.where({ status: opts.onlyIf })))
    .update({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.paypalBatchId ? { paypal_batch_id: patch.paypalBatchId } : {}),
      ...(patch.paypalStatus ? { paypal_status: patch.paypalStatus } : {}),
      ...(patch.sepaMsgId ? { sepa_msg_id: patch.sepaMsgId } : {}),
      ...(patch.sepaXml ? { sepa_xml: patch.sepaXml } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.completedAt ? { completed_at: patch.completedAt } : {}),
    });
}

/** The payouts have been handed to PayPal or written into the bank file: from now on money may move. */
export async function markPayoutsSent(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length > 0) await db('payouts').whereIn('id', ids).whereNull('sent_at').update({ sent_at: at });
}

/** The money has gone: these scheduled payouts and their redemptions are paid, once. */
async function payPayouts(trx: Db, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const paid = (await trx('payouts')
    .whereIn('id', ids)
    .where({ status: 'scheduled' })
    .update({ status: 'paid', payment_at: at, failure: null })
    .returning('id')) as { id: string }[];
  if (paid.length > 0)
    await trx('redemptions')
      .whereIn(
        'payout_id',
        paid.map((p) => p.id),
      )
      .update({ status: 'paid' });
  return paid.length;
}

/** The bank executed the run's file: its bank payouts that went into it are paid. */
export async function markRunPaid(db: Db, runId: string, gateway: 'paypal' | 'bank', at: Date): Promise<number> {
  return db.transaction(async (trx) => {
    const ids = (await trx('payouts')
      .where({ run_id: runId, gateway, status: 'scheduled' })
      .whereNotNull('sent_at')
      .pluck('id')) as string[];
    return payPayouts(trx, ids, at);
  });
}

/**
 * Payouts that will not be paid: each ends `failed` with its reason, its provisions go back to the
 * partner's balance (the next run makes a new payout of them, with the details then on file), and the
 * partner's log says why. Only scheduled payouts move, so a repeated call changes nothing.
 */
export async function setAsidePayouts(db: Db, ids: readonly string[], reason: string): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (trx) => {
    const failed = (await trx('payouts')
      .whereIn('id', ids)
      .where({ status: 'scheduled' })
      .update({ status: 'failed', failure: reason })
      .returning(['id', 'partner_shop_id'])) as { id: string; partner_shop_id: string }[];
    if (failed.length === 0) return 0;
    await trx('redemptions')
      .whereIn(
        'payout_id',
        failed.map((p) => p.id),
      )
      .update({ payout_id: null });
    await writeLogs(
      trx,
      failed.map((p) => ({
        shopId: p.partner_shop_id,
        origin: 'shop' as const,
        event: 'payout.failed',
        status: 'critical' as const,
        body: { message: reason, payoutId: p.id },
      })),
    );
    return failed.length;
  });
}

/** The run's transfer file, and the payouts in it marked as handed to the bank, together or not at all. */
export async function storeSepaFile(
  db: Db,
  runId: string,
  file: { msgId: string; xml: string; payoutIds: readonly string[] },
  at: Date,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('payout_runs')
      .where({ id: runId })
      .update({ status: 'awaiting', sepa_msg_id: file.msgId, sepa_xml: file.xml });
    await markPayoutsSent(trx, file.payoutIds, at);
  });
}

/** A gateway's part of a run ended without paying: it gives back what it never handed to PayPal or the bank. */
export async function releaseUnsentPayouts(
  db: Db,
  runId: string,
  gateway: 'paypal' | 'bank',
  reason: string,
): Promise<number> {
  const ids = (await db('payouts')
    .where({ run_id: runId, gateway, status: 'scheduled' })
    .whereNull('sent_at')
    .pluck('id')) as string[];
  return setAsidePayouts(db, ids, reason);
}

export interface PayPalItemReport {
  /** Our payout id, sent as the item's `sender_item_id`. */
  senderItemId: string;
  itemId: string;
  status: string;
  error?: string;
}
export interface PayPalRunProgress {
  /** PayPal payouts of the run still scheduled: waiting for PayPal, or unclaimed. */
  open: number;
  unclaimed: number;
}

/**
 * PayPal's answer per item, applied once: paid items pay their payout, failed or returned ones
 * give the provisions back; unclaimed and pending ones wait. Items of other runs are ignored.
 */
export async function applyPayPalItems(
  db: Db,
  runId: string,
  items: readonly PayPalItemReport[],
  at: Date,
): Promise<PayPalRunProgress> {
  const mine = new Set((await db('payouts').where({ run_id: runId, gateway: 'paypal' }).pluck('id')) as string[]);
  const reported = items.filter((i) => mine.has(i.senderItemId));
  for (const item of reported)
    await db('payouts')
      .where({ id: item.senderItemId })
      .update({ paypal_item_id: item.itemId, paypal_item_status: item.status });
  await db.transaction((trx) =>
    payPayouts(
      trx,
      reported.filter((i) => payPalItemOutcome(i.status) === 'paid').map((i) => i.senderItemId),
      at,
    ),
  );
  for (const item of reported.filter((i) => payPalItemOutcome(i.status) === 'returned'))
    await setAsidePayouts(db, [item.senderItemId], payPalReturnReason(item.status, item.error));
  const open = (await db('payouts')
    .where({ run_id: runId, gateway: 'paypal', status: 'scheduled' })
    .select('paypal_item_status')) as { paypal_item_status: string | null }[];
  return { open: open.length, unclaimed: open.filter((p) => p.paypal_item_status === 'UNCLAIMED').length };
}

/** The run's PayPal payouts whose item waits to be claimed, to cancel once PayPal's claim period is over. */
export async function unclaimedPayPalItems(db: Db, runId: string): Promise<string[]> {
  return (await db('payouts')
    .where({ run_id: runId, gateway: 'paypal', status: 'scheduled', paypal_item_status: 'UNCLAIMED' })
    .whereNotNull('paypal_item_id')
    .pluck('paypal_item_id')) as string[];
}

/** The run's state once its gateways are through: paid when nothing is left scheduled in it. */
export async function settlePayoutRun(db: Db, runId: string, at: Date): Promise<PayoutRunStatus> {
  const left = await db('payouts')
    .where({ run_id: runId, status: 'scheduled' })
    .count<{ count: string }[]>({ count: '*' });
  const paid = await db('payouts').where({ run_id: runId, status: 'paid' }).count<{ count: string }[]>({ count: '*' });
  const status: PayoutRunStatus =
    Number(left[0]?.count) > 0 ? 'awaiting' : Number(paid[0]?.count) > 0 ? 'paid' : 'failed';
  await db('payout_runs')
    .where({ id: runId })
    .update({ status, ...(status === 'awaiting' ? {} : { completed_at: at }) });
  return status;
}

/** An admin says the bank executed the run's SEPA file: its payouts are paid. False if there is nothing to confirm. */
export async function confirmSepaExecution(db: Db, runId: string, by: string, at: Date): Promise<boolean> {
  const run = await db('payout_runs').where({ id: runId }).first();
  if (!run?.sepa_xml || run.sepa_confirmed_at) return false;
  await db('payout_runs').where({ id: runId }).update({ sepa_confirmed_at: at, sepa_confirmed_by: by });
  await markRunPaid(db, runId, 'bank', at);
  await settlePayoutRun(db, runId, at);
  return true;
}

export async function sepaFileOf(
  db: Db,
  runId: string,
): Promise<{ xml: string; msgId: string; month: string } | undefined> {
  const row = await db('payout_runs').where({ id: runId }).first();
  if (!row) return undefined;
  const run = fromRow<{ sepaXml: string | null; sepaMsgId: string; runMonth: unknown }>(row, [
    'sepa_xml',
    'sepa_msg_id',
    'run_month',
  ]);
  return run.sepaXml ? { xml: run.sepaXml, msgId: run.sepaMsgId, month: monthOf(run.runMonth) } : undefined;
}

export async function payoutRun(db: Db, runId: string): Promise<PayoutRun | undefined> {
  return (await listPayoutRuns(db, runId))[0];
}

/** The admin area's list: newest run first, with its payouts summed by gateway and status. */
export async function listPayoutRuns(db: Db, onlyId?: string): Promise<PayoutRun[]> {
  const runs = await db('payout_runs')
    .modify((q) => void (onlyId && q.where({ id: onlyId })))
    .orderBy('run_month', 'desc')
    .limit(60);
  const sums = runs.length
    ? (
        await db('payouts')
          .whereIn(
            'run_id',
            runs.map((r: Raw) => r.id),
          )
          .groupBy('run_id', 'gateway', 'status')
          .select(
            'run_id',
            'gateway',
            'status',
            db.raw('count(*)::int as count'),
            db.raw('sum(provisions - fee) as amount'),
          )
      ).map((s: Raw) => fromRow<RunSumRow>(s))
    : [];
  const setAside = runs.length
    ? (
        await db('payouts')
          .whereIn(
            'run_id',
            runs.map((r: Raw) => r.id),
          )
          .where({ status: 'failed' })
          .orderBy('created_at')
          .select('id', 'run_id', 'partner_shop_id', 'recipient_name', 'gateway', 'provisions', 'fee', 'failure')
      ).map((p: Raw) => fromRow<SetAsideRow>(p))
    : [];
  return runs.map((r: Raw) => payoutRunFromRow(r, sums, setAside));
}

/** The run that sent a PayPal batch (its `sender_batch_id` is the run id), for PayPal's webhooks. */
export async function runOfPayPalBatch(db: Db, batchId: string): Promise<{ id: string; month: string } | undefined> {
  const row = await db('payout_runs').where({ paypal_batch_id: batchId }).first('id', 'run_month');
  if (!row) return undefined;
  const { id, runMonth } = fromRow<{ id: string; runMonth: unknown }>(row);
  return { id, month: monthOf(runMonth) };
}
