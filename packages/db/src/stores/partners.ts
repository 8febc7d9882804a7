import type { Knex } from 'knex';
import { PARTNER_RELEASE_DAYS } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

/**
 * A redemption's status as the partner sees it: a subscribed redemption is verified
 * once its lock period (PARTNER_RELEASE_DAYS) has passed without the subscription being cancelled.
 * A query-time rule, so no job has to move it.
 */
const redemptionStatus = (db: Db, releaseDays = PARTNER_RELEASE_DAYS): Knex.Raw =>
  db.raw(
    `case when r.status = 'subscribed' and r.subscribed_at <= now() - make_interval(days => ?) then 'verified' else r.status end`,
    [releaseDays],
  );

export interface PartnerOverview {
  allowance: number;
  email: string | null;
  coupons: { count: number; views: number; redemptions: number };
  provisions: { subscribed: number; verified: number; declined: number };
  payouts: { scheduled: number; paid: number };
}

const DEFAULT_ALLOWANCE = 0.5;

/** The partner overview: coupon statistics, provision sums by status, payout sums. */
export async function partnerOverview(db: Db, shopId: string): Promise<PartnerOverview> {
  const [partner, coupons, redemptions, provisions, payouts] = await Promise.all([
    db('partners').where({ shop_id: shopId }).first(),
    db('coupons')
      .where({ partner_shop_id: shopId })
      .select(db.raw('count(*)::int as count'), db.raw('coalesce(sum(views), 0)::int as views'))
      .first(),
    db('redemptions as r')
      .join('coupons as c', 'c.code', 'r.coupon_code')
      .where('c.partner_shop_id', shopId)
      .count<{ count: number }[]>({ count: '*' }),
    db('redemptions as r')
      .join('coupons as c', 'c.code', 'r.coupon_code')
      .where('c.partner_shop_id', shopId)
      .groupByRaw('1')
      .select(db.raw('? as status', [redemptionStatus(db)]))
      .sum<{ status: string; sum: number | null }[]>({ sum: 'r.provision' }),
    db('payouts')
      .where({ partner_shop_id: shopId })
      .groupBy('status')
      .select('status')
      .sum<{ status: string; sum: number | null }[]>({ sum: 'provisions' }),
  ]);
  const sumOf = (rows: { status: string; sum: number | null }[], status: string) =>
    Number(rows.find((r) => r.status === status)?.sum ?? 0);
  return {
    allowance: partner ? Number(partner.allowance) : DEFAULT_ALLOWANCE,
    email: preferencesFromRow(partner).email,
    coupons: {
      count: Number(coupons?.count ?? 0),
      views: Number(coupons?.views ?? 0),
      redemptions: Number(redemptions[0]?.count ?? 0),
    },
    provisions: {
      subscribed: sumOf(provisions, 'subscribed'),
      verified: sumOf(provisions, 'verified'),
      declined: sumOf(provisions, 'declined'),
    },
    payouts: { scheduled: sumOf(payouts, 'scheduled'), paid: sumOf(payouts, 'paid') },
  };
}

export interface PartnerPreferencesRow {
  email: string | null;
  taxId: string | null;
  vatId: string | null;
  address: Record<string, unknown> | null;
  language: 'de' | 'en';
  gateway: 'paypal' | 'bank' | null;
  paypalEmail: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
}

type Raw = Record<string, unknown>;
const PREFERENCE_COLUMNS = [
  'email',
  'tax_id',
  'vat_id',
  'address',
  'language',
  'payout_gateway',
  'paypal_email',
  'bank_name',
  'iban',
  'bic',
] as const;
/** A shop that is no partner yet has no row: its preferences are empty, in German. */
const preferencesFromRow = (r: Raw | undefined): PartnerPreferencesRow => {
  const { payoutGateway, ...row } = fromRow<
    Partial<Omit<PartnerPreferencesRow, 'gateway'> & { payoutGateway: PartnerPreferencesRow['gateway'] }>
  >(r ?? {}, PREFERENCE_COLUMNS);
  return {
    email: row.email ?? null,
    taxId: row.taxId ?? null,
    vatId: row.vatId ?? null,
    address: row.address ?? null,
    language: row.language === 'en' ? 'en' : 'de',
    gateway: payoutGateway ?? null,
    paypalEmail: row.paypalEmail ?? null,
    bankName: row.bankName ?? null,
    iban: row.iban ?? null,
    bic: row.bic ?? null,
  };
};

export async function partnerPreferences(db: Db, shopId: string): Promise<PartnerPreferencesRow> {
  return preferencesFromRow(await db('partners').where({ shop_id: shopId }).first());
}

