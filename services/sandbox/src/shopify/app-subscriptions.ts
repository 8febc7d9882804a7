import { randomUUID } from 'node:crypto';
import type { Sandbox } from '../sandbox.js';
import type { ShopState } from '../state.js';
import { shopifyTime } from '../time.js';
import { shopId } from './topic-payloads.js';

type AppSubscription = ShopState['appSubscriptions'][number];
interface Money { amount: string | number; currencyCode: string }
interface LineItemInput { plan: { appRecurringPricingDetails?: { price: Money; interval?: string } | null; appUsagePricingDetails?: { cappedAmount: Money; terms: string } | null } }

const moneyV2 = (m: Money) => ({ amount: Number(m.amount).toFixed(2), currencyCode: m.currencyCode });

/** The line items as Shopify answers them: AppSubscriptionLineItem with its AppPlanV2 pricing details. */
function lineItems(input: LineItemInput[]): unknown[] {
  return input.map(({ plan }) => ({
    id: `gid://shopify/AppSubscriptionLineItem/${randomUUID()}`,
    plan: {
      pricingDetails: plan.appUsagePricingDetails
        ? { __typename: 'AppUsagePricing', cappedAmount: moneyV2(plan.appUsagePricingDetails.cappedAmount), terms: plan.appUsagePricingDetails.terms, balanceUsed: moneyV2({ amount: 0, currencyCode: plan.appUsagePricingDetails.cappedAmount.currencyCode }) }
        : { __typename: 'AppRecurringPricing', price: moneyV2(plan.appRecurringPricingDetails!.price), interval: plan.appRecurringPricingDetails!.interval ?? 'EVERY_30_DAYS' },
    },
  }));
}

/** A PENDING charge; the merchant approves or declines it on the confirmation page. */
export function createAppSubscription(sb: Sandbox, shop: ShopState, args: { name: string; lineItems: LineItemInput[]; returnUrl: string; test?: boolean | null; trialDays?: number | null }) {
  const userErrors: Array<{ field: string[]; message: string }> = [];
  if (args.lineItems.length === 0) userErrors.push({ field: ['lineItems'], message: 'Line items must have at least one line item' });
  args.lineItems.forEach((l, i) => {
    if (!l.plan.appRecurringPricingDetails === !l.plan.appUsagePricingDetails) userErrors.push({ field: ['lineItems', String(i), 'plan'], message: 'Plan must have exactly one pricing details' });
  });
  if (userErrors.length) return { appSubscription: null, confirmationUrl: null, userErrors };
  const numeric = `${Date.now()}${shop.appSubscriptions.length}`;
  const sub: AppSubscription = {
    id: `gid://shopify/AppSubscription/${numeric}`, name: args.name, status: 'PENDING', test: Boolean(args.test), createdAt: shopifyTime(),
    trialDays: args.trialDays ?? 0, lineItems: lineItems(args.lineItems), returnUrl: args.returnUrl,
  };
  shop.appSubscriptions.push(sub);
  const confirmationUrl = `${sb.urls.shopify}/store/${shop.domain}/admin/charges/${numeric}/confirm`;
  return { appSubscription: subscriptionNode(sub), confirmationUrl, userErrors: [] };
}

/** Older saved state kept the raw input line items; answer those in the current shape too. */
export function subscriptionNode(sub: AppSubscription): Record<string, unknown> {
  const items = sub.lineItems as Array<Record<string, unknown>>;
  return { ...sub, lineItems: items.every((l) => typeof l.id === 'string') ? items : lineItems(items as unknown as LineItemInput[]) };
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
    const trialEnd = Date.now() + sub.trialDays * 86_400_000;
    sub.currentPeriodEnd = shopifyTime(new Date(trialEnd + 30 * 86_400_000));
  }
  sub.status = approve ? 'ACTIVE' : 'DECLINED';
  changed.push(sub);
  sb.webhooks.emit(shop, changed.map((s) => ({ topic: 'app_subscriptions/update', payload: webhookPayload(shop, s) })));
}

function webhookPayload(shop: ShopState, s: AppSubscription): Record<string, unknown> {
  const pricing = (subscriptionNode(s).lineItems as Array<{ plan: { pricingDetails: Record<string, unknown> } }>).map((l) => l.plan.pricingDetails);
  const recurring = pricing.find((p) => p.__typename === 'AppRecurringPricing') as { price: { amount: string; currencyCode: string }; interval: string } | undefined;
  const usage = pricing.find((p) => p.__typename === 'AppUsagePricing') as { cappedAmount: { amount: string; currencyCode: string } } | undefined;
  return {
    app_subscription: {
      admin_graphql_api_id: s.id, name: s.name, status: s.status, admin_graphql_api_shop_id: `gid://shopify/Shop/${shopId(shop)}`,
      created_at: s.createdAt, updated_at: shopifyTime(), currency: recurring?.price.currencyCode ?? usage?.cappedAmount.currencyCode ?? 'EUR',
      capped_amount: usage?.cappedAmount.amount ?? null, price: recurring?.price.amount ?? null, interval: recurring?.interval.toLowerCase() ?? null, plan_handle: null,
    },
  };
}
