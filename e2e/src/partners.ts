import {
  couponsTable,
  partnersTable,
  planSubscriptionsTable,
  redemptionsTable,
  shopsTable,
} from '@belegfluss/db/testing';
import type { Stack } from './stack';

const DAY = 86_400_000;

/**
 * A partner as the partner area would have saved it: PayPal with an address, or a bank account.
 * Bank details go straight into the table here, so a test can also plant data the form refuses
 * (an account saved before the form checked IBAN and BIC as a pair).
 */
export async function addPartner(
  stack: Pick<Stack, 'db'>,
  shop: string,
  payout: { paypalEmail: string } | { iban: string; bic: string; name?: string },
): Promise<void> {
  await shopsTable.update(stack.db, { id: shop }, { partner: true });
  await partnersTable.insert(
    stack.db,
    'paypalEmail' in payout
      ? { shopId: shop, email: `partner@${shop}`, payoutGateway: 'paypal', paypalEmail: payout.paypalEmail }
      : {
          shopId: shop,
          email: `partner@${shop}`,
          payoutGateway: 'bank',
          bankName: 'Hausbank',
          iban: payout.iban,
          bic: payout.bic,
          address: payout.name ? { name: payout.name } : null,
        },
  );
}

/** A shop that redeemed the partner's coupon and subscribed `daysAgo` days ago; `paying` false: its subscription ended since. */
export async function redemption(
  stack: Pick<Stack, 'db'>,
  partner: string,
  shop: string,
  provision: number,
  daysAgo: number,
  paying = true,
): Promise<void> {
  const code = `${partner.split('.')[0]!.toUpperCase()}-50`;
  await couponsTable.upsert(stack.db, { code, partnerShopId: partner, type: 'percent', value: 50 }, ['code'], 'ignore');
  await shopsTable.insert(stack.db, { id: shop, planId: 'standard', transfersQuota: 300 });
  await planSubscriptionsTable.insert(stack.db, {
    shopId: shop,
    planId: 'standard',
    price: 18.99,
    subscriptionGid: `gid://shopify/AppSubscription/${shop.length}${Math.round(Math.random() * 1e9)}`,
    status: paying ? 'active' : 'cancelled',
  });
  await redemptionsTable.insert(stack.db, {
    couponCode: code,
    shopId: shop,
    status: 'subscribed',
    planId: 'standard',
    provision,
    subscribedAt: new Date(Date.now() - daysAgo * DAY),
  });
}
