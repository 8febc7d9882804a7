import type { Db } from '../connection';
import { fromRow } from '../rows';
import { PARTNER_RELEASE_DAYS, planById, type PlanId } from '@belegfluss/shared';

export interface PlanSubscription {
  id: string;
  shopId: string;
  planId: PlanId;
  annual: boolean;
  couponCode: string | null;
  price: number;
  trialDays: number;
  subscriptionGid: string;
  status: 'pending' | 'active' | 'declined' | 'cancelled';
}

type Raw = Record<string, unknown>;
const SUBSCRIPTION_COLUMNS = [
  'id',
  'shop_id',
  'plan_id',
  'annual',
  'coupon_code',
  'price',
  'trial_days',
  'subscription_gid',
  'status',
] as const;
const subscriptionFromRow = (r: Raw): PlanSubscription => {
  const row = fromRow<PlanSubscription>(r, SUBSCRIPTION_COLUMNS);
  return { ...row, couponCode: row.couponCode ?? null, price: Number(row.price) };
};

/** Records a subscription Shopify created and the merchant has yet to approve; a coupon is held for it. */
export async function recordPendingSubscription(
  db: Db,
  s: Omit<PlanSubscription, 'id' | 'status'>,
): Promise<PlanSubscription> {
  return db.transaction(async (trx) => {
    const [row] = await trx('plan_subscriptions')
      .insert({
        shop_id: s.shopId,
        plan_id: s.planId,
        annual: s.annual,
        coupon_code: s.couponCode,
        price: s.price,
        trial_days: s.trialDays,
        subscription_gid: s.subscriptionGid,
      })
      .returning('*');
    if (s.couponCode) await holdRedemption(trx, s.shopId, s.couponCode, s.planId);
    return subscriptionFromRow(row);
  });
}

async function holdRedemption(trx: Db, shopId: string, code: string, planId: string): Promise<void> {
  await trx('redemptions')
    .insert({ coupon_code: code, shop_id: shopId, status: 'pending', plan_id: planId })
    .onConflict('shop_id')
    .merge({ coupon_code: code, status: 'pending', plan_id: planId });
}

export async function findSubscription(
  db: Db,
  shopId: string,
  subscriptionGid: string,
): Promise<PlanSubscription | undefined> {
  const row = await db('plan_subscriptions').where({ shop_id: shopId, subscription_gid: subscriptionGid }).first();
  return row ? subscriptionFromRow(row) : undefined;
}

/** Puts the shop on a plan: quota from the plan, the trial used once. */
/**
 * Every plan change takes the shop's row first, then its subscriptions. The app's own change (to
 * Free, or a return from Shopify) and Shopify's webhook about the same subscription arrive together;
 * taken in different orders, the two transactions deadlocked and the merchant's downgrade failed.
 */
async function lockShopForPlanChange(trx: Db, shopId: string): Promise<void> {
  await trx('shops').where({ id: shopId }).forUpdate().first('id');
}

async function applyPlan(trx: Db, shopId: string, planId: PlanId, annual: boolean, trialDays: number): Promise<void> {
  await trx('shops')
    .where({ id: shopId })
    .update({
      plan_id: planId,
      plan_annual: annual,
      transfers_quota: planById(planId).transfersQuota,
      updated_at: trx.fn.now(),
      ...(trialDays > 0 ? { trial_at: trx.fn.now() } : {}),
    });
}

/**
 * Shopify reported the subscription ACTIVE: the plan applies, and a coupon's redemption is
 * subscribed, crediting a partner `allowance × first period's price × intervals`.
 */
export async function activateSubscription(db: Db, sub: PlanSubscription, provisionIntervals: number): Promise<void> {
  await db.transaction(async (trx) => {
    await lockShopForPlanChange(trx, sub.shopId);
    const updated = await trx('plan_subscriptions')
      .where({ id: sub.id, status: 'pending' })
      .update({ status: 'active', activated_at: trx.fn.now() });
    if (!updated) return; // a second return from Shopify changes nothing
    // Shopify cancels the app's previous subscription when the merchant approves a new one.
    await trx('plan_subscriptions')
      .where({ shop_id: sub.shopId, status: 'active' })
      .whereNot({ id: sub.id })
      .update({ status: 'cancelled', cancelled_at: trx.fn.now() });
    await applyPlan(trx, sub.shopId, sub.planId, sub.annual, sub.trialDays);
    if (!sub.couponCode) return;
    const partner = await trx('coupons as c')
      .leftJoin('partners as p', 'p.shop_id', 'c.partner_shop_id')
      .where('c.code', sub.couponCode)
      .first('c.partner_shop_id', 'p.allowance');
    const provision = partner?.partner_shop_id
      ? Math.round(Number(partner.allowance ?? 0.5) * sub.price * provisionIntervals * 100) / 100
      : null;
    await trx('redemptions')
      .where({ shop_id: sub.shopId, coupon_code: sub.couponCode })
      .update({ status: 'subscribed', subscribed_at: trx.fn.now(), plan_id: sub.planId, provision });
  });
}

export async function declineSubscription(db: Db, sub: PlanSubscription): Promise<void> {
  await db.transaction(async (trx) => {
    const updated = await trx('plan_subscriptions')
      .where({ id: sub.id, status: 'pending' })
      .update({ status: 'declined' });
    if (updated && sub.couponCode)
      await trx('redemptions')
        .where({ shop_id: sub.shopId, coupon_code: sub.couponCode, status: 'pending' })
        .update({ status: 'declined' });
  });
}

