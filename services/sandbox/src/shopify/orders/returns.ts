import { fmt, moneySet, toCents } from '../../money.js';
import { shopifyTime } from '../../time.js';
import { buildLineItem, type IdSource } from './build-lines.js';
import { applyRefund, RefundError } from './refund.js';
import type { Scenario } from './scenarios.js';
import type { LineItem, Refund, ShopifyOrder } from './types.js';

/**
 * Shopify's returns: a Return on an order with return line items (fulfilled items coming back) and, for an
 * exchange, exchange line items (new items going out in their place). Statuses follow the Return object:
 * REQUESTED (the customer asked), OPEN (approved or created by staff), CLOSED, DECLINED, CANCELED. Processing
 * (returnProcess) is what moves goods and money: the exchange items become line items of the order, the order's
 * current totals change, and the difference is refunded or left outstanding for the customer to pay.
 */
export type ReturnStatus = 'requested' | 'open' | 'closed' | 'declined' | 'canceled';

export interface ReturnLineItemInput {
  lineItemId: number;
  quantity: number;
  returnReason?: string;
}

export interface ExchangeLineItemInput {
  title: string;
  /** Unit price, as the shop shows it (gross in a shop with taxes included). */
  price: number;
  quantity: number;
  taxRate: number;
  sku?: string;
}

export interface SandboxReturn {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  status: ReturnStatus;
  order_id: number;
  return_line_items: Array<{
    id: number;
    admin_graphql_api_id: string;
    fulfillment_line_item: {
      id: number;
      admin_graphql_api_id: string;
      line_item: { id: number; admin_graphql_api_id: string };
    };
    quantity: number;
    processed_quantity: number;
    return_reason: string;
    return_reason_note: string;
    customer_note: string | null;
    restocking_fee: null;
  }>;
  exchange_line_items: Array<{
    id: number;
    admin_graphql_api_id: string;
    quantity: number;
    processed_quantity: number;
    /** Null until the return is processed: only then is the item a line of the order. */
    line_item: LineItem | null;
    /** What the exchange item will be; sandbox bookkeeping, dropped from payloads. */
    _item: ExchangeLineItemInput;
  }>;
  return_shipping_fees: unknown[];
  decline: { reason: string; note: string | null } | null;
  /** The refund returnProcess issued for the difference, if any. */
  refund_id: number | null;
  created_at: string;
  closed_at: string | null;
}

export class ReturnError extends RefundError {}

/** The sandbox keeps an order's returns beside it; `_` fields never leave the sandbox in a payload. */
export function returnsOf(order: ShopifyOrder): SandboxReturn[] {
  return ((order as { _returns?: SandboxReturn[] })._returns ??= []);
}

const ACTIVE: ReturnStatus[] = ['requested', 'open', 'closed'];

/** Fulfilled quantity of a line item minus what other live returns already take back. */
function returnableQuantity(order: ShopifyOrder, lineItemId: number): number {
  const fulfilled = order.fulfillments
    .flatMap((f) => (f.line_items as Array<{ id: number; quantity: number }> | undefined) ?? [])
    .filter((l) => l.id === lineItemId)
    .reduce((a, l) => a + l.quantity, 0);
  const taken = returnsOf(order)
    .filter((r) => ACTIVE.includes(r.status))
    .flatMap((r) => r.return_line_items)
    .filter((r) => r.fulfillment_line_item.line_item.id === lineItemId)
    .reduce((a, r) => a + r.quantity, 0);
  const refunded = order.refunds
    .filter((r) => !(r as { return?: unknown }).return)
    .flatMap((r) => r.refund_line_items)
    .filter((r) => r.line_item_id === lineItemId)
    .reduce((a, r) => a + r.quantity, 0);
  return fulfilled - taken - refunded;
}

