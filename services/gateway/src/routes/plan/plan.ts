import Router from '@koa/router';
import type { Context } from 'koa';
import {
  activateSubscription,
  activeSubscription,
  changePlanWithoutCharge,
  checkCoupon,
  countCouponView,
  declineSubscription,
  findPurchase,
  findSubscription,
  getShop,
  purchasedFeatures,
  recordPendingPurchase,
  recordPendingSubscription,
  settlePurchase,
  trialUsed,
  type Coupon,
  type CouponProblem,
  type ShopRow,
} from '@belegfluss/db';
import {
  COUPON_MESSAGES,
  PARTNER_PROVISION_INTERVALS,
  TRIAL_DAYS,
  couponTerms,
  discountedPrice,
  orderImportPrice,
  planById,
  planOffered,
  planPrice,
} from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { nudge } from '../../billing';
import { shopFlags } from '../../config';
import {
  Forbidden,
  ForbiddenWith,
  NotFound,
  NotFoundWith,
  Conflict,
  PaymentRequired,
  Unprocessable,
  type CodedError,
} from '../../errors';
import { body, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { shopifyOf } from '../../clients';
import {
  activeSubscriptionIds,
  cancelSubscription,
  createOneTimePurchase,
  createSubscription,
  oneTimePurchaseStatus,
  shopifyPlanName,
} from './billing';
import { BillingReturnQuery, CouponCode, PlanChangeBody, PurchaseFeatureParam } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'plan.coupon': 'Coupon check: its terms in German, or why it does not apply',
  'plan.change': '{plan, annual, coupon}: free at once, paid via Shopify confirmationUrl',
  'plan.purchase': 'One-time unlock of a feature (orderImport) via Shopify',
  'plan.return': "Shopify's return from the subscription confirmation (public)",
  'plan.purchase.return': "Shopify's return from the one-time charge (public)",
});

const COUPON_ANSWER: Record<CouponProblem, CodedError> = {
  INVALID: NotFoundWith,
  USED: Conflict,
  SELF_REDEMPTION: ForbiddenWith,
  EXPIRED: Unprocessable,
  PLAN: Unprocessable,
};
const couponError = (problem: CouponProblem) => COUPON_ANSWER[problem](problem, COUPON_MESSAGES[problem], 'coupon');

export const PLAN_MESSAGES = {
  notInstalled: 'Dieser Shop ist nicht installiert.',
  basicOnly: 'Der Tarif Basic ist nur für Shops mit dem Shopify-Tarif Basic verfügbar.',
  private: 'Dieser Tarif ist nicht verfügbar.',
  unchanged: 'Dieser Tarif ist bereits aktiv.',
  freeNoPurchase: 'Auf dem kostenlosen Tarif ist der Import nicht verfügbar. Wähle zuerst einen bezahlten Tarif.',
  purchased: 'Diese Funktion ist bereits freigeschaltet.',
  subscriptionUnknown: 'Dieses Abo ist uns nicht bekannt.',
  purchaseUnknown: 'Dieser Kauf ist uns nicht bekannt.',
} as const;

/** What a one-time unlock is called on Shopify's confirmation page and the merchant's bill. */
const PURCHASE_NAMES: Record<string, string> = { orderImport: 'Belegfluss: Import älterer Bestellungen' };

/** Where Shopify sends the merchant after its confirmation page (shop in the query: no session there). */
function returnUrl(gw: GatewayContext, path: string, shop: string): string {
  const url = new URL(path, gw.settings.appUrl);
  url.searchParams.set('shop', shop);
  return url.toString();
}

async function shopOf(gw: GatewayContext, ctx: Context): Promise<ShopRow> {
  const row = await getShop(gw.db, sessionOf(ctx).shop);
  if (!row) throw NotFound(PLAN_MESSAGES.notInstalled);
  return row;
}

/** A coupon in the request, re-checked for the chosen plan; null without one. */
async function couponFor(
  gw: GatewayContext,
  shop: string,
  code: string | null | undefined,
  planId: string,
): Promise<Coupon | null> {
  if (!code) return null;
  const result = await checkCoupon(gw.db, shop, code, planId);
  if ('problem' in result) throw couponError(result.problem);
  return result.coupon;
}

