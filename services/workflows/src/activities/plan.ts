import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from '@belegfluss/db';
import { getShop, orderLogHas, writeLog } from '@belegfluss/db';
import { featureRequiredMessage, planIncludes, withheldForOrder, type ShopifyOrder } from '@belegfluss/shared';
import type { ShopContext } from './context';

/**
 * The plan's features in the worker: the shop's context already leaves out what the plan lacks (the rule is
 * `enforcePlan` of plan-features.ts, the same map the gateway's 402s use). This says so in the
 * order's event log, once per order and feature, so a shop that downgraded reads why its mail,
 * tags or metafields no longer ran for this order; only for features that would have acted on it.
 */
export async function noteWithheldFeatures(
  db: Db,
  shopId: string,
  order: ShopifyOrder,
  plan: ShopContext['plan'],
): Promise<void> {
  if (!plan) return;
  const orderId = String(order.id);
  for (const feature of withheldForOrder(plan.withheld, plan.ruleTags ?? [], order)) {
    if (await orderLogHas(db, shopId, orderId, 'plan.feature.withheld', { feature })) continue;
    await writeLog(db, {
      shopId,
      origin: 'order',
      event: 'plan.feature.withheld',
      status: 'warning',
      orderId,
      orderName: order.name,
      body: { feature, plan: plan.id },
    });
  }
}

/**
 * The historical import after a downgrade: the one-time purchase counts only on a paid plan (the
 * import is "disabled on the free plan"). A day still being read when the shop went to Free stops,
 * says why in the log, and fails without retries; the gateway's 402 keeps new days from starting.
 */
export async function assertImportAllowed(db: Db, shopId: string, day: string): Promise<void> {
  const shop = await getShop(db, shopId);
  if (!shop || planIncludes(shop.planId, 'orderImport')) return;
  await writeLog(db, {
    shopId,
    origin: 'order',
    event: 'plan.feature.withheld',
    status: 'warning',
    body: { feature: 'orderImport', plan: shop.planId, day },
  });
  throw ApplicationFailure.nonRetryable(featureRequiredMessage('orderImport'), 'PLAN_FEATURE');
}
