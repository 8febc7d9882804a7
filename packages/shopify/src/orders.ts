import { ShopifyOrderSchema, type ShopifyOrder } from '@belegfluss/shared';
import type { AdminClient } from './admin';
import { ADMIN_DOCUMENTS, createdBetween, ORDERS_PER_PAGE } from './documents';
import { orderRefunds } from './refunds';

/*
 * Admin GraphQL has no REST order JSON, so the import reads the fields the order
 * workflow needs (./documents) and maps them to the webhook shape (ShopifyOrderSchema).
 */

interface Money {
  shopMoney: { amount: string; currencyCode: string };
}
interface GqlTaxLine {
  title: string;
  rate: number | null;
  priceSet: Money;
}
type GqlAddress = Record<string, string | null>;
interface GqlLineItem {
  id: string;
  name: string;
  title: string;
  sku: string | null;
  variantTitle: string | null;
  vendor: string | null;
  quantity: number;
  originalUnitPriceSet: Money;
  totalDiscountSet: Money;
  taxLines: GqlTaxLine[];
}
interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}
interface GqlOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  currencyCode: string;
  taxesIncluded: boolean;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  sourceName: string | null;
  tags: string[];
  paymentGatewayNames: string[];
  discountCodes: string[];
  customAttributes: { key: string; value: string | null }[];
  totalPriceSet: Money;
  /** These three may be null in Shopify's schema; the order rules then work them out from the lines. */
  subtotalPriceSet: Money | null;
  totalTaxSet: Money | null;
  totalDiscountsSet: Money | null;
  totalRefundedSet?: Money;
  customer: {
    legacyResourceId: string;
    defaultEmailAddress: { emailAddress: string } | null;
    firstName: string | null;
    lastName: string | null;
  } | null;
  billingAddress: GqlAddress | null;
  shippingAddress: GqlAddress | null;
  lineItems: Connection<GqlLineItem>;
  shippingLines: {
    nodes: {
      /** Null in Shopify's schema for some lines; an order edit compares shipping by it. */
      id: string | null;
      title: string;
      code: string | null;
      originalPriceSet: Money;
      discountedPriceSet: Money;
      taxLines: GqlTaxLine[];
    }[];
  };
}

const amount = (m: Money) => m.shopMoney.amount;
const amountOrNull = (m: Money | null) => (m ? m.shopMoney.amount : null);
const legacyId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));
const taxLine = (t: GqlTaxLine) => ({ title: t.title, rate: t.rate ?? 0, price: amount(t.priceSet) });

function address(a: GqlAddress | null) {
  if (!a) return null;
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    name: a.name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    zip: a.zip,
    province: a.province,
    country: a.country,
    country_code: a.countryCodeV2,
    phone: a.phone,
  };
}

/** REST names the fulfilment states differently and leaves an unfulfilled order at null. */
function fulfillmentStatus(display: string): string | null {
  const s = display.toLowerCase();
  if (s === 'unfulfilled') return null;
  if (s === 'partially_fulfilled') return 'partial';
  return s;
}

/**
 * The webhook-shaped order, with its refunds when they were read (see ./shopify-refunds);
 * without them a refund never turns into a credit note built from incomplete data.
 */
export function toRestOrder(
  o: GqlOrder,
  lineItems: GqlLineItem[],
  refunds: Record<string, unknown>[] = [],
): ShopifyOrder {
  return ShopifyOrderSchema.parse({
    id: Number(o.legacyResourceId),
    admin_graphql_api_id: o.id,
    name: o.name,
    email: o.email,
    phone: o.phone,
    note: o.note,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    cancelled_at: o.cancelledAt,
    currency: o.currencyCode,
    financial_status: o.displayFinancialStatus?.toLowerCase() ?? null,
    fulfillment_status: fulfillmentStatus(o.displayFulfillmentStatus),
    gateway: o.paymentGatewayNames[0] ?? null,
    payment_gateway_names: o.paymentGatewayNames,
    source_name: o.sourceName,
    tags: o.tags.join(', '),
    taxes_included: o.taxesIncluded,
    total_price: amount(o.totalPriceSet),
    subtotal_price: amountOrNull(o.subtotalPriceSet),
    total_tax: amountOrNull(o.totalTaxSet),
    total_discounts: amountOrNull(o.totalDiscountsSet),
    note_attributes: o.customAttributes.map((a) => ({ name: a.key, value: a.value })),
    discount_codes: o.discountCodes.map((code) => ({ code })),
    customer: o.customer
      ? {
          id: Number(o.customer.legacyResourceId),
          email: o.customer.defaultEmailAddress?.emailAddress ?? null,
          first_name: o.customer.firstName,
          last_name: o.customer.lastName,
        }
      : null,
    billing_address: address(o.billingAddress),
    shipping_address: address(o.shippingAddress),
    line_items: lineItems.map((l) => ({
      id: legacyId(l.id),
      admin_graphql_api_id: l.id,
      name: l.name,
      title: l.title,
      sku: l.sku,
      variant_title: l.variantTitle,
      vendor: l.vendor,
      quantity: l.quantity,
      price: amount(l.originalUnitPriceSet),
      tax_lines: l.taxLines.map(taxLine),
      discount_allocations: Number(amount(l.totalDiscountSet)) > 0 ? [{ amount: amount(l.totalDiscountSet) }] : [],
    })),
    shipping_lines: o.shippingLines.nodes.map((s) => ({
      ...(s.id ? { id: legacyId(s.id) } : {}),
      title: s.title,
      code: s.code,
      price: amount(s.originalPriceSet),
      discounted_price: amount(s.discountedPriceSet),
      tax_lines: s.taxLines.map(taxLine),
    })),
    refunds,
  });
}