/** Private plans only for shops already on them; basic only for the listed Shopify plans. */
async function assertOffered(gw: GatewayContext, shop: ShopRow, planId: string): Promise<void> {
  if (planById(planId).private && shop.planId !== planId) throw Forbidden(PLAN_MESSAGES.private);
  if (planId !== 'basic' || planOffered('basic', shop.shopifyPlan)) return;
  if (shop.shopifyPlan || !planOffered('basic', await shopifyPlanName(gw, (await shopifyOf(gw, shop.id)).graphql)))
    throw Forbidden(PLAN_MESSAGES.basicOnly);
}

/**
 * The shell's plan page and coupon dialog. Paid plans go through Shopify's
 * Billing API: the answer is Shopify's confirmation URL, and the plan applies when the merchant
 * comes back from it and Shopify lists the subscription as active.
 */
export function planRoutes(gw: GatewayContext, api: Router): Router {
  /**
   * The coupon dialog: the coupon without its code, with what it means on each billing interval
   * in German, or an error whose code the shell maps to its text.
   */
  api.get('plan.coupon', '/api/plan/coupon/:code', async (ctx) => {
    const parsed = CouponCode.safeParse(ctx.params.code);
    if (!parsed.success) throw couponError('INVALID');
    const result = await checkCoupon(gw.db, sessionOf(ctx).shop, parsed.data);
    if ('problem' in result) throw couponError(result.problem);
    await countCouponView(gw.db, parsed.data);
    const { type, value, intervals, plans, comment } = result.coupon;
    const terms = { monthly: couponTerms(result.coupon, false).text, annual: couponTerms(result.coupon, true).text };
    ctx.body = { type, value, intervals, plans, terms, ...(comment ? { comment } : {}) };
  });

  api.post('plan.change', '/api/plan', async (ctx) => {
    const req = await body(ctx, PlanChangeBody);
    const shop = await shopOf(gw, ctx);
    if (req.plan === shop.planId && req.annual === shop.planAnnual && !req.coupon)
      throw Conflict('UNCHANGED', PLAN_MESSAGES.unchanged, 'plan');
    const coupon = await couponFor(gw, shop.id, req.coupon, req.plan);
    await assertOffered(gw, shop, req.plan);
    const plan = planById(req.plan);
    const price = planPrice(plan, req.annual);
    if (price === 0) {
      // Back to free: the paid subscription ends at Shopify first, so the merchant is billed no more.
      const current = await activeSubscription(gw.db, shop.id);
      if (current) await cancelSubscription(gw, (await shopifyOf(gw, shop.id)).graphql, current.subscriptionGid);
      await changePlanWithoutCharge(gw.db, shop.id, plan.id, req.annual, coupon?.code ?? null);
      gw.background.run(() => nudge(gw, shop.id, 'plan'));
      ctx.body = { plan: { id: plan.id, annual: req.annual } };
      return;
    }
    const discount = coupon && couponTerms(coupon, req.annual).discount;
    const trialDays = (await trialUsed(gw.db, shop.id)) ? 0 : TRIAL_DAYS;
    const subscription = await createSubscription(gw, (await shopifyOf(gw, shop.id)).graphql, {
      name: `Belegfluss ${plan.name}${req.annual ? ' (jährlich)' : ''}`,
      price,
      annual: req.annual,
      trialDays,
      discount,
      returnUrl: returnUrl(gw, '/api/plan/return', shop.id),
      test: shopFlags(gw.options, shop.id).isDev,
    });
    await recordPendingSubscription(gw.db, {
      shopId: shop.id,
      planId: plan.id,
      annual: req.annual,
      couponCode: coupon?.code ?? null,
      price: discountedPrice(price, discount),
      trialDays,
      subscriptionGid: subscription.id,
    });
    ctx.body = {
      confirmationUrl: subscription.confirmationUrl,
      plan: { id: plan.id, annual: req.annual },
      price,
      trialDays,
    };
  });

  /**
   * A one-time unlock: not on the free plan, and not twice. The price is the
   * plan's import price, charged with Shopify's appPurchaseOneTimeCreate; the
   * feature unlocks when the merchant comes back and Shopify lists the charge as ACTIVE.
   */
  api.post('plan.purchase', '/api/plan/purchase/:feature', async (ctx) => {
    const feature = validate(PurchaseFeatureParam, ctx.params.feature);
    const shop = await shopOf(gw, ctx);
    const price = orderImportPrice(shop.planId);
    if (price === null) throw PaymentRequired('PAYMENT_REQUIRED', PLAN_MESSAGES.freeNoPurchase);
    if ((await purchasedFeatures(gw.db, shop.id)).includes(feature))
      throw Conflict('PURCHASED', PLAN_MESSAGES.purchased);
    const charge = await createOneTimePurchase(gw, (await shopifyOf(gw, shop.id)).graphql, {
      name: PURCHASE_NAMES[feature] ?? feature,
      price,
      returnUrl: returnUrl(gw, '/api/plan/purchase/return', shop.id),
      test: shopFlags(gw.options, shop.id).isDev,
    });
    if (!(await recordPendingPurchase(gw.db, { shopId: shop.id, feature, price, chargeGid: charge.id })))
      throw Conflict('PURCHASED', PLAN_MESSAGES.purchased);
    ctx.body = { confirmationUrl: charge.confirmationUrl, purchase: { feature, price } };
  });

  return returnRoutes(gw);
}

