import { randomUUID } from 'node:crypto';
import type { Sandbox } from '../sandbox.js';
import type { ShopState } from '../state.js';
import { shopifyTime } from '../time.js';
import { fmt, toCents } from '../money.js';
import { shopId } from './topic-payloads.js';

type AppSubscription = ShopState['appSubscriptions'][number];
interface Money {
  amount: string | number;
  currencyCode: string;
}
interface DiscountInput {
  value?: { amount?: string | number | null; percentage?: number | null } | null;
  durationLimitInIntervals?: number | null;
}
interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: { price: Money; interval?: string; discount?: DiscountInput | null } | null;
    appUsagePricingDetails?: { cappedAmount: Money; terms: string } | null;
  };
}

const moneyV2 = (m: Money) => ({ amount: Number(m.amount).toFixed(2), currencyCode: m.currencyCode });

/** Shopify's billing intervals: EVERY_30_DAYS is exactly 30 days, ANNUAL 365. */
const INTERVAL_DAYS: Record<string, number> = { EVERY_30_DAYS: 30, ANNUAL: 365 };
const DAY_MS = 86_400_000;

/** The recurring price after the discount, rounded to the cent as Shopify bills it, never below zero. */
function priceAfter(price: Money, discount: DiscountInput): number {
  const cents = toCents(price.amount);
  const off =
    discount.value?.percentage != null
      ? Math.round(cents * discount.value.percentage)
      : toCents(discount.value?.amount ?? 0);
  return Math.max(0, cents - off);
}

/**
 * AppRecurringPricing.discount as Shopify answers it: the value, the intervals it was granted for
 * (blank: every interval) and how many are left.
 */
function discountNode(price: Money, discount: DiscountInput) {
  const limit = discount.durationLimitInIntervals ?? null;
  return {
    durationLimitInIntervals: limit,
    remainingDurationInIntervals: limit,
    priceAfterDiscount: { amount: fmt(priceAfter(price, discount)), currencyCode: price.currencyCode },
    value:
      discount.value?.percentage != null
        ? { __typename: 'AppSubscriptionDiscountPercentage', percentage: discount.value.percentage }
        : {
            __typename: 'AppSubscriptionDiscountAmount',
            amount: moneyV2({ amount: discount.value?.amount ?? 0, currencyCode: price.currencyCode }),
          },
  };
}

/** What is wrong with a discount, in Shopify's words; an empty list when nothing is. */
function discountErrors(discount: DiscountInput, field: string[]): Array<{ field: string[]; message: string }> {
  const { amount, percentage } = discount.value ?? {};
  if ((amount == null) === (percentage == null))
    return [{ field: [...field, 'value'], message: 'Discount value must have either an amount or a percentage' }];
  if (percentage != null && !(percentage > 0 && percentage <= 1))
    return [{ field: [...field, 'value', 'percentage'], message: 'Percentage must be between 0 and 1' }];
  if (amount != null && !(Number(amount) > 0))
    return [{ field: [...field, 'value', 'amount'], message: 'Amount must be greater than 0' }];
  const limit = discount.durationLimitInIntervals;
  if (limit != null && !(Number.isInteger(limit) && limit > 0))
    return [
      { field: [...field, 'durationLimitInIntervals'], message: 'Duration limit in intervals must be greater than 0' },
    ];
  return [];
}

/** The line items as Shopify answers them: AppSubscriptionLineItem with its AppPlanV2 pricing details. */
function lineItems(input: LineItemInput[]): unknown[] {
  return input.map(({ plan }) => ({
    id: `gid://shopify/AppSubscriptionLineItem/${randomUUID()}`,
    plan: {
      pricingDetails: plan.appUsagePricingDetails
        ? {
            __typename: 'AppUsagePricing',
            cappedAmount: moneyV2(plan.appUsagePricingDetails.cappedAmount),
            terms: plan.appUsagePricingDetails.terms,
            balanceUsed: moneyV2({ amount: 0, currencyCode: plan.appUsagePricingDetails.cappedAmount.currencyCode }),
          }
        : {
            __typename: 'AppRecurringPricing',
            price: moneyV2(plan.appRecurringPricingDetails!.price),
            interval: plan.appRecurringPricingDetails!.interval ?? 'EVERY_30_DAYS',
            discount: plan.appRecurringPricingDetails!.discount
              ? discountNode(plan.appRecurringPricingDetails!.price, plan.appRecurringPricingDetails!.discount)
              : null,
          },
    },
  }));
}

type RecurringPricing = {
  __typename: 'AppRecurringPricing';
  price: { amount: string; currencyCode: string };
  interval: string;
  discount?: ReturnType<typeof discountNode> | null;
};
const recurringOf = (sub: AppSubscription) =>
  (subscriptionNode(sub).lineItems as Array<{ plan: { pricingDetails: { __typename: string } } }>)
    .map((l) => l.plan.pricingDetails)
    .find((p): p is RecurringPricing => p.__typename === 'AppRecurringPricing');

