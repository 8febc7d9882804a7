import { receivedRefund } from '@belegfluss/shared';
import type { AdminClient } from './admin';
import { ADMIN_DOCUMENTS } from './documents';

/**
 * An order's refunds through Admin GraphQL, in the webhook's REST shape that the
 * credit-note rules read: refunded line items, refunded shipping as `shipping_refund`
 * adjustments (negative, like REST), other differences as `refund_discrepancy`, and the
 * refund's transactions. Asked per refunded order, so the order pages stay within the cost limit.
 */
interface Money {
  shopMoney: { amount: string };
}
interface GqlRefund {
  id: string;
  legacyResourceId: string;
  /** Null is allowed by Shopify's schema. */
  createdAt: string | null;
  note: string | null;
  /** The return the refund pays out for (an exchange's difference, a return's items), if any. */
  return: { id: string } | null;
  refundLineItems: {
    nodes: {
      /** Null is allowed by Shopify's schema; the line is matched by its order line and quantity. */
      id: string | null;
      quantity: number;
      restockType: string;
      lineItem: { id: string; title: string };
      subtotalSet: Money;
      totalTaxSet: Money;
    }[];
  };
  refundShippingLines: { nodes: { id: string; subtotalAmountSet: Money; taxAmountSet: Money }[] };
  orderAdjustments: { nodes: { id: string; amountSet: Money; taxAmountSet: Money; reason: string | null }[] };
  transactions: { nodes: { id: string; kind: string; status: string; gateway: string | null; amountSet: Money }[] };
}

const legacyId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));
const amount = (m: Money) => m.shopMoney.amount;
const negative = (m: Money) => (-Number(m.shopMoney.amount)).toFixed(2);

/** `readAt` dates a refund Shopify sends without createdAt (see receivedRefund). */
export function toRestRefund(
  r: GqlRefund,
  orderId: number,
  readAt = new Date().toISOString(),
): Record<string, unknown> {
  return receivedRefund(
    {
      id: Number(r.legacyResourceId),
      admin_graphql_api_id: r.id,
      order_id: orderId,
      created_at: r.createdAt,
      processed_at: r.createdAt,
      note: r.note,
      return: r.return ? { id: legacyId(r.return.id), admin_graphql_api_id: r.return.id } : null,
      refund_line_items: r.refundLineItems.nodes.map((l) => ({
        id: l.id ? legacyId(l.id) : null,
        line_item_id: legacyId(l.lineItem.id),
        quantity: l.quantity,
        restock_type: l.restockType.toLowerCase(),
        subtotal: amount(l.subtotalSet),
        total_tax: amount(l.totalTaxSet),
        line_item: { id: legacyId(l.lineItem.id), title: l.lineItem.title },
      })),
      order_adjustments: [
        ...r.refundShippingLines.nodes.map((s) => ({
          id: legacyId(s.id),
          kind: 'shipping_refund',
          amount: negative(s.subtotalAmountSet),
          tax_amount: negative(s.taxAmountSet),
          reason: 'Shipping refund',
        })),
        ...r.orderAdjustments.nodes.map((a) => ({
          id: legacyId(a.id),
          kind: 'refund_discrepancy',
          amount: amount(a.amountSet),
          tax_amount: amount(a.taxAmountSet),
          reason: a.reason,
        })),
      ],
      transactions: r.transactions.nodes.map((t) => ({
        id: legacyId(t.id),
        kind: t.kind.toLowerCase(),
        status: t.status.toLowerCase(),
        gateway: t.gateway,
        amount: amount(t.amountSet),
      })),
    },
    readAt,
  );
}

export async function orderRefunds(
  graphql: AdminClient,
  orderGid: string,
  orderId: number,
): Promise<Record<string, unknown>[]> {
  const data: { order: { refunds: GqlRefund[] } | null } = await graphql(ADMIN_DOCUMENTS.OrderRefunds, {
    id: orderGid,
  });
  return (data.order?.refunds ?? []).map((r) => toRestRefund(r, orderId));
}