/** An order node with the line items beyond its first page and, when it has any, its refunds, in the webhook shape. */
async function completeOrder(graphql: AdminClient, node: GqlOrder): Promise<ShopifyOrder> {
  const items = [...node.lineItems.nodes];
  let page = node.lineItems.pageInfo;
  while (page.hasNextPage) {
    const more: { order: { lineItems: Connection<GqlLineItem> } } = await graphql(ADMIN_DOCUMENTS.MoreLineItems, {
      id: node.id,
      after: page.endCursor,
    });
    items.push(...more.order.lineItems.nodes);
    page = more.order.lineItems.pageInfo;
  }
  const refunded = Number(node.totalRefundedSet?.shopMoney.amount ?? 0) > 0;
  return toRestOrder(node, items, refunded ? await orderRefunds(graphql, node.id, Number(node.legacyResourceId)) : []);
}

/** The orders filter of [from, to) (to open when absent) in Shopify's search syntax. */
export interface OrderPage {
  orders: ShopifyOrder[];
  next: string | null;
}

/** One page of orders created in [from, to) (to open when absent), each with all of its line items. */
export async function orderPage(
  graphql: AdminClient,
  range: { from: string; to?: string },
  after: string | null,
): Promise<OrderPage> {
  const data: { orders: Connection<GqlOrder> } = await graphql(ADMIN_DOCUMENTS.Orders, {
    first: ORDERS_PER_PAGE,
    after,
    query: createdBetween(range),
  });
  const orders: ShopifyOrder[] = [];
  for (const node of data.orders.nodes) orders.push(await completeOrder(graphql, node));
  return { orders, next: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null };
}

/** One order as the webhooks carry it, with all of its line items and refunds; undefined when Shopify has none. */
export async function orderById(graphql: AdminClient, orderId: number | string): Promise<ShopifyOrder | undefined> {
  const data: { order: GqlOrder | null } = await graphql(ADMIN_DOCUMENTS.Order, {
    id: `gid://shopify/Order/${orderId}`,
  });
  return data.order ? completeOrder(graphql, data.order) : undefined;
}

/** A bulk result's orders, each with the line items and shipping lines naming it as parent. */
function bulkOrders(lines: Record<string, unknown>[]): { order: GqlOrder; items: GqlLineItem[] }[] {
  const items = new Map<string, GqlLineItem[]>();
  const shipping = new Map<string, GqlOrder['shippingLines']['nodes']>();
  const orders: GqlOrder[] = [];
  for (const line of lines) {
    const parent = line.__parentId as string | undefined;
    if (!parent) orders.push(line as unknown as GqlOrder);
    else if (line.__typename === 'LineItem')
      items.set(parent, [...(items.get(parent) ?? []), line as unknown as GqlLineItem]);
    else if (line.__typename === 'ShippingLine')
      shipping.set(parent, [
        ...(shipping.get(parent) ?? []),
        line as unknown as GqlOrder['shippingLines']['nodes'][number],
      ]);
  }
  return orders.map((o) => ({
    order: { ...o, shippingLines: { nodes: shipping.get(o.id) ?? [] } },
    items: items.get(o.id) ?? [],
  }));
}

/** Puts a bulk result back together (without refunds: the wizard only stores the orders). */
export function ordersFromBulk(lines: Record<string, unknown>[]): ShopifyOrder[] {
  return bulkOrders(lines).map(({ order, items }) => toRestOrder(order, items));
}

/** Puts a bulk result back together with each refunded order's refunds, read through GraphQL, for its credit notes. */
export async function ordersFromBulkWithRefunds(
  graphql: AdminClient,
  lines: Record<string, unknown>[],
): Promise<ShopifyOrder[]> {
  const orders: ShopifyOrder[] = [];
  for (const { order, items } of bulkOrders(lines)) {
    const refunded = Number(order.totalRefundedSet?.shopMoney.amount ?? 0) > 0;
    orders.push(
      toRestOrder(order, items, refunded ? await orderRefunds(graphql, order.id, Number(order.legacyResourceId)) : []),
    );
  }
  return orders;
}