/** returnCreate (status OPEN) and returnRequest (status REQUESTED) check the same things, as Shopify does. */
export function newReturn(
  order: ShopifyOrder,
  input: { returnLineItems: ReturnLineItemInput[]; exchangeLineItems?: ExchangeLineItemInput[]; requested: boolean },
  nextId: IdSource,
  now: Date,
): SandboxReturn {
  if (order.cancelled_at) throw new ReturnError('Order is cancelled');
  if (input.returnLineItems.length === 0) throw new ReturnError('Return must have at least one return line item');
  const id = nextId();
  const lines = input.returnLineItems.map((w) => {
    const li = order.line_items.find((l) => l.id === w.lineItemId);
    if (!li) throw new ReturnError(`Line item ${w.lineItemId} does not exist`);
    if (w.quantity < 1) throw new ReturnError('Quantity must be greater than 0');
    if (w.quantity > returnableQuantity(order, li.id))
      throw new ReturnError(`Line item ${li.id}: quantity exceeds the fulfilled quantity that can be returned`);
    const rid = nextId();
    return {
      id: rid,
      admin_graphql_api_id: `gid://shopify/ReturnLineItem/${rid}`,
      fulfillment_line_item: {
        id: li.id,
        admin_graphql_api_id: `gid://shopify/FulfillmentLineItem/${li.id}`,
        line_item: { id: li.id, admin_graphql_api_id: li.admin_graphql_api_id },
      },
      quantity: w.quantity,
      processed_quantity: 0,
      return_reason: (w.returnReason ?? 'unknown').toLowerCase(),
      return_reason_note: '',
      customer_note: null,
      restocking_fee: null,
    };
  });
  const exchange = (input.exchangeLineItems ?? []).map((x) => {
    if (x.quantity < 1) throw new ReturnError('Exchange quantity must be greater than 0');
    const xid = nextId();
    return {
      id: xid,
      admin_graphql_api_id: `gid://shopify/ExchangeLineItem/${xid}`,
      quantity: x.quantity,
      processed_quantity: 0,
      line_item: null,
      _item: x,
    };
  });
  const ret: SandboxReturn = {
    id,
    admin_graphql_api_id: `gid://shopify/Return/${id}`,
    name: `${order.name}-R${returnsOf(order).length + 1}`,
    status: input.requested ? 'requested' : 'open',
    order_id: order.id,
    return_line_items: lines,
    exchange_line_items: exchange,
    return_shipping_fees: [],
    decline: null,
    refund_id: null,
    created_at: shopifyTime(now),
    closed_at: null,
  };
  returnsOf(order).push(ret);
  return ret;
}

export function findReturn(order: ShopifyOrder, returnId: number): SandboxReturn {
  const ret = returnsOf(order).find((r) => r.id === returnId);
  if (!ret) throw new ReturnError(`Return ${returnId} does not exist`);
  return ret;
}

/** The status moves Shopify allows; anything else is refused with its message. */
export function moveReturn(
  ret: SandboxReturn,
  to: 'approve' | 'decline' | 'close' | 'reopen' | 'cancel',
  now: Date,
  decline?: { reason: string; note?: string | null },
): void {
  const from = ret.status;
  const refuse = (what: string) => {
    throw new ReturnError(`Return is ${from.toUpperCase()}; it cannot be ${what}`);
  };
  if (to === 'approve') {
    if (from !== 'requested') refuse('approved');
    ret.status = 'open';
  } else if (to === 'decline') {
    if (from !== 'requested') refuse('declined');
    ret.status = 'declined';
    ret.decline = { reason: (decline?.reason ?? 'other').toLowerCase(), note: decline?.note ?? null };
  } else if (to === 'close') {
    if (from !== 'open') refuse('closed');
    ret.status = 'closed';
    ret.closed_at = shopifyTime(now);
  } else if (to === 'reopen') {
    if (from !== 'closed') refuse('reopened');
    ret.status = 'open';
    ret.closed_at = null;
  } else {
    if (from !== 'requested' && from !== 'open') refuse('canceled');
    if (ret.return_line_items.some((l) => l.processed_quantity > 0)) refuse('canceled after processing');
    ret.status = 'canceled';
  }
}

/** Gross cents of a share of an order line: its price less its discount, plus tax when prices exclude it. */
function lineShare(order: ShopifyOrder, li: LineItem, quantity: number): { gross: number; net: number; tax: number } {
  const share = quantity / li.quantity;
  const discount = li.discount_allocations.reduce((a, d) => a + toCents(d.amount), 0);
  const amount = Math.round((toCents(li.price) * li.quantity - discount) * share);
  const tax = Math.round(li.tax_lines.reduce((a, t) => a + toCents(t.price), 0) * share);
  return order.taxes_included ? { gross: amount, net: amount - tax, tax } : { gross: amount + tax, net: amount, tax };
}

function exchangeLine(order: ShopifyOrder, item: ExchangeLineItemInput, nextId: IdSource): LineItem {
  const title = order.tax_lines[0]?.title ?? 'MwSt';
  const scenario = { taxesIncluded: order.taxes_included, taxExempt: order.tax_exempt, taxTitle: title } as Scenario;
  return buildLineItem(
    {
      title: item.title,
      sku: item.sku ?? '',
      priceCents: toCents(item.price),
      quantity: item.quantity,
      taxRate: item.taxRate,
    },
    scenario,
    order.currency,
    nextId,
  );
}

function addToCurrent(order: ShopifyOrder, field: string, cents: number): void {
  const next = toCents(String(order[field] ?? '0')) + cents;
  order[field] = fmt(next);
  const set = `${field}_set`;
  if (order[set]) order[set] = moneySet(next, order.currency);
}