/** Saves the payout details; the other gateway's fields are cleared so only one recipient is on file. */
export async function savePartnerPreferences(
  db: Db,
  shopId: string,
  p: Omit<PartnerPreferencesRow, 'paypalEmail' | 'bankName' | 'iban' | 'bic'> & Partial<PartnerPreferencesRow>,
): Promise<PartnerPreferencesRow> {
  const values = {
    email: p.email,
    tax_id: p.taxId,
    vat_id: p.vatId ?? null,
    address: p.address ? JSON.stringify(p.address) : null,
    language: p.language,
    payout_gateway: p.gateway,
    paypal_email: p.gateway === 'paypal' ? p.paypalEmail : null,
    bank_name: p.gateway === 'bank' ? p.bankName : null,
    iban: p.gateway === 'bank' ? p.iban : null,
    bic: p.gateway === 'bank' ? p.bic : null,
    updated_at: db.fn.now(),
  };
  const [row] = await db('partners')
    .insert({ shop_id: shopId, ...values })
    .onConflict('shop_id')
    .merge(values)
    .returning('*');
  return preferencesFromRow(row);
}

export interface RedemptionEntry {
  id: string;
  coupon: string;
  shop: string;
  status: string;
  plan: string | null;
  provision: number | null;
  createdAt: string;
  subscribedAt: string | null;
}

interface RedemptionRow {
  id: string;
  couponCode: string;
  shopId: string;
  status: string;
  planId: string | null;
  provision: number | null;
  createdAt: Date;
  subscribedAt: Date | null;
}
const REDEMPTION_COLUMNS = [
  'id',
  'coupon_code',
  'shop_id',
  'status',
  'plan_id',
  'provision',
  'created_at',
  'subscribed_at',
] as const;
const redemptionFromRow = (r: Raw): RedemptionEntry => {
  const row = fromRow<RedemptionRow>(r, REDEMPTION_COLUMNS);
  return {
    id: row.id,
    coupon: row.couponCode,
    shop: row.shopId,
    status: row.status,
    plan: row.planId ?? null,
    provision: row.provision == null ? null : Number(row.provision),
    createdAt: isoOf(row.createdAt),
    subscribedAt: isoOf(row.subscribedAt),
  };
};

const SORTS = {
  newest: ['r.created_at', 'desc'],
  oldest: ['r.created_at', 'asc'],
  provision: ['r.provision', 'desc'],
} as const;

/** The redemptions of the partner's coupons; the redeeming shop is shown by its domain only. */
export async function partnerRedemptions(
  db: Db,
  partnerShopId: string,
  q: { sort: keyof typeof SORTS; tab: string; search?: string },
): Promise<RedemptionEntry[]> {
  const query = db('redemptions as r')
    .join('coupons as c', 'c.code', 'r.coupon_code')
    .where('c.partner_shop_id', partnerShopId)
    .select(
      'r.id',
      'r.coupon_code',
      'r.shop_id',
      db.raw('? as status', [redemptionStatus(db)]),
      'r.plan_id',
      'r.provision',
      'r.created_at',
      'r.subscribed_at',
    );
  if (q.tab !== 'all') query.whereRaw('? = ?', [redemptionStatus(db), q.tab]);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query.where((w) => void w.whereILike('r.coupon_code', like).orWhereILike('r.shop_id', like));
  }
  const [column, dir] = SORTS[q.sort];
  const rows = await query.orderByRaw(`${column} ${dir} nulls last`).orderBy('r.id').limit(500);
  return rows.map(redemptionFromRow);
}

export interface PayoutEntry {
  id: string;
  status: string;
  provisions: number;
  fee: number;
  gateway: string;
  recipient: string;
  /** The account holder (or PayPal recipient) the payout was made for, kept as it was then. */
  recipientName: string | null;
  bic: string | null;
  /** Why it was not paid: its provisions went back to the balance for the next payout. */
  failure: string | null;
  timespan: { start: string; end: string };
  paymentAt: string | null;
  createdAt: string;
}
const day = (d: unknown) =>
  d instanceof Date
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : String(d);
interface PayoutRow extends Omit<PayoutEntry, 'timespan' | 'paymentAt' | 'createdAt'> {
  timespanStart: unknown;
  timespanEnd: unknown;
  paymentAt: Date | null;
  createdAt: Date;
}
const PAYOUT_COLUMNS = [
  'id',
  'status',
  'provisions',
  'fee',
  'gateway',
  'recipient',
  'recipient_name',
  'bic',
  'failure',
  'timespan_start',
  'timespan_end',
  'payment_at',
  'created_at',
] as const;
const payoutFromRow = (r: Raw): PayoutEntry => {
  const { timespanStart, timespanEnd, ...row } = fromRow<PayoutRow>(r, PAYOUT_COLUMNS);
  return {
    ...row,
    provisions: Number(row.provisions),
    fee: Number(row.fee),
    timespan: { start: day(timespanStart), end: day(timespanEnd) },
    paymentAt: isoOf(row.paymentAt),
    createdAt: isoOf(row.createdAt),
  };
};

