import type { MoneySet, Refund, ShopifyOrder } from '../orders/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import type { PublishedNull } from '../webhook-payload.js';

type Json = Record<string, unknown>;
const cents = (s: string | number) => Math.round(Number(s) * 100);
const money = (c: number, currency: string) => {
  const m = { amount: (c / 100).toFixed(2), currencyCode: currency };
  return { shopMoney: m, presentmentMoney: m };
};
const bag = (s: MoneySet) => ({
  shopMoney: { amount: s.shop_money.amount, currencyCode: s.shop_money.currency_code },
  presentmentMoney: { amount: s.presentment_money.amount, currencyCode: s.presentment_money.currency_code },
});

/**
 * A refund as Admin GraphQL shows it: refunded line items, refunded shipping as
 * refundShippingLines (REST calls them shipping_refund adjustments), other differences as
 * orderAdjustments with a reason, and the refund's transactions, each a connection.
 */
export function refundNode(
  o: ShopifyOrder,
  r: Refund,
  lineItem: (l: Refund['refund_line_items'][number]['line_item']) => Json,
  nulls: readonly PublishedNull[] = [],
): Json {
  const c = o.currency;
  const shipping = r.order_adjustments.filter((a) => a.kind === 'shipping_refund');
  const other = r.order_adjustments.filter((a) => a.kind !== 'shipping_refund');
  return {
    id: r.admin_graphql_api_id,
    legacyResourceId: String(r.id),
    createdAt: nulls.includes('refundCreatedAt') ? null : r.created_at,
    note: r.note,
    return: r.return ? { id: r.return.admin_graphql_api_id } : null,
    totalRefundedSet: money(
      r.transactions.reduce((a, t) => a + cents(t.amount), 0),
      c,
    ),
    refundLineItems: (args: ConnectionArgs) =>
      connection(
        r.refund_line_items.map((l) => ({
          id: nulls.includes('refundLineItemIds') ? null : `gid://shopify/RefundLineItem/${l.id}`,
          quantity: l.quantity,
          restockType: l.restock_type.toUpperCase(),
          lineItem: lineItem(l.line_item),
          subtotalSet: bag(l.subtotal_set),
          totalTaxSet: bag(l.total_tax_set),
        })),
        args,
      ),
    refundShippingLines: (args: ConnectionArgs) =>
      connection(
        shipping.map((a) => ({
          id: `gid://shopify/RefundShippingLine/${a.id}`,
          shippingLine: o.shipping_lines[0]
            ? { title: o.shipping_lines[0].title, code: o.shipping_lines[0].code }
            : { title: 'Versand', code: null },
          subtotalAmountSet: money(-cents(a.amount), c),
          taxAmountSet: money(-cents(a.tax_amount), c),
        })),
        args,
      ),
    orderAdjustments: (args: ConnectionArgs) =>
      connection(
        other.map((a) => ({
          id: `gid://shopify/OrderAdjustment/${a.id}`,
          amountSet: bag(a.amount_set),
          taxAmountSet: bag(a.tax_amount_set),
          reason: 'REFUND_DISCREPANCY',
        })),
        args,
      ),
    transactions: (args: ConnectionArgs) =>
      connection(
        r.transactions.map((t) => ({
          id: t.admin_graphql_api_id,
          kind: t.kind.toUpperCase(),
          status: t.status.toUpperCase(),
          gateway: t.gateway,
          amountSet: money(cents(t.amount), c),
          processedAt: t.processed_at,
          createdAt: t.created_at,
          fees: [],
        })),
        args,
      ),
  };
}
