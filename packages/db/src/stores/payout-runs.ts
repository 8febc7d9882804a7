import { PARTNER_RELEASE_DAYS, PAYOUT_GATEWAYS } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

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
}

export interface RunPayout {
  id: string;
  partnerShopId: string;
  gateway: 'paypal' | 'bank';
  recipient: string;
  provisions: number;
  fee: number;
  status: string;
  /** What is sent: the provisions less the gateway's fee. */
  amount: number;
  name: string;
  email: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
}

type Raw = Record<string, unknown>;
const monthOf = (d: unknown) =>
  d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01` : String(d).slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

interface RunPayoutRow extends Omit<RunPayout, 'amount' | 'name'> {
  shopName: string;
  address: { name?: string } | null;
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
  'bank_name',
  'iban',
  'bic',
  'shop_name',
  'address',
] as const;
const runPayoutFromRow = (r: Raw): RunPayout => {
  const { shopName, address, ...row } = fromRow<RunPayoutRow>(r, RUN_PAYOUT_COLUMNS);
  const provisions = Number(row.provisions);
  const fee = Number(row.fee);
  return {
    ...row,
    provisions,
    fee,
    amount: cents(provisions - fee),
    name: (address?.name ?? shopName) || row.partnerShopId,
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
const payoutRunFromRow = (r: Raw, sums: RunSumRow[]): PayoutRun => {
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
  };
};

/**
 * Redemptions whose lock period has passed are decided (spec 3 §4): verified while the redeeming
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

/** The partners a run pays (each is told when the run fails). */
export async function partnersOfRun(db: Db, runId: string): Promise<string[]> {
  return (await db('payouts')
    .where({ run_id: runId })
    .distinct('partner_shop_id')
    .pluck('partner_shop_id')) as string[];
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
      // The payout covers the days since the partner's last one (or since its first provision).
      const last = await trx('payouts')
        .where({ partner_shop_id: p.shop_id })
        .max<{ max: Date | null }>('timespan_end as max')
        .first();
      const first = rows.map((r) => r.subscribedAt).sort((a, b) => a.getTime() - b.getTime())[0]!;
      const start = last?.max ? new Date(new Date(last.max).getTime() + 86_400_000) : first;
      const [payout] = await trx('payouts')
        .insert({
          partner_shop_id: p.shop_id,
          timespan_start: start,
          timespan_end: now,
          status: 'scheduled',
          provisions: amount,
          fee: cents(amount * gateway.fee),
          gateway: p.payout_gateway,
          recipient,
          run_id: run.id,
          created_at: now,
        })
        .onConflict(['partner_shop_id', 'timespan_start'])
        .ignore()
        .returning('id');
      if (payout)
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
    .join('shops as s', 's.id', 'p.partner_shop_id')
    .where('p.run_id', runId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .select('p.*', 's.name as shop_name', 'pa.email', 'pa.bank_name', 'pa.iban', 'pa.bic', 'pa.address');
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
): Promise<void> {
  await db('payout_runs')
    .where({ id: runId })
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

/** The money has gone: the run's payouts of this gateway and their redemptions are paid. */
export async function markRunPaid(db: Db, runId: string, gateway: 'paypal' | 'bank', at: Date): Promise<number> {
  return db.transaction(async (trx) => {
    const ids = (await trx('payouts').where({ run_id: runId, gateway, status: 'scheduled' }).pluck('id')) as string[];
    if (ids.length === 0) return 0;
    await trx('payouts').whereIn('id', ids).update({ status: 'paid', payment_at: at, failure: null });
    await trx('redemptions').whereIn('payout_id', ids).update({ status: 'paid' });
    return ids.length;
  });
}

/** PayPal refused the batch, or a partner's bank data is wrong: the payouts stay scheduled, out of this run, for the next one. */
export async function releaseRunPayouts(
  db: Db,
  runId: string,
  gateway: 'paypal' | 'bank',
  failure: string,
  only?: string[],
): Promise<void> {
  await db('payouts')
    .where({ run_id: runId, gateway, status: 'scheduled' })
    .modify((q) => void (only && q.whereIn('id', only)))
    .update({ run_id: null, failure });
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
  return runs.map((r: Raw) => payoutRunFromRow(r, sums));
}

/** The run that sent a PayPal batch (its `sender_batch_id` is the run id), for PayPal's webhooks. */
export async function runOfPayPalBatch(db: Db, batchId: string): Promise<{ id: string; month: string } | undefined> {
  const row = await db('payout_runs').where({ paypal_batch_id: batchId }).first('id', 'run_month');
  if (!row) return undefined;
  const { id, runMonth } = fromRow<{ id: string; runMonth: unknown }>(row);
  return { id, month: monthOf(runMonth) };
}
