import { couponPlans } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface Coupon {
  code: string;
  partnerShopId: string | null;
  type: 'percent' | 'amount';
  value: number;
  intervals: number;
  plans: string[];
  comment: string | null;
  active: boolean;
  views: number;
  expiresAt: Date | null;
  createdAt: Date;
}

type Raw = Record<string, unknown>;
const COUPON_COLUMNS = [
  'code',
  'partner_shop_id',
  'type',
  'intervals',
  'plans',
  'comment',
  'active',
  'views',
  'expires_at',
  'created_at',
] as const;
export const couponFromRow = (r: Raw): Coupon => ({ ...fromRow<Coupon>(r, COUPON_COLUMNS), value: Number(r.value) });

export type CouponProblem = 'INVALID' | 'USED' | 'SELF_REDEMPTION' | 'EXPIRED' | 'PLAN';

/** A redemption that has not gone past Shopify's confirmation page may be tried again with the same code. */
const RETRYABLE = ['pending', 'declined'];

/**
 * Whether `shopId` may redeem `code` (for `planId`, when given).
 * Each customer is rewarded once, so any other redemption of the shop means USED.
 */
export async function checkCoupon(
  db: Db,
  shopId: string,
  code: string,
  planId?: string,
  now = new Date(),
): Promise<{ coupon: Coupon } | { problem: CouponProblem }> {
  const row = await db('coupons').where({ code }).first();
  if (!row || !row.active) return { problem: 'INVALID' };
  const stored = couponFromRow(row);
  const coupon = { ...stored, plans: couponPlans(code, stored.plans) };
  if (coupon.partnerShopId === shopId) return { problem: 'SELF_REDEMPTION' };
  if (coupon.expiresAt && coupon.expiresAt <= now) return { problem: 'EXPIRED' };
  const redemption = await db('redemptions').where({ shop_id: shopId }).first();
  if (redemption && (redemption.coupon_code !== code || !RETRYABLE.includes(redemption.status as string)))
    return { problem: 'USED' };
  if (planId && coupon.plans.length > 0 && !coupon.plans.includes(planId)) return { problem: 'PLAN' };
  return { coupon };
}

/** A shop looked at a coupon: partners see the count as views. */
export async function countCouponView(db: Db, code: string): Promise<void> {
  await db('coupons').where({ code }).increment('views', 1);
}

export async function partnerCoupons(db: Db, partnerShopId: string): Promise<(Coupon & { redemptions: number })[]> {
  const rows = await db('coupons as c')
    .where({ 'c.partner_shop_id': partnerShopId, 'c.active': true })
    .select('c.*', db.raw('(select count(*)::int from redemptions r where r.coupon_code = c.code) as redemptions'))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.code');
  return rows.map((r: Raw) => ({ ...couponFromRow(r), ...fromRow<{ redemptions: number }>(r, ['redemptions']) }));
}

export type CreateCouponResult = { coupon: Coupon } | { problem: 'NOT_AVAILABLE' | 'TOO_MANY' };

/** Creates a partner coupon; the partner row is locked so two requests can't both pass the limit. */
export async function createPartnerCoupon(
  db: Db,
  input: { partnerShopId: string; code: string; percent: number; months: number; comment: string; max: number },
): Promise<CreateCouponResult> {
  return db.transaction(async (trx) => {
    await trx('partners').insert({ shop_id: input.partnerShopId }).onConflict('shop_id').ignore();
    await trx('partners').where({ shop_id: input.partnerShopId }).forUpdate().first();
    const [counted] = await trx('coupons')
      .where({ partner_shop_id: input.partnerShopId, active: true })
      .count<{ count: number }[]>({ count: '*' });
    if (Number(counted?.count ?? 0) >= input.max) return { problem: 'TOO_MANY' as const };
    const [row] = await trx('coupons')
      .insert({
        code: input.code,
        partner_shop_id: input.partnerShopId,
        type: 'percent',
        value: input.percent,
        intervals: input.months,
        comment: input.comment,
      })
      .onConflict('code')
      .ignore()
      .returning('*');
    return row ? { coupon: couponFromRow(row) } : { problem: 'NOT_AVAILABLE' as const };
  });
}

/**
 * Removes a partner's coupon. Used coupons stay as rows (redemptions point at them) but are
 * switched off; while a redemption still waits for its provision, removal is refused.
 */
export async function removePartnerCoupon(
  db: Db,
  partnerShopId: string,
  code: string,
): Promise<'removed' | 'UNAUTHORIZED' | 'PENDING_PROVISION'> {
  return db.transaction(async (trx) => {
    const row = await trx('coupons').where({ code }).forUpdate().first();
    if (!row || row.partner_shop_id !== partnerShopId || !row.active) return 'UNAUTHORIZED';
    const statuses = (await trx('redemptions').where({ coupon_code: code }).pluck('status')) as string[];
    if (statuses.some((s) => ['pending', 'redeemed', 'subscribed'].includes(s))) return 'PENDING_PROVISION';
    if (statuses.length === 0) await trx('coupons').where({ code }).delete();
    else await trx('coupons').where({ code }).update({ active: false });
    return 'removed';
  });
}

/** The coupons the operator made for every shop (no partner behind them), newest first. */
export async function listAdminCoupons(db: Db): Promise<(Coupon & { redemptions: number })[]> {
  const rows = await db('coupons as c')
    .whereNull('c.partner_shop_id')
    .select('c.*', db.raw('(select count(*)::int from redemptions r where r.coupon_code = c.code) as redemptions'))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.code');
  return rows.map((r: Raw) => ({ ...couponFromRow(r), ...fromRow<{ redemptions: number }>(r, ['redemptions']) }));
}

/** A coupon without a partner; null when the code is taken (by any coupon, a partner's too). */
export async function createAdminCoupon(
  db: Db,
  input: {
    code: string;
    type: 'percent' | 'amount';
    value: number;
    intervals: number;
    plans: string[];
    comment: string;
    expiresAt: string | null;
  },
): Promise<Coupon | null> {
  const [row] = await db('coupons')
    .insert({
      code: input.code,
      partner_shop_id: null,
      type: input.type,
      value: input.value,
      intervals: input.intervals,
      plans: input.plans,
      comment: input.comment || null,
      // The coupon holds through its last day, German time.
      expires_at: input.expiresAt
        ? db.raw(`(?::date + 1)::timestamp at time zone 'Europe/Berlin'`, [input.expiresAt])
        : null,
    })
    .onConflict('code')
    .ignore()
    .returning('*');
  return row ? couponFromRow(row) : null;
}
