import type { ShopifyOrder } from '../shopify-order';

export type InvoiceEvent = 'created' | 'paid' | 'fulfilled' | 'completed';

const PAID_STATUSES = new Set(['paid', 'refunded', 'partially_refunded']);

/** Whether an order "has happened": the rule the order list and the balance share. */
export function hasHappened(
  order: Pick<ShopifyOrder, 'financial_status' | 'fulfillment_status'>,
  event: InvoiceEvent,
): boolean {
  const paid = PAID_STATUSES.has(order.financial_status ?? '');
  const fulfilled = order.fulfillment_status === 'fulfilled';
  switch (event) {
    case 'created':
      return true;
    case 'paid':
      return paid;
    case 'fulfilled':
      return fulfilled;
    case 'completed':
      return paid && fulfilled;
  }
}

/** Whether the invoice is due now, honouring the gateways that invoice on creation anyway. */
export function invoiceDue(
  order: Pick<ShopifyOrder, 'financial_status' | 'fulfillment_status' | 'payment_gateway_names' | 'gateway'>,
  event: InvoiceEvent,
  exceptions: readonly string[] = [],
): boolean {
  const gateways = order.payment_gateway_names.length > 0 ? order.payment_gateway_names : [order.gateway ?? ''];
  if (gateways.some((g) => exceptions.includes(g))) return true;
  return hasHappened(order, event);
}