/**
 * The recurring charges Shopify bills, interval by interval after the trial: the discounted price
 * for the first durationLimitInIntervals intervals of the subscription's own length (30 days or a
 * year), the full price after them. Lists the discounted intervals and the first full one; dated
 * once the merchant has approved.
 */
export function billingSchedule(sub: AppSubscription) {
  const pricing = recurringOf(sub);
  if (!pricing) return [];
  const days = INTERVAL_DAYS[pricing.interval] ?? 30;
  // A discount without a limit lasts for good: two intervals show that as well as twenty.
  const limit = pricing.discount ? (pricing.discount.durationLimitInIntervals ?? Infinity) : 0;
  const firstStart = sub.currentPeriodEnd ? Date.parse(sub.currentPeriodEnd) - days * DAY_MS : null;
  return Array.from({ length: Number.isFinite(limit) ? limit + 1 : 2 }, (_, i) => {
    const discounted = i < limit;
    return {
      interval: i + 1,
      ...(firstStart === null ? {} : { startsAt: shopifyTime(new Date(firstStart + i * days * DAY_MS)) }),
      price: discounted ? pricing.discount!.priceAfterDiscount : pricing.price,
      discounted,
    };
  });
}

/** A PENDING charge; the merchant approves or declines it on the confirmation page. */
export function createAppSubscription(
  sb: Sandbox,
  shop: ShopState,
  args: {
    name: string;
    lineItems: LineItemInput[];
    returnUrl: string;
    test?: boolean | null;
    trialDays?: number | null;
  },
) {
  const userErrors: Array<{ field: string[]; message: string }> = [];
  if (args.lineItems.length === 0)
    userErrors.push({ field: ['lineItems'], message: 'Line items must have at least one line item' });
  args.lineItems.forEach((l, i) => {
    if (!l.plan.appRecurringPricingDetails === !l.plan.appUsagePricingDetails)
      userErrors.push({
        field: ['lineItems', String(i), 'plan'],
        message: 'Plan must have exactly one pricing details',
      });
    const discount = l.plan.appRecurringPricingDetails?.discount;
    if (discount)
      userErrors.push(
        ...discountErrors(discount, ['lineItems', String(i), 'plan', 'appRecurringPricingDetails', 'discount']),
      );
  });
  if (userErrors.length) return { appSubscription: null, confirmationUrl: null, userErrors };
  const numeric = `${Date.now()}${shop.appSubscriptions.length}`;
  const sub: AppSubscription = {
    id: `gid://shopify/AppSubscription/${numeric}`,
    name: args.name,
    status: 'PENDING',
    test: Boolean(args.test),
    createdAt: shopifyTime(),
    trialDays: args.trialDays ?? 0,
    lineItems: lineItems(args.lineItems),
    returnUrl: args.returnUrl,
  };
  shop.appSubscriptions.push(sub);
  const confirmationUrl = `${sb.urls.shopify}/store/${shop.domain}/admin/charges/${numeric}/confirm`;
  return { appSubscription: subscriptionNode(sub), confirmationUrl, userErrors: [] };
}

/** Older saved state kept the raw input line items; answer those in the current shape too. */
export function subscriptionNode(sub: AppSubscription): Record<string, unknown> {
  const items = sub.lineItems as Array<Record<string, unknown>>;
  return {
    ...sub,
    lineItems: items.every((l) => typeof l.id === 'string') ? items : lineItems(items as unknown as LineItemInput[]),
  };
}

/**
 * The merchant's decision. Approving activates the charge and, as Shopify does, cancels the app's
 * other active subscription; every status change goes out as `app_subscriptions/update`.
 */
export function decideAppSubscription(sb: Sandbox, shop: ShopState, sub: AppSubscription, approve: boolean): void {
  const changed: AppSubscription[] = [];
  if (approve) {
    for (const other of shop.appSubscriptions) {
      if (other !== sub && other.status === 'ACTIVE') {
        other.status = 'CANCELLED';
        changed.push(other);
      }
    }
    const trialEnd = Date.now() + sub.trialDays * DAY_MS;
    const days = INTERVAL_DAYS[recurringOf(sub)?.interval ?? 'EVERY_30_DAYS'] ?? 30;
    sub.currentPeriodEnd = shopifyTime(new Date(trialEnd + days * DAY_MS));
  }
  sub.status = approve ? 'ACTIVE' : 'DECLINED';
  changed.push(sub);
  sb.webhooks.emit(
    shop,
    changed.map((s) => ({ topic: 'app_subscriptions/update', payload: webhookPayload(shop, s) })),
  );
}