/** The subscription the shop pays for now, if any. */
export async function activeSubscription(db: Db, shopId: string): Promise<PlanSubscription | undefined> {
  const row = await db('plan_subscriptions')
    .where({ shop_id: shopId, status: 'active' })
    .orderBy('activated_at', 'desc')
    .first();
  return row ? subscriptionFromRow(row) : undefined;
}

/**
 * Ends the shop's active subscriptions. A partner's redemption still in its lock period
 * (PARTNER_RELEASE_DAYS) is void: cancelled early.
 */
async function endSubscriptions(trx: Db, shopId: string, only?: string): Promise<number> {
  const ended = await trx('plan_subscriptions')
    .where({ shop_id: shopId, status: 'active' })
    .modify((q) => void (only && q.where({ subscription_gid: only })))
    .update({ status: 'cancelled', cancelled_at: trx.fn.now() });
  if (ended) {
    await trx('redemptions')
      .where({ shop_id: shopId, status: 'subscribed' })
      .where('subscribed_at', '>', trx.raw(`now() - make_interval(days => ?)`, [PARTNER_RELEASE_DAYS]))
      .update({ status: 'cancelled' });
  }
  return ended;
}

/**
 * Shopify reports a subscription ended (cancelled, expired, frozen): when it was the one the
 * shop is on, the shop falls back to free. A subscription replaced by a newer one was already
 * ended when the newer one activated, so its late report changes nothing.
 */
export async function endSubscription(db: Db, shopId: string, subscriptionGid: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    await lockShopForPlanChange(trx, shopId);
    const ending = await trx('plan_subscriptions')
      .where({ shop_id: shopId, subscription_gid: subscriptionGid, status: 'active' })
      .first('id', 'created_at');
    if (!ending) return false;
    // Shopify cancels the old subscription when the merchant approves a newer one, and its report
    // may come before the newer one's ACTIVE: that is an upgrade, not an end. The shop keeps its
    // plan (and a partner's provision stays) until the newer one is applied.
    const successor = await trx('plan_subscriptions')
      .where({ shop_id: shopId, status: 'pending' })
      .where('created_at', '>', ending.created_at)
      .first('id');
    if (successor) {
      await trx('plan_subscriptions')
        .where({ id: ending.id })
        .update({ status: 'cancelled', cancelled_at: trx.fn.now() });
      return false;
    }
    if (!(await endSubscriptions(trx, shopId, subscriptionGid))) return false;
    if (!(await trx('plan_subscriptions').where({ shop_id: shopId, status: 'active' }).first('id')))
      await applyPlan(trx, shopId, 'free', false, 0);
    return true;
  });
}

/** A plan without a Shopify charge (free): applies at once, ending any subscription; a coupon is redeemed right away. */
export async function changePlanWithoutCharge(
  db: Db,
  shopId: string,
  planId: PlanId,
  annual: boolean,
  couponCode: string | null,
): Promise<void> {
  await db.transaction(async (trx) => {
    await lockShopForPlanChange(trx, shopId);
    await endSubscriptions(trx, shopId);
    await applyPlan(trx, shopId, planId, annual, 0);
    if (couponCode) {
      await holdRedemption(trx, shopId, couponCode, planId);
      await trx('redemptions').where({ shop_id: shopId }).update({ status: 'redeemed' });
    }
  });
}

/** The one-time unlocks Shopify charged (approved by the merchant). */
export async function purchasedFeatures(db: Db, shopId: string): Promise<string[]> {
  return (await db('purchases').where({ shop_id: shopId, status: 'active' }).pluck('feature')) as string[];
}

export interface Purchase {
  shopId: string;
  feature: string;
  price: number;
  chargeGid: string | null;
  status: 'pending' | 'active' | 'declined';
}

/**
 * Records the charge Shopify created for a one-time unlock, waiting for the merchant. A pending
 * or declined earlier try is replaced; false when the shop already owns the feature.
 */
export async function recordPendingPurchase(db: Db, p: Omit<Purchase, 'status'>): Promise<boolean> {
  const values = {
    price: p.price,
    charge_gid: p.chargeGid,
    status: 'pending',
    activated_at: null,
    created_at: db.fn.now(),
  };
  const rows = await db('purchases')
    .insert({ shop_id: p.shopId, feature: p.feature, ...values })
    .onConflict(['shop_id', 'feature'])
    .merge(values)
    .where('purchases.status', '<>', 'active')
    .returning('id');
  return rows.length > 0;
}

export async function findPurchase(db: Db, shopId: string, chargeGid: string): Promise<Purchase | undefined> {
  const r = await db('purchases').where({ shop_id: shopId, charge_gid: chargeGid }).first();
  return (
    r && { shopId: r.shop_id, feature: r.feature, price: Number(r.price), chargeGid: r.charge_gid, status: r.status }
  );
}

/** Shopify's word on a pending charge: ACTIVE unlocks the feature (and starts its 30 days), DECLINED does not. */
export async function settlePurchase(db: Db, shopId: string, chargeGid: string, approved: boolean): Promise<void> {
  await db('purchases')
    .where({ shop_id: shopId, charge_gid: chargeGid, status: 'pending' })
    .update(approved ? { status: 'active', activated_at: db.fn.now() } : { status: 'declined' });
}

/** The trial is given once per shop (7 days). */
export async function trialUsed(db: Db, shopId: string): Promise<boolean> {
  const row = await db('shops').where({ id: shopId }).first('trial_at');
  return Boolean(row?.trial_at);
}
