import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, post, shopWithToken, startTestSandbox } from '../test-support.js';

/**
 * appSubscriptionCreate with a discount: the sandbox keeps the discount it was asked for, answers
 * it as AppRecurringPricing.discount, and bills it for durationLimitInIntervals intervals of the
 * subscription's own length, 30 days or a year, as Shopify does.
 */
const SHOP = 'rabatt-laden.myshopify.com';
const DAY_MS = 86_400_000;
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let token: string;

const CREATE = `mutation($lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: "Belegfluss", returnUrl: "https://app.example.com/return", trialDays: 7, lineItems: $lineItems) {
    confirmationUrl
    appSubscription { id lineItems { plan { pricingDetails { ... on AppRecurringPricing { interval discount {
      durationLimitInIntervals remainingDurationInIntervals priceAfterDiscount { amount currencyCode }
      value { __typename ... on AppSubscriptionDiscountPercentage { percentage } ... on AppSubscriptionDiscountAmount { amount { amount } } }
    } } } } } }
    userErrors { field message }
  }
}`;
type Created = {
  appSubscriptionCreate: {
    confirmationUrl: string | null;
    appSubscription: {
      id: string;
      lineItems: { plan: { pricingDetails: { interval: string; discount: Record<string, unknown> | null } } }[];
    } | null;
    userErrors: { field: string[]; message: string }[];
  };
};
type Charge = { interval: number; startsAt?: string; price: { amount: string }; discounted: boolean };
type ControlSub = { id: string; currentPeriodEnd?: string; charges: Charge[] };

async function subscribe(price: string, interval: string, discount: Record<string, unknown>) {
  const res = await post(
    `${sb.urls.shopify}/store/${SHOP}/admin/api/2025-10/graphql.json`,
    {
      query: CREATE,
      variables: {
        lineItems: [
          {
            plan: { appRecurringPricingDetails: { price: { amount: price, currencyCode: 'EUR' }, interval, discount } },
          },
        ],
      },
    },
    { 'X-Shopify-Access-Token': token },
  );
  return (await json<{ data: Created }>(res)).data.appSubscriptionCreate;
}

async function approve(confirmationUrl: string): Promise<void> {
  await fetch(confirmationUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'approve' }),
    redirect: 'manual',
  });
}

async function controlSubscription(id: string): Promise<ControlSub> {
  const shop = await json<{ appSubscriptions: ControlSub[] }>(await fetch(`${sb.urls.control}/control/shops/${SHOP}`));
  return shop.appSubscriptions.find((s) => s.id === id)!;
}

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  token = await shopWithToken(sb, SHOP, ['read_orders']);
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('a discounted app subscription', () => {
  it('monthly: the discount it was asked for, on the first durationLimitInIntervals 30-day intervals', async () => {
    const created = await subscribe('8.99', 'EVERY_30_DAYS', {
      value: { percentage: 0.5 },
      durationLimitInIntervals: 3,
    });
    expect(created.userErrors).toEqual([]);
    expect(created.appSubscription!.lineItems[0]!.plan.pricingDetails.discount).toEqual({
      durationLimitInIntervals: 3,
      remainingDurationInIntervals: 3,
      priceAfterDiscount: { amount: '4.49', currencyCode: 'EUR' },
      value: { __typename: 'AppSubscriptionDiscountPercentage', percentage: 0.5 },
    });
    await approve(created.confirmationUrl!);
    const sub = await controlSubscription(created.appSubscription!.id);
    expect(sub.charges.map((c) => [c.price.amount, c.discounted])).toEqual([
      ['4.49', true],
      ['4.49', true],
      ['4.49', true],
      ['8.99', false],
    ]);
    const starts = sub.charges.map((c) => Date.parse(c.startsAt!));
    expect(starts[1]! - starts[0]!).toBe(30 * DAY_MS);
    expect(Date.parse(sub.currentPeriodEnd!) - starts[0]!).toBe(30 * DAY_MS);
  });

  it('annual: one interval is a year, so a one-interval discount is the first year only', async () => {
    const created = await subscribe('89.99', 'ANNUAL', { value: { amount: 15 }, durationLimitInIntervals: 1 });
    expect(created.userErrors).toEqual([]);
    expect(created.appSubscription!.lineItems[0]!.plan.pricingDetails).toMatchObject({
      interval: 'ANNUAL',
      discount: {
        durationLimitInIntervals: 1,
        priceAfterDiscount: { amount: '74.99' },
        value: { __typename: 'AppSubscriptionDiscountAmount', amount: { amount: '15.00' } },
      },
    });
    await approve(created.confirmationUrl!);
    const sub = await controlSubscription(created.appSubscription!.id);
    expect(sub.charges.map((c) => [c.price.amount, c.discounted])).toEqual([
      ['74.99', true],
      ['89.99', false],
    ]);
    const [first, second] = sub.charges.map((c) => Date.parse(c.startsAt!));
    expect(second! - first!).toBe(365 * DAY_MS);
    expect(Date.parse(sub.currentPeriodEnd!) - first!).toBe(365 * DAY_MS);
  });

  it('refuses a percentage outside 0 to 1 and a duration of no intervals, as user errors', async () => {
    const percent = await subscribe('8.99', 'EVERY_30_DAYS', {
      value: { percentage: 50 },
      durationLimitInIntervals: 3,
    });
    expect(percent.appSubscription).toBeNull();
    expect(percent.userErrors[0]!.field.at(-1)).toBe('percentage');
    const none = await subscribe('8.99', 'EVERY_30_DAYS', { value: { percentage: 0.5 }, durationLimitInIntervals: 0 });
    expect(none.userErrors[0]!.field.at(-1)).toBe('durationLimitInIntervals');
  });
});
