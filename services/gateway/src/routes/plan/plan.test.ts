import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTransfers } from '@belegfluss/db';
import { COUPON_MESSAGES, annualPrice } from '@belegfluss/shared';
import { createAdminClient } from '@belegfluss/shopify';
import { installFromSandbox, sandboxControl, startHarness, type Harness } from '../../../test/harness';
import { PLAN_MESSAGES } from './plan';
import {
  couponsTable,
  eventLogTable,
  partnersTable,
  planSubscriptionsTable,
  purchasesTable,
  redemptionsTable,
  shopsTable,
  webhookInboxTable,
} from '@belegfluss/db/testing';

let h: Harness;
const PARTNER = 'plan-partner.myshopify.com';
const SHOP = 'plan-kunde.myshopify.com';
const DECLINER = 'plan-zoegert.myshopify.com';
const PLUS = 'plan-plus.myshopify.com';
const FREE = 'plan-free.myshopify.com';
const HOOKED = 'plan-webhook.myshopify.com';
const YEARLY = 'plan-jahr.myshopify.com';

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await installFromSandbox(h, PARTNER, ['read_orders'], { plan: 'basic' });
  await shopsTable.update(h.db, { id: PARTNER }, { partner: true });
  await installFromSandbox(h, SHOP, ['read_orders'], { plan: 'basic' });
  await installFromSandbox(h, DECLINER, ['read_orders'], { plan: 'basic' });
  await installFromSandbox(h, PLUS, ['read_orders'], { plan: 'shopify_plus' });
  await installFromSandbox(h, HOOKED, ['read_orders'], { plan: 'basic' });
  await installFromSandbox(h, YEARLY, ['read_orders'], { plan: 'basic' });
  await h.install(FREE);
  await partnersTable.insert(h.db, { shopId: PARTNER, allowance: 0.5 });
  await couponsTable.insert(h.db, [
    { code: 'PARTNER-50', partnerShopId: PARTNER, type: 'percent', value: 50, intervals: 3, comment: '3 Monate 50 %' },
    { code: 'ALT-2023', type: 'percent', value: 50, expiresAt: '2023-08-31T23:59:59Z' },
    { code: 'NUR-BUSINESS', type: 'amount', value: 10, plans: ['business'] },
    { code: 'FUENF-EURO', type: 'amount', value: 5, intervals: 3 },
  ]);
}, 60_000);
afterAll(async () => h?.stop());

interface SandboxSubscription {
  name: string;
  status: string;
  trialDays: number;
  lineItems: { plan: { pricingDetails: Record<string, unknown> } }[];
  /** What Shopify bills in each interval after the trial, as the sandbox applies the discount. */
  charges: { interval: number; price: { amount: string }; discounted: boolean }[];
}

/** The shop's app subscriptions as the sandbox recorded them, oldest first. */
async function sandboxSubscriptions(shop: string): Promise<SandboxSubscription[]> {
  const res = await fetch(`${h.sandbox!.urls.control}/control/shops/${shop}`);
  return ((await res.json()) as { appSubscriptions: SandboxSubscription[] }).appSubscriptions;
}

/** The discount Shopify was asked for, and the price it bills in each interval. */
const billed = (sub: SandboxSubscription) => ({
  discount: sub.lineItems[0]!.plan.pricingDetails.discount,
  charges: sub.charges.map((c) => c.price.amount),
});

