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
  if (outstanding > 0) order._transactions.push(transaction(order, 'sale', outstanding, gateway ?? order.gateway, nextId, at));
  order.financial_status = 'paid';
  order.total_outstanding = fmt(0);
  order.updated_at = at;
}

export function fulfil(order: ShopifyOrder, nextId: IdSource, now: Date): void {
  if (order.fulfillment_status === 'fulfilled') throw new OrderStateError('Order is already fulfilled');
  const at = shopifyTime(now);
  const id = nextId();
  const items = order.line_items.filter((l) => l.requires_shipping && l.fulfillable_quantity > 0);
  for (const li of items) {
    li.fulfillment_status = 'fulfilled';
    li.fulfillable_quantity = 0;
  }
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
    line_items: items,
  });
  order.fulfillment_status = 'fulfilled';
  order.updated_at = at;
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
