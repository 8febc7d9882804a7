import { webhookInboxTable } from '@belegfluss/db/testing';
import { eventually } from './merchant';
import type { Stack } from './stack';

/**
 * Resolves once every webhook the sandbox has sent for the order reached the gateway and its round in the order's
 * workflow is over. A test that changes the shop next (a plan, a setting) needs this: the order's trailing webhooks
 * (orders/updated after orders/paid) would otherwise run their rounds under the change, racing what the test checks.
 */
export async function orderSettled(stack: Pick<Stack, 'db' | 'sandbox'>, shop: string, orderId: number) {
  await eventually(async () => {
    const res = await fetch(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${orderId}/webhooks`);
    const sent = new Set(((await res.json()) as { webhookId: string }[]).map((d) => d.webhookId));
    const rows = await webhookInboxTable.list(stack.db, { shopId: shop }, { in: { webhookId: [...sent] } });
    return sent.size > 0 && rows.length === sent.size && rows.every((r) => !['received', 'started'].includes(r.status));
  }, 120_000);
}