/** Approves (or declines) a charge on the sandbox's confirmation page and follows Shopify's return to the gateway. */
async function confirm(confirmationUrl: string, decision: 'approve' | 'decline', returnPath = '/api/plan/return') {
  const page = await fetch(confirmationUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  // Shopify returns to APP_URL; the test's gateway listens on its own port.
  const back = new URL(page.headers.get('location')!);
  expect(back.pathname).toBe(returnPath);
  expect(back.searchParams.get('charge_id')).toMatch(/^\d+$/);
  return fetch(`${h.url}${back.pathname}${back.search}`, { redirect: 'manual' });
}

describe('GET /api/plan/coupon/:code', () => {
  it('answers the coupon without its code, and counts the view', async () => {
    const res = await h.call(SHOP, 'GET', '/api/plan/coupon/partner-50');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'percent',
      value: 50,
      intervals: 3,
      plans: [],
      terms: {
        monthly: '50 % Rabatt auf die ersten 3 Monate',
        annual: '12,5 % Rabatt auf das erste Jahr (entspricht 50 % Rabatt auf 3 Monate)',
      },
      comment: '3 Monate 50 %',
    });
    expect((await couponsTable.one(h.db, { code: 'PARTNER-50' })).views).toBe(1);
  });

  it.each([
    ['UNBEKANNT', PARTNER, 404, 'INVALID'],
    ['x', SHOP, 404, 'INVALID'],
    ['PARTNER-50', PARTNER, 403, 'SELF_REDEMPTION'],
    ['ALT-2023', SHOP, 422, 'EXPIRED'],
  ])('%s for %s → %i %s with the spec text', async (code, shop, status, error) => {
    const res = await h.call(shop, 'GET', `/api/plan/coupon/${code}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      error,
      message: COUPON_MESSAGES[error as keyof typeof COUPON_MESSAGES],
      field: 'coupon',
    });
  });
});

describe('POST /api/plan', () => {
  it('subscribes through Shopify with the coupon worth its months on the first year, and activates on return; the partner is credited', async () => {
    const res = await h.call(SHOP, 'POST', '/api/plan', { plan: 'standard', annual: true, coupon: 'PARTNER-50' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: { id: 'standard', annual: true }, price: annualPrice(18.99), trialDays: 7 });
    expect(res.body.confirmationUrl).toContain('/admin/charges/');
    // Until the merchant approves, nothing changes.
    expect((await shopsTable.one(h.db, { id: SHOP })).planId).toBe('free');
    const [sub] = await sandboxSubscriptions(SHOP);
    expect(sub).toMatchObject({ name: 'Belegfluss Standard (jährlich)', status: 'PENDING', trialDays: 7 });
    expect(sub!.lineItems[0]!.plan.pricingDetails).toMatchObject({
      price: { amount: '190.99', currencyCode: 'EUR' },
      interval: 'ANNUAL',
    });
    // 50 % for 3 months is 12.5 % off one year, not 50 % off three years.
    expect(billed(sub!)).toMatchObject({
      discount: {
        value: { percentage: 0.125 },
        durationLimitInIntervals: 1,
        priceAfterDiscount: { amount: '167.12' },
      },
      charges: ['167.12', '190.99'],
    });

    const back = await confirm(res.body.confirmationUrl, 'approve');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${h.settings.shellUrl}/plan?shop=${SHOP}`);
    const shop = await shopsTable.one(h.db, { id: SHOP });
    expect(shop).toMatchObject({ planId: 'standard', planAnnual: true, transfersQuota: 300 });
    expect(shop.trialAt).not.toBeNull();
    expect(await redemptionsTable.one(h.db, { shopId: SHOP })).toMatchObject({
      couponCode: 'PARTNER-50',
      status: 'subscribed',
      planId: 'standard',
      provision: 83.56,
    });
    expect((await h.call(SHOP, 'GET', '/api/shop')).body.plan).toMatchObject({
      id: 'standard',
      annual: true,
      credits: { quota: 300 },
    });
    // Returning twice changes nothing, and the coupon is now used.
    expect((await confirm(res.body.confirmationUrl, 'approve')).status).toBe(302);
    expect((await h.call(SHOP, 'GET', '/api/plan/coupon/PARTNER-50')).body.error).toBe('USED');
    const again = await h.call(SHOP, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: 'PARTNER-50' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'USED', field: 'coupon' });
  });

  it('a declined charge leaves the plan, and the coupon may be tried again; no second trial afterwards', async () => {
    const first = await h.call(DECLINER, 'POST', '/api/plan', { plan: 'basic', annual: false, coupon: 'PARTNER-50' });
    expect(first.status).toBe(200);
    expect((await confirm(first.body.confirmationUrl, 'decline')).status).toBe(302);
    expect((await shopsTable.one(h.db, { id: DECLINER })).planId).toBe('free');
    expect((await redemptionsTable.one(h.db, { shopId: DECLINER })).status).toBe('declined');
    expect((await h.call(DECLINER, 'GET', '/api/plan/coupon/PARTNER-50')).status).toBe(200);
    const second = await h.call(DECLINER, 'POST', '/api/plan', { plan: 'basic', annual: false, coupon: 'PARTNER-50' });
    expect((await confirm(second.body.confirmationUrl, 'approve')).status).toBe(302);
    // Monthly, the coupon's 3 months are 3 intervals of 30 days.
    expect(billed((await sandboxSubscriptions(DECLINER)).at(-1)!)).toMatchObject({
      discount: { value: { percentage: 0.5 }, durationLimitInIntervals: 3 },
      charges: ['4.49', '4.49', '4.49', '8.99'],
    });
    expect((await shopsTable.one(h.db, { id: DECLINER })).planId).toBe('basic');
    const third = await h.call(DECLINER, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: null });
    expect(third.body.trialDays).toBe(0);
  });

  it('offers basic only for the listed Shopify plans, and private plans to nobody new', async () => {
    expect(await h.call(PLUS, 'POST', '/api/plan', { plan: 'basic', annual: false })).toMatchObject({
      status: 403,
      body: { message: PLAN_MESSAGES.basicOnly },
    });
    expect(await h.call(PLUS, 'POST', '/api/plan', { plan: 'corporate', annual: false })).toMatchObject({
      status: 403,
      body: { message: PLAN_MESSAGES.private },
    });
    expect((await h.call(PLUS, 'POST', '/api/plan', { plan: 'business', annual: false })).status).toBe(200);
  });

  it('checks the coupon against the plan and the body against the schema', async () => {
    expect(
      await h.call(PLUS, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: 'NUR-BUSINESS' }),
    ).toMatchObject({ status: 422, body: { error: 'PLAN', field: 'coupon' } });
    expect(await h.call(PLUS, 'POST', '/api/plan', { plan: 'gold', annual: false })).toMatchObject({
      status: 400,
      body: { error: 'VALIDATION', field: 'plan', message: 'Unbekannter Tarif' },
    });
    expect(await h.call(PLUS, 'POST', '/api/plan', { plan: 'basic', annual: 'ja' })).toMatchObject({
      status: 400,
      body: { field: 'annual' },
    });
    expect(await h.call(FREE, 'POST', '/api/plan', { plan: 'free', annual: false })).toMatchObject({
      status: 409,
      body: { message: PLAN_MESSAGES.unchanged },
    });
    expect(
      await planSubscriptionsTable.list(h.db, { shopId: PLUS }, { in: { planId: ['premium', 'basic', 'corporate'] } }),
    ).toEqual([]);
  });

  it('takes an amount coupon per month monthly, and its months’ worth off the first year annually', async () => {
    const monthly = await h.call(YEARLY, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: 'FUENF-EURO' });
    expect(monthly.status).toBe(200);
    const annual = await h.call(YEARLY, 'POST', '/api/plan', { plan: 'premium', annual: true, coupon: 'FUENF-EURO' });
    expect(annual.status).toBe(200);
    const [month, year] = await sandboxSubscriptions(YEARLY);
    expect(billed(month!)).toMatchObject({
      discount: { value: { amount: { amount: '5.00' } }, durationLimitInIntervals: 3 },
      charges: ['33.99', '33.99', '33.99', '38.99'],
    });
    expect(billed(year!)).toMatchObject({
      discount: { value: { amount: { amount: '15.00' } }, durationLimitInIntervals: 1 },
      charges: ['377.99', '392.99'],
    });
    // What the gateway records as the first interval's price is what Shopify bills in it.
    expect(await planSubscriptionsTable.one(h.db, { shopId: YEARLY, annual: false })).toMatchObject({ price: 33.99 });
    expect(await planSubscriptionsTable.one(h.db, { shopId: YEARLY, annual: true })).toMatchObject({ price: 377.99 });
  });

  it('goes back to free at once, without Shopify', async () => {
    await shopsTable.update(h.db, { id: FREE }, { planId: 'premium', transfersQuota: 1000 });
    const res = await h.call(FREE, 'POST', '/api/plan', { plan: 'free', annual: false, coupon: null });
    expect(res).toMatchObject({ status: 200, body: { plan: { id: 'free', annual: false } } });
    expect(await shopsTable.one(h.db, { id: FREE })).toMatchObject({ planId: 'free', transfersQuota: 10 });
  });

  it('sends the merchant back from Shopify at once, even while Temporal does not answer', async () => {
    // The cause of a flaky e2e wait: the return used to wait for the billing workflow's
    // signal before redirecting, so a slow Temporal held the merchant on Shopify's page. Here Temporal
    // never answers; the return must still redirect, with the plan applied.
    const shop = 'plan-eilig.myshopify.com';
    await installFromSandbox(h, shop, ['read_orders'], { plan: 'basic' });
    const workflows = h.gateway.gw.temporal.workflow;
    const signalWithStart = workflows.signalWithStart.bind(workflows);
    workflows.signalWithStart = (() => new Promise(() => undefined)) as typeof workflows.signalWithStart;
    try {
      const res = await h.call(shop, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: null });
      expect(res.status).toBe(200);
      const back = await confirm(res.body.confirmationUrl, 'approve');
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe(`${h.settings.shellUrl}/plan?shop=${shop}`);
      expect((await shopsTable.one(h.db, { id: shop })).planId).toBe('premium');
    } finally {
      workflows.signalWithStart = signalWithStart;
    }
  });

  it('the return link refuses a subscription it does not know', async () => {
    const res = await fetch(`${h.url}/api/plan/return?shop=${SHOP}&charge_id=123`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect((await fetch(`${h.url}/api/plan/return?shop=x`)).status).toBe(400);
  });
});