export async function partnerPayouts(db: Db, partnerShopId: string): Promise<PayoutEntry[]> {
  return (
    await db('payouts').where({ partner_shop_id: partnerShopId }).orderBy('created_at', 'desc').orderBy('id')
  ).map(payoutFromRow);
}

export async function partnerPayout(db: Db, partnerShopId: string, id: string): Promise<PayoutEntry | undefined> {
  const row = await db('payouts').where({ partner_shop_id: partnerShopId, id }).first();
  return row ? payoutFromRow(row) : undefined;
}

export type PayoutRequestResult =
  { payout: PayoutEntry } | { problem: 'NO_GATEWAY' | 'BELOW_THRESHOLD'; amount: number };

/**
 * A payout of every verified provision not yet paid out (subscribed ones once `releaseDays`
 * have passed). Below the gateway's threshold nothing is written.
 */
export async function requestPayout(
  db: Db,
  partnerShopId: string,
  rules: { releaseDays: number; gateways: Record<string, { threshold: number; fee: number }> },
): Promise<PayoutRequestResult> {
  return db.transaction(async (trx) => {
    const partner = await trx('partners').where({ shop_id: partnerShopId }).forUpdate().first();
    const prefs = preferencesFromRow(partner);
    const released = trx('redemptions as r')
      .join('coupons as c', 'c.code', 'r.coupon_code')
      .where('c.partner_shop_id', partnerShopId)
      .whereNull('r.payout_id')
      .whereNotNull('r.provision')
      .whereRaw(`? = 'verified'`, [redemptionStatus(trx, rules.releaseDays)]);
    const rows = (await released.clone().select('r.id', 'r.provision', 'r.subscribed_at', 'r.created_at')).map(
      (r: Raw) => fromRow<{ id: string; provision: number; subscribedAt: Date | null; createdAt: Date }>(r),
    );
    const amount = Math.round(rows.reduce((s, r) => s + Number(r.provision), 0) * 100) / 100;
    const gateway = prefs.gateway ? rules.gateways[prefs.gateway] : undefined;
    const recipient = prefs.gateway === 'paypal' ? prefs.paypalEmail : prefs.iban;
    if (!prefs.gateway || !gateway || !recipient) return { problem: 'NO_GATEWAY' as const, amount };
    if (amount < gateway.threshold) return { problem: 'BELOW_THRESHOLD' as const, amount };
    const dates = rows.map((r) => r.subscribedAt ?? r.createdAt).sort((a, b) => a.getTime() - b.getTime());
    const row = await insertPayout(trx, {
      partnerShopId,
      start: dates[0]!,
      end: new Date(),
      provisions: amount,
      fee: Math.round(amount * gateway.fee * 100) / 100,
    });
    await trx('redemptions')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ payout_id: row.id, released_at: trx.raw('coalesce(released_at, now())') });
    return { payout: payoutFromRow(row) };
  });
}

/**
 * Writes a scheduled payout with the account it goes to, read from the partner's details now and
 * kept on the payout from then on (the file, the receipt and the admin area show what was used).
 * The caller links the provisions it pays, in the same transaction, under the partner's row lock.
 */
export async function insertPayout(
  trx: Db,
  p: { partnerShopId: string; start: Date; end: Date; provisions: number; fee: number; runId?: string; at?: Date },
): Promise<Raw> {
  const partner = await trx('partners as pa')
    .join('shops as s', 's.id', 'pa.shop_id')
    .where('pa.shop_id', p.partnerShopId)
    .first('pa.*', 's.name as shop_name');
  const prefs = preferencesFromRow(partner);
  const name = ((prefs.address as { name?: string } | null)?.name || (partner?.shop_name as string | null)) ?? '';
  const [row] = await trx('payouts')
    .insert({
      partner_shop_id: p.partnerShopId,
      timespan_start: day(p.start),
      timespan_end: day(p.end),
      status: 'scheduled',
      provisions: p.provisions,
      fee: p.fee,
      gateway: prefs.gateway,
      recipient: prefs.gateway === 'paypal' ? prefs.paypalEmail : prefs.iban,
      recipient_name: name || p.partnerShopId,
      bic: prefs.gateway === 'bank' ? prefs.bic : null,
      ...(p.runId ? { run_id: p.runId } : {}),
      ...(p.at ? { created_at: p.at } : {}),
    })
    .returning('*');
  return row as Raw;
}