export interface Processed {
  refund: Refund | null;
  /** Exchange minus returned, gross cents: positive is left outstanding for the customer to pay. */
  differenceCents: number;
}

/**
 * returnProcess over every item of the return: the returned quantities leave the order's current quantities,
 * the exchange items become line items, the current totals follow, and the difference moves: a refund tied to
 * the return when the customer gets money back, an outstanding balance when the customer owes it.
 */
export function processReturn(order: ShopifyOrder, ret: SandboxReturn, nextId: IdSource, now: Date): Processed {
  if (ret.status !== 'open')
    throw new ReturnError(`Return is ${ret.status.toUpperCase()}; only an OPEN return can be processed`);
  if (ret.return_line_items.every((l) => l.processed_quantity >= l.quantity))
    throw new ReturnError('Return has nothing left to process');
  if (!['paid', 'partially_refunded'].includes(order.financial_status))
    throw new ReturnError(`Order is ${order.financial_status}; only a paid order's return can be processed`);
  const at = shopifyTime(now);
  let returned = { gross: 0, net: 0, tax: 0 };
  for (const l of ret.return_line_items) {
    const li = order.line_items.find((x) => x.id === l.fulfillment_line_item.line_item.id)!;
    const s = lineShare(order, li, l.quantity);
    returned = { gross: returned.gross + s.gross, net: returned.net + s.net, tax: returned.tax + s.tax };
  }
  let outgoing = { gross: 0, net: 0, tax: 0 };
  for (const x of ret.exchange_line_items) {
    const li = exchangeLine(order, x._item, nextId);
    order.line_items.push(li);
    x.line_item = li;
    x.processed_quantity = x.quantity;
    const s = lineShare(order, li, li.quantity);
    outgoing = { gross: outgoing.gross + s.gross, net: outgoing.net + s.net, tax: outgoing.tax + s.tax };
  }
  const difference = outgoing.gross - returned.gross;
  let refund: Refund | null = null;
  if (difference < 0) {
    // The refund names the returned items (their whole value) but moves only the difference.
    refund = applyRefund(
      order,
      {
        mode: 'items',
        lineItems: ret.return_line_items.map((l) => ({
          lineItemId: l.fulfillment_line_item.line_item.id,
          quantity: l.quantity,
        })),
        transactionCents: -difference,
        return: { id: ret.id, admin_graphql_api_id: ret.admin_graphql_api_id },
      },
      nextId,
      now,
    );
    ret.refund_id = refund.id;
  } else {
    for (const l of ret.return_line_items) {
      const li = order.line_items.find((x) => x.id === l.fulfillment_line_item.line_item.id)!;
      li.current_quantity -= l.quantity;
    }
    if (difference > 0) {
      addToCurrent(order, 'total_outstanding', difference);
      order.financial_status = 'partially_paid';
    }
  }
  for (const l of ret.return_line_items) l.processed_quantity = l.quantity;
  addToCurrent(order, 'current_total_price', difference);
  addToCurrent(order, 'current_subtotal_price', order.taxes_included ? difference : outgoing.net - returned.net);
  addToCurrent(order, 'current_total_tax', outgoing.tax - returned.tax);
  order.updated_at = at;
  return { refund, differenceCents: difference };
}

const ref = (r: SandboxReturn) => ({ admin_graphql_api_id: r.admin_graphql_api_id, id: r.id });
const strip = (r: SandboxReturn) => ({
  return_line_items: r.return_line_items.map((l) => ({ ...l })),
  exchange_line_items: r.exchange_line_items.map(({ _item, ...x }) => ({
    ...x,
    line_item: x.line_item && { ...x.line_item },
  })),
});

/**
 * The body of each returns/* webhook, as Shopify sends it: request and approve carry the whole return with its
 * order; decline its reason and no order; close, reopen and cancel only the ids and status. process carries the
 * processed return line items and the exchange line items, now with the order line each became.
 */
export function returnPayload(topic: string, order: ShopifyOrder, r: SandboxReturn): Record<string, unknown> {
  switch (topic) {
    case 'returns/request':
    case 'returns/approve':
      return {
        ...ref(r),
        name: r.name,
        status: r.status,
        order: { admin_graphql_api_id: order.admin_graphql_api_id, id: order.id },
        ...strip(r),
        return_shipping_fees: r.return_shipping_fees,
        total_return_line_items: r.return_line_items.length,
        total_exchange_line_items: r.exchange_line_items.length,
      };
    case 'returns/decline':
      return { ...ref(r), status: r.status, decline: r.decline };
    case 'returns/process':
      return { ...ref(r), order_id: order.id, status: r.status, ...strip(r) };
    default:
      return { ...ref(r), order_id: order.id, status: r.status };
  }
}