function webhookPayload(shop: ShopState, s: AppSubscription): Record<string, unknown> {
  const pricing = (subscriptionNode(s).lineItems as Array<{ plan: { pricingDetails: Record<string, unknown> } }>).map(
    (l) => l.plan.pricingDetails,
  );
  const recurring = pricing.find((p) => p.__typename === 'AppRecurringPricing') as
    { price: { amount: string; currencyCode: string }; interval: string } | undefined;
  const usage = pricing.find((p) => p.__typename === 'AppUsagePricing') as
    { cappedAmount: { amount: string; currencyCode: string } } | undefined;
  return {
    app_subscription: {
      admin_graphql_api_id: s.id,
      name: s.name,
      status: s.status,
      admin_graphql_api_shop_id: `gid://shopify/Shop/${shopId(shop)}`,
      created_at: s.createdAt,
      updated_at: shopifyTime(),
      currency: recurring?.price.currencyCode ?? usage?.cappedAmount.currencyCode ?? 'EUR',
      capped_amount: usage?.cappedAmount.amount ?? null,
      price: recurring?.price.amount ?? null,
      interval: recurring?.interval.toLowerCase() ?? null,
      plan_handle: null,
    },
  };
}

/**
 * `appSubscriptionCancel`: the merchant (or the app) ends the subscription at once; Shopify sends
 * `app_subscriptions/update` with CANCELLED. Only an ACTIVE subscription can be cancelled.
 */
export function cancelAppSubscription(sb: Sandbox, shop: ShopState, id: string) {
  const sub = shop.appSubscriptions.find((s) => s.id === id);
  if (!sub) return { appSubscription: null, userErrors: [{ field: ['id'], message: "Couldn't find subscription" }] };
  if (sub.status !== 'ACTIVE')
    return {
      appSubscription: subscriptionNode(sub),
      userErrors: [{ field: ['id'], message: `Cannot cancel a subscription with status ${sub.status}` }],
    };
  sub.status = 'CANCELLED';
  sb.webhooks.emit(shop, [{ topic: 'app_subscriptions/update', payload: webhookPayload(shop, sub) }]);
  return { appSubscription: subscriptionNode(sub), userErrors: [] };
}

type OneTimePurchase = NonNullable<ShopState['oneTimePurchases']>[number];

/** Shopify's smallest one-time charge is 0.50 (in the shop's billing currency). */
const MIN_ONE_TIME_PRICE = 0.5;

/** `appPurchaseOneTimeCreate`: a PENDING one-time charge the merchant approves on its confirmation page. */
export function createAppPurchaseOneTime(
  sb: Sandbox,
  shop: ShopState,
  args: { name: string; price: Money; returnUrl: string; test?: boolean | null },
) {
  const userErrors: Array<{ field: string[]; message: string }> = [];
  if (!args.name.trim()) userErrors.push({ field: ['name'], message: "Name can't be blank" });
  if (!(Number(args.price.amount) >= MIN_ONE_TIME_PRICE))
    userErrors.push({ field: ['price'], message: `Price must be greater than or equal to ${MIN_ONE_TIME_PRICE}` });
  if (userErrors.length) return { appPurchaseOneTime: null, confirmationUrl: null, userErrors };
  const list = (shop.oneTimePurchases ??= []);
  const numeric = `${Date.now()}${list.length}`;
  const purchase: OneTimePurchase = {
    id: `gid://shopify/AppPurchaseOneTime/${numeric}`,
    name: args.name,
    price: moneyV2(args.price),
    status: 'PENDING',
    test: Boolean(args.test),
    createdAt: shopifyTime(),
    returnUrl: args.returnUrl,
  };
  list.push(purchase);
  const confirmationUrl = `${sb.urls.shopify}/store/${shop.domain}/admin/charges/${numeric}/confirm_purchase`;
  return { appPurchaseOneTime: purchaseNode(purchase), confirmationUrl, userErrors: [] };
}

export function purchaseNode(p: OneTimePurchase): Record<string, unknown> {
  const { returnUrl: _returnUrl, ...node } = p;
  return node;
}

/** The merchant's decision on a one-time charge, sent as `app_purchases_one_time/update`. */
export function decideAppPurchase(sb: Sandbox, shop: ShopState, purchase: OneTimePurchase, approve: boolean): void {
  purchase.status = approve ? 'ACTIVE' : 'DECLINED';
  sb.webhooks.emit(shop, [
    {
      topic: 'app_purchases_one_time/update',
      payload: {
        app_purchase_one_time: {
          admin_graphql_api_id: purchase.id,
          name: purchase.name,
          status: purchase.status,
          admin_graphql_api_shop_id: `gid://shopify/Shop/${shopId(shop)}`,
          created_at: purchase.createdAt,
          updated_at: shopifyTime(),
        },
      },
    },
  ]);
}
