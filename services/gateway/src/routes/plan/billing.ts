import { ADMIN_DOCUMENTS, type AdminClient } from '@belegfluss/shopify';
import type { IntervalDiscount } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { HttpError, BadGateway, Unprocessable } from '../../errors';

/*
 * The Shopify Billing API (Admin GraphQL): appSubscriptionCreate returns a confirmation URL the
 * merchant approves outside the app; currentAppInstallation lists the subscriptions that are ACTIVE.
 */

export const SHOPIFY_UNREACHABLE = 'Shopify ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.';

/** Outside failures are Shopify's, not the merchant's: 502 with a German message. */
async function shopifyCall<T>(gw: GatewayContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    gw.log.warn({ err: error }, 'Shopify billing call failed');
    throw BadGateway('SHOPIFY_UNAVAILABLE', SHOPIFY_UNREACHABLE);
  }
}

export interface SubscriptionRequest {
  name: string;
  price: number;
  annual: boolean;
  /** Already in billing intervals of this subscription (couponTerms), not in the coupon's months. */
  discount: IntervalDiscount | null;
  returnUrl: string;
  trialDays: number;
  test: boolean;
}

export async function createSubscription(
  gw: GatewayContext,
  graphql: AdminClient,
  r: SubscriptionRequest,
): Promise<{ id: string; confirmationUrl: string }> {
  const discount = r.discount && {
    value: r.discount.type === 'percent' ? { percentage: r.discount.value / 100 } : { amount: r.discount.value },
    durationLimitInIntervals: r.discount.intervals,
  };
  const lineItems = [
    {
      plan: {
        appRecurringPricingDetails: {
          price: { amount: r.price, currencyCode: 'EUR' },
          interval: r.annual ? 'ANNUAL' : 'EVERY_30_DAYS',
          ...(discount ? { discount } : {}),
        },
      },
    },
  ];
  const data = await shopifyCall(gw, () =>
    graphql<{
      appSubscriptionCreate: {
        confirmationUrl: string | null;
        appSubscription: { id: string } | null;
        userErrors: { message: string }[];
      };
    }>(ADMIN_DOCUMENTS.Subscribe, {
      name: r.name,
      lineItems,
      returnUrl: r.returnUrl,
      test: r.test,
      trialDays: r.trialDays,
    }),
  );
  const result = data.appSubscriptionCreate;
  if (result.userErrors.length || !result.confirmationUrl || !result.appSubscription) {
    throw Unprocessable(
      'BILLING_REJECTED',
      `Shopify hat das Abo abgelehnt: ${result.userErrors.map((e) => e.message).join('; ') || 'ohne Angabe von Gründen'}`,
    );
  }
  return { id: result.appSubscription.id, confirmationUrl: result.confirmationUrl };
}

/** A one-time charge (a purchase); the merchant approves it on Shopify's confirmation page. */
export async function createOneTimePurchase(
  gw: GatewayContext,
  graphql: AdminClient,
  r: { name: string; price: number; returnUrl: string; test: boolean },
): Promise<{ id: string; confirmationUrl: string }> {
  const data = await shopifyCall(gw, () =>
    graphql<{
      appPurchaseOneTimeCreate: {
        confirmationUrl: string | null;
        appPurchaseOneTime: { id: string } | null;
        userErrors: { message: string }[];
      };
    }>(ADMIN_DOCUMENTS.Purchase, {
      name: r.name,
      price: { amount: r.price, currencyCode: 'EUR' },
      returnUrl: r.returnUrl,
      test: r.test,
    }),
  );
  const result = data.appPurchaseOneTimeCreate;
  if (result.userErrors.length || !result.confirmationUrl || !result.appPurchaseOneTime) {
    throw Unprocessable(
      'BILLING_REJECTED',
      `Shopify hat den Kauf abgelehnt: ${result.userErrors.map((e) => e.message).join('; ') || 'ohne Angabe von Gründen'}`,
    );
  }
  return { id: result.appPurchaseOneTime.id, confirmationUrl: result.confirmationUrl };
}

/** The status Shopify lists for one of the app's one-time purchases (newest first, paged); null when unknown. */
export async function oneTimePurchaseStatus(
  gw: GatewayContext,
  graphql: AdminClient,
  gid: string,
): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    type Page = {
      currentAppInstallation: {
        oneTimePurchases: {
          nodes: { id: string; status: string }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      };
    };
    const data: Page = await shopifyCall(gw, () => graphql<Page>(ADMIN_DOCUMENTS.Purchases, { after }));
    const page = data.currentAppInstallation.oneTimePurchases;
    const found = page.nodes.find((p) => p.id === gid);
    if (found) return found.status;
    if (!page.pageInfo.hasNextPage) return null;
    after = page.pageInfo.endCursor;
  }
}

/** Ends a subscription at Shopify; one that is no longer active there counts as ended. */
export async function cancelSubscription(gw: GatewayContext, graphql: AdminClient, gid: string): Promise<void> {
  const data = await shopifyCall(gw, () =>
    graphql<{
      appSubscriptionCancel: { appSubscription: { status: string } | null; userErrors: { message: string }[] };
    }>(ADMIN_DOCUMENTS.Cancel, { id: gid }),
  );
  const result = data.appSubscriptionCancel;
  if (result.userErrors.length && result.appSubscription?.status === 'ACTIVE') {
    throw BadGateway(
      'SHOPIFY_UNAVAILABLE',
      `Shopify hat die Kündigung abgelehnt: ${result.userErrors.map((e) => e.message).join('; ')}`,
    );
  }
}

export async function activeSubscriptionIds(gw: GatewayContext, graphql: AdminClient): Promise<string[]> {
  const data = await shopifyCall(gw, () =>
    graphql<{ currentAppInstallation: { activeSubscriptions: { id: string; status: string }[] } }>(
      ADMIN_DOCUMENTS.ActiveSubscriptions,
    ),
  );
  return data.currentAppInstallation.activeSubscriptions.filter((s) => s.status === 'ACTIVE').map((s) => s.id);
}

/** The shop's Shopify plan, as its plan's display name says it (for basic's restriction). */
export async function shopifyPlanName(gw: GatewayContext, graphql: AdminClient): Promise<string> {
  const data = await shopifyCall(gw, () =>
    graphql<{ shop: { plan: { displayName: string; partnerDevelopment: boolean } } }>(ADMIN_DOCUMENTS.ShopPlan),
  );
  return data.shop.plan.partnerDevelopment ? 'partner_test' : data.shop.plan.displayName;
}