/** The shop's Admin API as the merchant's own Shopify admin uses it (a second token of the sandbox). */
async function merchantAdmin(shop: string) {
  const { access_token } = await sandboxControl<{ access_token: string }>(h, `/shops/${shop}/access-token`, {
    scopes: ['read_orders'],
  });
  return createAdminClient({
    adminUrl: h.settings.shopify.adminUrl,
    apiVersion: h.settings.shopify.apiVersion,
    shop,
    accessToken: access_token,
  });
}

const ONE_TIME =
  '{ currentAppInstallation { oneTimePurchases(first: 5) { nodes { id name status test price { amount currencyCode } } } } }';
type OneTime = {
  currentAppInstallation: {
    oneTimePurchases: { nodes: { id: string; name: string; status: string; price: { amount: string } }[] };
  };
};

describe('POST /api/plan/purchase/:feature', () => {
  it('is refused on the free plan and knows only orderImport', async () => {
    await shopsTable.update(h.db, { id: FREE }, { planId: 'free' });
    expect(await h.call(FREE, 'POST', '/api/plan/purchase/orderImport')).toMatchObject({
      status: 402,
      body: { message: PLAN_MESSAGES.freeNoPurchase },
    });
    expect((await h.call(SHOP, 'POST', '/api/plan/purchase/anything')).status).toBe(400);
  });

  it('charges once through Shopify: unlocked on return after approval, with 5 × the quota for 30 days', async () => {
    const res = await h.call(SHOP, 'POST', '/api/plan/purchase/orderImport');
    expect(res).toMatchObject({ status: 200, body: { purchase: { feature: 'orderImport', price: 129 } } });
    expect(res.body.confirmationUrl).toMatch(/\/admin\/charges\/\d+\/confirm_purchase$/);
    const charges = (await (await merchantAdmin(SHOP))<OneTime>(ONE_TIME)).currentAppInstallation.oneTimePurchases
      .nodes;
    expect(charges).toMatchObject([
      { name: 'Belegfluss: Import älterer Bestellungen', status: 'PENDING', price: { amount: '129.00' } },
    ]);
    // Until the merchant approves, nothing is unlocked.
    expect((await h.call(SHOP, 'GET', '/api/shop')).body.plan).toMatchObject({ purchase: [], credits: { quota: 300 } });

    const back = await confirm(res.body.confirmationUrl, 'approve', '/api/plan/purchase/return');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${h.settings.shellUrl}/plan/purchase/orderImport?shop=${SHOP}`);
    expect(
      (await (await merchantAdmin(SHOP))<OneTime>(ONE_TIME)).currentAppInstallation.oneTimePurchases.nodes[0]!.status,
    ).toBe('ACTIVE');
    // The shop object reports it, so the shell's feature lock opens (plan.purchase), and the quota is 5 × 300.
    const boosted = (await h.call(SHOP, 'GET', '/api/shop')).body.plan;
    expect(boosted).toMatchObject({
      purchase: ['orderImport'],
      credits: { quota: 1500, importBoost: { planQuota: 300, until: expect.any(String) } },
    });
    // The raise ends 30 days after the purchase, so the dashboard can say until when.
    const days = (Date.parse(boosted.credits.importBoost.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The workflow's transfer check reads the same quota.
    expect(await hasTransfers(h.db, SHOP)).toMatchObject({ ok: true, quota: 1500 });
    expect(await h.call(SHOP, 'POST', '/api/plan/purchase/orderImport')).toMatchObject({
      status: 409,
      body: { message: PLAN_MESSAGES.purchased },
    });
    expect(await purchasesTable.list(h.db, { shopId: SHOP })).toHaveLength(1);

    // 30 days on, the import stays bought but the extra transfers are gone.
    await purchasesTable.update(h.db, { shopId: SHOP }, { activatedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect((await h.call(SHOP, 'GET', '/api/shop')).body.plan).toMatchObject({
      purchase: ['orderImport'],
      credits: { quota: 300 },
    });
    expect(await hasTransfers(h.db, SHOP)).toMatchObject({ quota: 300 });
  });

  it('a declined charge unlocks nothing, and the merchant may try again', async () => {
    const first = await h.call(DECLINER, 'POST', '/api/plan/purchase/orderImport');
    expect(first).toMatchObject({ status: 200, body: { purchase: { price: 99 } } });
    expect((await confirm(first.body.confirmationUrl, 'decline', '/api/plan/purchase/return')).status).toBe(302);
    expect(await purchasesTable.one(h.db, { shopId: DECLINER })).toMatchObject({ status: 'declined' });
    expect((await h.call(DECLINER, 'GET', '/api/shop')).body.plan.purchase).toEqual([]);
    const second = await h.call(DECLINER, 'POST', '/api/plan/purchase/orderImport');
    expect(second.status).toBe(200);
    expect(second.body.confirmationUrl).not.toBe(first.body.confirmationUrl);
    expect(await purchasesTable.one(h.db, { shopId: DECLINER })).toMatchObject({
      status: 'pending',
      chargeGid: expect.stringMatching(/^gid:\/\/shopify\/AppPurchaseOneTime\/\d+$/),
    });
  });

  it('the return link refuses a charge it does not know', async () => {
    expect(
      (await fetch(`${h.url}/api/plan/purchase/return?shop=${SHOP}&charge_id=123`, { redirect: 'manual' })).status,
    ).toBe(404);
    expect((await fetch(`${h.url}/api/plan/purchase/return?shop=${SHOP}`)).status).toBe(400);
  });
});

describe('ending a subscription', () => {
  it('going back to free cancels the subscription at Shopify; a provision still in its lock period is void', async () => {
    expect(await redemptionsTable.one(h.db, { shopId: SHOP })).toMatchObject({ status: 'subscribed' });
    const res = await h.call(SHOP, 'POST', '/api/plan', { plan: 'free', annual: false, coupon: null });
    expect(res).toMatchObject({ status: 200, body: { plan: { id: 'free' } } });
    expect((await sandboxSubscriptions(SHOP)).map((s) => s.status)).toEqual(['CANCELLED']);
    expect(await planSubscriptionsTable.one(h.db, { shopId: SHOP })).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(Date),
    });
    expect(await shopsTable.one(h.db, { id: SHOP })).toMatchObject({ planId: 'free', transfersQuota: 10 });
    expect((await redemptionsTable.one(h.db, { shopId: SHOP })).status).toBe('cancelled');
  });

  it('app_subscriptions/update from Shopify activates a plan without the return link, and ends it when cancelled in Shopify', async () => {
    const admin = await merchantAdmin(HOOKED);
    // The sandbox sends to APP_URL and to GraphQL subscriptions; the test's gateway listens on its own port.
    await admin(
      `mutation { webhookSubscriptionCreate(topic: APP_SUBSCRIPTIONS_UPDATE, webhookSubscription: { callbackUrl: "${h.url}/webhooks/shopify" }) { userErrors { message } } }`,
    );
    const res = await h.call(HOOKED, 'POST', '/api/plan', { plan: 'premium', annual: false });
    expect(res.status).toBe(200);
    const page = await fetch(res.body.confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(page.status).toBe(302); // the merchant never follows it back
    const plan = async () => (await shopsTable.one(h.db, { id: HOOKED })).planId as string;
    await expect.poll(plan, { timeout: 10_000 }).toBe('premium');
    expect((await h.call(HOOKED, 'GET', '/api/shop')).body.plan.credits.quota).toBe(1000);

    const gid = (await planSubscriptionsTable.one(h.db, { shopId: HOOKED })).subscriptionGid as string;
    const cancelled = await admin<{ appSubscriptionCancel: { appSubscription: { status: string } } }>(
      `mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { status } userErrors { message } } }`,
      { id: gid },
    );
    expect(cancelled.appSubscriptionCancel.appSubscription.status).toBe('CANCELLED');
    await expect.poll(plan, { timeout: 10_000 }).toBe('free');
    // The log line and the delivery's status are written just after the plan changes: wait for them too.
    await expect
      .poll(async () => (await eventLogTable.list(h.db, { shopId: HOOKED, event: 'plan.subscription.ended' })).length, {
        timeout: 10_000,
      })
      .toBe(1);
    await expect
      .poll(() => webhookInboxTable.pluck(h.db, 'status', { shopId: HOOKED, topic: 'app_subscriptions/update' }), {
        timeout: 10_000,
      })
      .toEqual(['successful', 'successful']);
  });
});
