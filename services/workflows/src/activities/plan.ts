import type { Db } from '@belegfluss/db';
import { orderLogHas, writeLog } from '@belegfluss/db';
import type { ShopifyOrder } from '@belegfluss/shared';
import { loadShopContext } from './context';

/**
 * Spec 1 §6 in the worker: the shop's context already leaves out what the plan lacks (the rule is
 * `enforcePlan` of plan-features.ts, the same map the gateway's 402s use). This says so in the
 * order's event log, once per order and feature, so a shop that downgraded reads why its mail,
 * tags or metafields no longer ran for this order.
 */
export async function noteWithheldFeatures(db: Db, shopId: string, order: ShopifyOrder): Promise<void> {
  const { plan } = await loadShopContext(db, shopId);
  if (!plan) return;
  const orderId = String(order.id);
  for (const feature of plan.withheld) {
    if (await orderLogHas(db, shopId, orderId, 'plan.feature.withheld', { feature })) continue;
    await writeLog(db, { shopId, origin: 'order', event: 'plan.feature.withheld', status: 'warning', orderId, orderName: order.name, body: { feature, plan: plan.id } });
  }
}
