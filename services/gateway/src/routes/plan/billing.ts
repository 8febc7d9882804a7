import { createAdminClient, type AdminClient } from '@belegfluss/shopify';
import type { ShopRow } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { BadRequest, HttpError } from '../../errors';

/*
 * The Shopify Billing API (Admin GraphQL): appSubscriptionCreate returns a confirmation URL the
 * merchant approves outside the app; currentAppInstallation lists the subscriptions that are ACTIVE.
 */

const CREATE = `mutation Subscribe($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean, $trialDays: Int) {
  appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, test: $test, trialDays: $trialDays) {
    confirmationUrl appSubscription { id status } userErrors { field message }
  }
}`;const ACTIVE = '{ currentAppInstallation { activeSubscriptions { id status } } }';
const SHOP_PLAN = '{ shop { plan { displayName partnerDevelopment } } }';

export const SHOPIFY_UNREACHABLE = 'Shopify ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.';

const NOT_CONNECTED = 'Der Shop ist nicht mit Shopify verbunden. Bitte installiere die App erneut.';

export function adminClientFor(gw: GatewayContext, shop: ShopRow): AdminClient {
  if (!shop.shopifyTokenEnc || shop.missingAccessToken || shop.uninstalledAt) throw BadRequest(NOT_CONNECTED);
  let accessToken: string;
  try {
    accessToken = gw.box.open(shop.shopifyTokenEnc);
  } catch {
    throw BadRequest(NOT_CONNECTED); // sealed with another key: only a new install helps
  }
  return createAdminClient({ adminUrl: gw.settings.shopify.adminUrl, apiVersion: gw.settings.shopify.apiVersion, shop: shop.id, accessToken });
}

/** Outside failures are Shopify's, not the merchant's: 502 with a German message. */
async function shopifyCall<T>(gw: GatewayContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    gw.log.warn({ err: error }, 'Shopify billing call failed');
    throw new HttpError(502, 'SHOPIFY_UNAVAILABLE', SHOPIFY_UNREACHABLE);
  }
}

export interface SubscriptionRequest {
  name: string;
  price: number;
  annual: boolean;
  discount: { percent: number; intervals: number } | { amount: number; intervals: number } | null;
  returnUrl: string;
  trialDays: number;
  test: boolean;
}

export async function createSubscription(gw: GatewayContext, graphql: AdminClient, r: SubscriptionRequest): Promise<{ id: string; confirmationUrl: string }> {
  const discount = r.discount && ('percent' in r.discount
    ? { value: { percentage: r.discount.percent / 100 }, durationLimitInIntervals: r.discount.intervals }
    : { value: { amount: r.discount.amount }, durationLimitInIntervals: r.discount.intervals });
  const lineItems = [{ plan: { appRecurringPricingDetails: { price: { amount: r.price, currencyCode: 'EUR' }, interval: r.annual ? 'ANNUAL' : 'EVERY_30_DAYS', ...(discount ? { discount } : {}) } } }];
  const data = await shopifyCall(gw, () => graphql<{ appSubscriptionCreate: { confirmationUrl: string | null; appSubscription: { id: string } | null; userErrors: { message: string }[] } }>(
    CREATE, { name: r.name, lineItems, returnUrl: r.returnUrl, test: r.test, trialDays: r.trialDays },
  ));
  const result = data.appSubscriptionCreate;
  if (result.userErrors.length || !result.confirmationUrl || !result.appSubscription) {
    throw new HttpError(422, 'BILLING_REJECTED', `Shopify hat das Abo abgelehnt: ${result.userErrors.map((e) => e.message).join('; ') || 'ohne Angabe von Gründen'}`);
  }
  return { id: result.appSubscription.id, confirmationUrl: result.confirmationUrl };
}

export async function activeSubscriptionIds(gw: GatewayContext, graphql: AdminClient): Promise<string[]> {
  const data = await shopifyCall(gw, () => graphql<{ currentAppInstallation: { activeSubscriptions: { id: string; status: string }[] } }>(ACTIVE));
  return data.currentAppInstallation.activeSubscriptions.filter((s) => s.status === 'ACTIVE').map((s) => s.id);
}

/** The shop's Shopify plan, as its plan's display name says it (for basic's restriction). */
export async function shopifyPlanName(gw: GatewayContext, graphql: AdminClient): Promise<string> {
  const data = await shopifyCall(gw, () => graphql<{ shop: { plan: { displayName: string; partnerDevelopment: boolean } } }>(SHOP_PLAN));
  return data.shop.plan.partnerDevelopment ? 'partner_test' : data.shop.plan.displayName;
}
