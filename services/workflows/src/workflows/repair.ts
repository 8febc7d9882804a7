import type { ShopifyOrder } from '@belegfluss/shared';
import type { OrderRepair, OrderState } from '../api';
import { lexwareActivities, shopifyActivities } from './activity-options';

const { freshOrder } = shopifyActivities;
const { releaseLostDocument, closeInvoice } = lexwareActivities;

/**
 * Repairs from the completeness audit. They free what is to be made anew, then the order, read
 * afresh from Shopify, takes the same round as a webhook: the invoice and credit-note steps make what is missing
 * under every rule and exactly once. Returns that fresh order (null when Shopify no longer has it).
 */
export async function prepareRepairs(
  shopId: string,
  state: OrderState,
  repairs: OrderRepair[],
): Promise<ShopifyOrder | null> {
  const order = await freshOrder(shopId, repairs[0]!.orderId);
  if (!order) return null;
  const ref = { id: String(order.id), name: order.name };
  for (const repair of repairs) {
    if (repair.action === 'close') {
      // A wrong total closed: the order's own invoice is taken back, and a fresh one follows in this round.
      if ((await closeInvoice(shopId, order, repair.lexwareId)).reopened) state.invoice = null;
    } else if (repair.type === 'invoice') {
      if ((await releaseLostDocument(shopId, ref, `invoice:${order.id}`)) === 'released') state.invoice = null;
    } else if ((await releaseLostDocument(shopId, ref, `credit:${repair.refundId}`)) !== 'present') {
      // The refund is pending again: the credit-note step makes its note (or says why not).
      state.settledRefundIds = state.settledRefundIds.filter((id) => id !== repair.refundId);
      state.credits = state.credits.filter((c) => c.refundId !== repair.refundId);
    }
  }
  return order;
}