/** The shop and our record of the charge Shopify sends the merchant back from; 404 for a charge we never made. */
async function returnedCharge<T>(
  gw: GatewayContext,
  ctx: Context,
  type: 'AppSubscription' | 'AppPurchaseOneTime',
  find: (shopId: string, gid: string) => Promise<T | undefined>,
  unknown: string,
) {
  const q = validate(BillingReturnQuery, ctx.query);
  const shop = await getShop(gw.db, q.shop);
  const charge = shop && (await find(shop.id, `gid://shopify/${type}/${q.charge_id}`));
  if (!shop || !charge) throw NotFound(unknown);
  return { shop, charge };
}

/** Shopify sends the merchant back here from the confirmation pages (no session token: a top-level redirect). */
function returnRoutes(gw: GatewayContext): Router {
  const pub = new Router();
  pub.get('plan.return', '/api/plan/return', async (ctx) => {
    const { shop, charge: sub } = await returnedCharge(
      gw,
      ctx,
      'AppSubscription',
      (id, gid) => findSubscription(gw.db, id, gid),
      PLAN_MESSAGES.subscriptionUnknown,
    );
    if (sub.status === 'pending') {
      const active = await activeSubscriptionIds(gw, (await shopifyOf(gw, shop.id)).graphql);
      if (active.includes(sub.subscriptionGid)) await activateSubscription(gw.db, sub, PARTNER_PROVISION_INTERVALS);
      else await declineSubscription(gw.db, sub);
      gw.background.run(() => nudge(gw, shop.id, 'plan'));
    }
    ctx.redirect(new URL(`/plan?shop=${encodeURIComponent(shop.id)}`, gw.settings.shellUrl).toString());
  });

  /** Back from a one-time charge: recorded only when Shopify's own list says ACTIVE (or DECLINED). */
  pub.get('plan.purchase.return', '/api/plan/purchase/return', async (ctx) => {
    const { shop, charge: purchase } = await returnedCharge(
      gw,
      ctx,
      'AppPurchaseOneTime',
      (id, gid) => findPurchase(gw.db, id, gid),
      PLAN_MESSAGES.purchaseUnknown,
    );
    if (purchase.status === 'pending') {
      const status = await oneTimePurchaseStatus(gw, (await shopifyOf(gw, shop.id)).graphql, purchase.chargeGid!);
      if (status === 'ACTIVE' || status === 'DECLINED' || status === 'EXPIRED')
        await settlePurchase(gw.db, shop.id, purchase.chargeGid!, status === 'ACTIVE');
      if (status === 'ACTIVE') gw.background.run(() => nudge(gw, shop.id, 'purchase'));
    }
    ctx.redirect(
      new URL(
        `/plan/purchase/${encodeURIComponent(purchase.feature)}?shop=${encodeURIComponent(shop.id)}`,
        gw.settings.shellUrl,
      ).toString(),
    );
  });
  return pub;
}
