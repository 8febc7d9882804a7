import type { Db } from '../connection';
import { planById, type PlanId } from '@belegfluss/shared';

export interface PlanSubscription {
  id: string;
  shopId: string;
  planId: PlanId;
  annual: boolean;
  couponCode: string | null;
  price: number;
  trialDays: number;
  subscriptionGid: string;
  status: 'pending' | 'active' | 'declined';
}

type Raw = Record<string, unknown>;
const subscriptionFromRow = (r: Raw): PlanSubscription => ({
  id: r.id as string, shopId: r.shop_id as string, planId: r.plan_id as PlanId, annual: r.annual as boolean,
  couponCode: (r.coupon_code as string | null) ?? null, price: Number(r.price), trialDays: r.trial_days as number,
  subscriptionGid: r.subscription_gid as string, status: r.status as PlanSubscription['status'],
});

/** Records a subscription Shopify created and the merchant has yet to approve; a coupon is held for it. */
export async function recordPendingSubscription(db: Db, s: Omit<PlanSubscription, 'id' | 'status'>): Promise<PlanSubscription> {
  return db.transaction(async (trx) => {
    const [row] = await trx('plan_subscriptions').insert({
      shop_id: s.shopId, plan_id: s.planId, annual: s.annual, coupon_code: s.couponCode, price: s.price, trial_days: s.trialDays, subscription_gid: s.subscriptionGid,
    }).returning('*');
    if (s.couponCode) await holdRedemption(trx, s.shopId, s.couponCode, s.planId);
    return subscriptionFromRow(row);
  });
}

async function holdRedemption(trx: Db, shopId: string, code: string, planId: string): Promise<void> {
  await trx('redemptions').insert({ coupon_code: code, shop_id: shopId, status: 'pending', plan_id: planId })
    .onConflict('shop_id').merge({ coupon_code: code, status: 'pending', plan_id: planId });
}

export async function findSubscription(db: Db, shopId: string, subscriptionGid: string): Promise<PlanSubscription | undefined> {
  const row = await db('plan_subscriptions').where({ shop_id: shopId, subscription_gid: subscriptionGid }).first();
  return row ? subscriptionFromRow(row) : undefined;
}

/** Puts the shop on a plan: quota from the plan, the trial used once. */
async function applyPlan(trx: Db, shopId: string, planId: PlanId, annual: boolean, trialDays: number): Promise<void> {
  await trx('shops').where({ id: shopId }).update({
    plan_id: planId, plan_annual: annual, credits_quota: planById(planId).creditsQuota, updated_at: trx.fn.now(),
    ...(trialDays > 0 ? { trial_at: trx.fn.now() } : {}),
  });
}

/**
 * Shopify reported the subscription ACTIVE: the plan applies, and a coupon's redemption is
 * subscribed, crediting a partner `allowance × first period's price × intervals`.
 */
export async function activateSubscription(db: Db, sub: PlanSubscription, provisionIntervals: number): Promise<void> {
  await db.transaction(async (trx) => {
    const updated = await trx('plan_subscriptions').where({ id: sub.id, status: 'pending' }).update({ status: 'active', activated_at: trx.fn.now() });
    if (!updated) return; // a second return from Shopify changes nothing
    await applyPlan(trx, sub.shopId, sub.planId, sub.annual, sub.trialDays);
    if (!sub.couponCode) return;
    const partner = await trx('coupons as c').leftJoin('partners as p', 'p.shop_id', 'c.partner_shop_id').where('c.code', sub.couponCode).first('c.partner_shop_id', 'p.allowance');
    const provision = partner?.partner_shop_id ? Math.round(Number(partner.allowance ?? 0.5) * sub.price * provisionIntervals * 100) / 100 : null;
    await trx('redemptions').where({ shop_id: sub.shopId, coupon_code: sub.couponCode })
      .update({ status: 'subscribed', subscribed_at: trx.fn.now(), plan_id: sub.planId, provision });
  });
}

export async function declineSubscription(db: Db, sub: PlanSubscription): Promise<void> {
  await db.transaction(async (trx) => {
    const updated = await trx('plan_subscriptions').where({ id: sub.id, status: 'pending' }).update({ status: 'declined' });
    if (updated && sub.couponCode) await trx('redemptions').where({ shop_id: sub.shopId, coupon_code: sub.couponCode, status: 'pending' }).update({ status: 'declined' });
  });
}

/** A plan without a Shopify charge (free): applies at once; a coupon is redeemed right away. */
export async function changePlanWithoutCharge(db: Db, shopId: string, planId: PlanId, annual: boolean, couponCode: string | null): Promise<void> {
  await db.transaction(async (trx) => {
    await applyPlan(trx, shopId, planId, annual, 0);
    if (couponCode) {
      await holdRedemption(trx, shopId, couponCode, planId);
      await trx('redemptions').where({ shop_id: shopId }).update({ status: 'redeemed' });
    }
  });
}

export async function purchasedFeatures(db: Db, shopId: string): Promise<string[]> {
  return (await db('purchases').where({ shop_id: shopId }).pluck('feature')) as string[];
}

/** Records a one-time purchase; false when the shop already owns the feature. */
export async function recordPurchase(db: Db, shopId: string, feature: string, price: number): Promise<boolean> {
  const rows = await db('purchases').insert({ shop_id: shopId, feature, price }).onConflict(['shop_id', 'feature']).ignore().returning('id');
  return rows.length > 0;
}

/** The trial is given once per shop (spec 1 §9: 7 days). */
export async function trialUsed(db: Db, shopId: string): Promise<boolean> {
  const row = await db('shops').where({ id: shopId }).first('trial_at');
  return Boolean(row?.trial_at);
}
