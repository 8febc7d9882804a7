import {
  activateSubscription,
  declineSubscription,
  endSubscription,
  findSubscription,
  settlePurchase,
  writeLog,
  type Db,
  type WebhookDelivery,
} from '@belegfluss/db';
import { PARTNER_PROVISION_INTERVALS } from '@belegfluss/shared';

export const BILLING_TOPICS = new Set(['app_subscriptions/update', 'app_purchases_one_time/update']);

type Update = { admin_graphql_api_id?: unknown; status?: unknown };

/**
 * Shopify's word on a charge, as a webhook (verified by its HMAC like every delivery): the same
 * outcome as the return link, for a merchant who never comes back to the app, and the only way
 * we hear that a subscription ended (cancelled, expired or frozen) outside the app.
 */
export async function handleBillingWebhook(db: Db, d: WebhookDelivery): Promise<void> {
  const body = d.body as { app_subscription?: Update; app_purchase_one_time?: Update };
  const update = d.topic === 'app_subscriptions/update' ? body.app_subscription : body.app_purchase_one_time;
  const gid = typeof update?.admin_graphql_api_id === 'string' ? update.admin_graphql_api_id : null;
  const status = typeof update?.status === 'string' ? update.status.toUpperCase() : null;
  if (!gid || !status) return;
  if (d.topic === 'app_purchases_one_time/update') {
    if (status === 'ACTIVE' || status === 'DECLINED' || status === 'EXPIRED')
      await settlePurchase(db, d.shopId, gid, status === 'ACTIVE');
    return;
  }
  const sub = await findSubscription(db, d.shopId, gid);
  if (!sub) return; // not one of ours (or the shop was redacted)
  if (status === 'ACTIVE') await activateSubscription(db, sub, PARTNER_PROVISION_INTERVALS);
  else if (status === 'DECLINED' || (sub.status === 'pending' && status === 'EXPIRED'))
    await declineSubscription(db, sub);
  else if (['CANCELLED', 'EXPIRED', 'FROZEN'].includes(status) && (await endSubscription(db, d.shopId, gid))) {
    await writeLog(db, {
      shopId: d.shopId,
      origin: 'shopify',
      event: 'plan.subscription.ended',
      status: 'warning',
      body: { subscription: gid, status },
    });
  }
}
