import { fmt } from '../../money.js';
import { shopifyTime } from '../../time.js';
import type { IdSource } from './build-lines.js';
import { transaction } from './builder.js';
import { applyRefund, RefundError } from './refund.js';
import type { ShopifyOrder } from './types.js';

export class OrderStateError extends RefundError {}

/** Marks the order paid with one sale transaction over the outstanding amount. */
export function markPaid(order: ShopifyOrder, nextId: IdSource, now: Date, gateway?: string): void {
  if (order.financial_status === 'paid') throw new OrderStateError('Order is already paid');
  if (order.cancelled_at) throw new OrderStateError('Order is cancelled');
  const at = shopifyTime(now);
  const outstanding = Math.round(Number(order.total_outstanding) * 100);
  if (outstanding > 0)
    order._transactions.push(transaction(order, 'sale', outstanding, gateway ?? order.gateway, nextId, at));
  order.financial_status = 'paid';
  order.total_outstanding = fmt(0);
  order.updated_at = at;
}

/** The items of one shipment; without a list, everything still open goes out. */
export type FulfilItems = Array<{ lineItemId: number; quantity: number }>;

/**
 * Ships items like the admin's "Fulfil items": one fulfilment with only the chosen quantities. The order is
 * `partial` until every shippable item went out; the topic says which (Shopify's orders/partially_fulfilled
 * or orders/fulfilled).
 */
export function fulfil(
  order: ShopifyOrder,
  nextId: IdSource,
  now: Date,
  wanted?: FulfilItems,
): 'orders/fulfilled' | 'orders/partially_fulfilled' {
  if (order.fulfillment_status === 'fulfilled') throw new OrderStateError('Order is already fulfilled');
  if (order.cancelled_at) throw new OrderStateError('Order is cancelled');
  const at = shopifyTime(now);
  const open = order.line_items.filter((l) => l.requires_shipping && l.fulfillable_quantity > 0);
  const picks = wanted
    ? wanted.map((w) => {
        const li = open.find((l) => l.id === w.lineItemId);
        if (!li) throw new OrderStateError(`Line item ${w.lineItemId} has nothing left to fulfil`);
        if (w.quantity > li.fulfillable_quantity)
          throw new OrderStateError(`Line item ${w.lineItemId}: only ${li.fulfillable_quantity} left to fulfil`);
        return { li, quantity: w.quantity };
      })
    : open.map((li) => ({ li, quantity: li.fulfillable_quantity }));
  if (picks.length === 0) throw new OrderStateError('Nothing to fulfil');
  for (const { li, quantity } of picks) {
    li.fulfillable_quantity -= quantity;
    li.fulfillment_status = li.fulfillable_quantity === 0 ? 'fulfilled' : 'partial';
  }
  const id = nextId();
  order.fulfillments.push({
    id,
    admin_graphql_api_id: `gid://shopify/Fulfillment/${id}`,
    order_id: order.id,
    name: `${order.name}.${order.fulfillments.length + 1}`,
    status: 'success',
    service: 'manual',
    shipment_status: null,
    tracking_company: 'DHL',
    tracking_number: `00340434${String(id).slice(-10)}`,
    tracking_numbers: [`00340434${String(id).slice(-10)}`],
    created_at: at,
    updated_at: at,
    location_id: null,
    // A snapshot of each line with this shipment's quantity, as Shopify's fulfilment carries it.
    line_items: picks.map(({ li, quantity }) => ({ ...li, quantity })),
  });
  const remaining = order.line_items.some((l) => l.requires_shipping && l.fulfillable_quantity > 0);
  order.fulfillment_status = remaining ? 'partial' : 'fulfilled';
  order.updated_at = at;
  return remaining ? 'orders/partially_fulfilled' : 'orders/fulfilled';
}

/** Cancels like the admin does: an unpaid order is voided, a paid one refunded in full if asked. */
export function cancel(order: ShopifyOrder, nextId: IdSource, now: Date, reason: string, refund: boolean): boolean {
  if (order.cancelled_at) throw new OrderStateError('Order is already cancelled');
  const at = shopifyTime(now);
  let refunded = false;
  if (refund && ['paid', 'partially_refunded'].includes(order.financial_status)) {
    applyRefund(order, { mode: 'full' }, nextId, now);
    refunded = true;
  } else if (order.financial_status === 'pending' || order.financial_status === 'authorized') {
    order.financial_status = 'voided';
  }
  order.cancelled_at = at;
  order.cancel_reason = reason;
  order.closed_at = at;
  order.updated_at = at;
  return refunded;
}
