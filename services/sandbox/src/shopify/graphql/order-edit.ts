import { moneySet } from '../../money.js';
import type { SandboxState } from '../../state.js';
import { applyOrderEdit, variantItem, type OrderEditRequest } from '../orders/edit.js';
import { OrderStateError } from '../orders/lifecycle.js';
import type { ShopifyOrder } from '../orders/types.js';
import { requireScope, type GqlContext } from './context.js';
import { moneyBag, orderNode } from './mappers.js';

/*
 * Shopify's order editing over GraphQL: orderEditBegin opens a calculated order, the orderEdit* mutations stage
 * changes on it, orderEditCommit applies them at once (the same edit as the control page's, with the same
 * orders/edited and orders/updated). Nothing reaches the order before the commit.
 */

interface Session {
  number: number;
  orderId: string;
  req: Required<Pick<OrderEditRequest, 'addItems' | 'setQuantities' | 'addShipping' | 'removeShipping'>>;
  committed: boolean;
}

/** The calculated line item of the session's n-th added item (1-based); an existing line keeps its own id. */
const addedGid = (s: Session, n: number) => `gid://shopify/CalculatedLineItem/${s.number}-${n}`;
const addedIndex = (s: Session, gid: string) => {
  const m = /\/(\d+)-(\d+)$/.exec(gid);
  return m && Number(m[1]) === s.number ? Number(m[2]) - 1 : -1;
};

const sessionsOf = new WeakMap<SandboxState, Map<number, Session>>();
const sessions = (ctx: GqlContext) => {
  let map = sessionsOf.get(ctx.sb.state);
  if (!map) sessionsOf.set(ctx.sb.state, (map = new Map()));
  return map;
};

const idOf = (gid: string) => Number(/\/(\d+)$/.exec(gid)?.[1] ?? NaN);
const calculatedGid = (n: number) => `gid://shopify/CalculatedOrder/${n}`;
const error = (field: string[], message: string) => ({ field, message });

/** The order as the staged changes would make it, without touching it. */
function preview(order: ShopifyOrder, s: Session): ShopifyOrder {
  const copy = structuredClone(order);
  let next = 9_000_000_000_000;
  try {
    applyOrderEdit(copy, s.req, () => next++, new Date());
  } catch {
    // Nothing staged yet: the order as it is.
  }
  return copy;
}

function calculatedOrder(ctx: GqlContext, s: Session) {
  const order = ctx.sb.orders.get(ctx.shop, s.orderId);
  const after = preview(order, s);
  return {
    id: calculatedGid(s.number),
    committed: s.committed,
    totalPriceSet: moneyBag(moneySet(Math.round(Number(after.current_total_price) * 100), after.currency)),
    subtotalLineItemsQuantity: after.line_items.reduce((a, l) => a + l.current_quantity, 0),
    originalOrder: orderNode(ctx.shop, order, ctx.sb.state.knobs.shopify.publishedNulls),
  };
}

/** The open session an id names (the calculated order's or the edit session's), or the user error why not. */
function open(ctx: GqlContext, id: string, field: string): Session | { field: string[]; message: string } {
  requireScope(ctx, 'write_order_edits', field);
  const s = sessions(ctx).get(idOf(id));
  if (!s) return error(['id'], 'The order edit does not exist.');
  if (s.committed) return error(['id'], 'The order edit has already been committed.');
  return s;
}

const payload = (ctx: GqlContext, s: Session, extra: Record<string, unknown> = {}) => ({
  calculatedOrder: calculatedOrder(ctx, s),
  orderEditSession: { id: `gid://shopify/OrderEditSession/${s.number}` },
  userErrors: [],
  ...extra,
});
const failed = (userError: { field: string[]; message: string }) => ({
  calculatedOrder: null,
  orderEditSession: null,
  userErrors: [userError],
});

/** The tax rate a new line of the order gets: the rate its first taxed line or shipping charged. */
const rateOf = (lines: Array<{ tax_lines: Array<{ rate: number }> }>) =>
  lines.find((l) => l.tax_lines[0])?.tax_lines[0]?.rate ?? 0;

export const orderEditMutations = {
  orderEditBegin({ id }: { id: string }, ctx: GqlContext) {
    requireScope(ctx, 'write_order_edits', 'orderEditBegin');
    const order = Object.values(ctx.shop.orders).find((o) => o.admin_graphql_api_id === id);
    if (!order) return failed(error(['id'], 'The order does not exist.'));
    if (order.cancelled_at) return failed(error(['id'], 'A cancelled order cannot be edited.'));
    const number = ctx.sb.state.nextId++;
    const s: Session = {
      number,
      orderId: String(order.id),
      req: { addItems: [], setQuantities: [], addShipping: [], removeShipping: [] },
      committed: false,
    };
    sessions(ctx).set(number, s);
    return payload(ctx, s);
  },

  /** Like Shopify: a variant already on the order is added as a line of its own only with `allowDuplicates`. */
  orderEditAddVariant(
    a: { id: string; variantId: string; quantity: number; allowDuplicates?: boolean | null },
    ctx: GqlContext,
  ) {
    const s = open(ctx, a.id, 'orderEditAddVariant');
    if (!('number' in s)) return failed(s);
    const variant = idOf(a.variantId);
    const item = Number.isFinite(variant)
      ? variantItem(Object.values(ctx.shop.orders), variant, a.quantity)
      : undefined;
    if (!item) return failed(error(['variantId'], 'The variant does not exist.'));
    const onOrder = ctx.sb.orders.get(ctx.shop, s.orderId).line_items.some((l) => l.variant_id === variant);
    if (onOrder && a.allowDuplicates !== true)
      return failed(error(['variantId'], 'The variant is already on the order; allow duplicates to add it again.'));
    if (!Number.isInteger(a.quantity) || a.quantity < 1)
      return failed(error(['quantity'], 'Quantity must be greater than 0.'));
    s.req.addItems.push(item);
    const n = s.req.addItems.length;
    return payload(ctx, s, {
      calculatedLineItem: { id: addedGid(s, n), quantity: a.quantity, title: item.title, editableQuantity: a.quantity },
    });
  },

  orderEditAddCustomItem(
    a: { id: string; title: string; price: { amount: string }; quantity: number; taxable?: boolean | null },
    ctx: GqlContext,
  ) {
    const s = open(ctx, a.id, 'orderEditAddCustomItem');
    if (!('number' in s)) return failed(s);
    if (!Number.isInteger(a.quantity) || a.quantity < 1)
      return failed(error(['quantity'], 'Quantity must be greater than 0.'));
    const order = ctx.sb.orders.get(ctx.shop, s.orderId);
    const taxRate = a.taxable === false ? 0 : rateOf(order.line_items);
    s.req.addItems.push({ title: a.title, price: Number(a.price.amount), quantity: a.quantity, taxRate });
    const n = s.req.addItems.length;
    return payload(ctx, s, {
      calculatedLineItem: { id: addedGid(s, n), quantity: a.quantity, title: a.title, editableQuantity: a.quantity },
    });
  },

  /** Like Shopify: only an item added in this edit can be discounted, once, by a fixed amount or a percentage. */
  orderEditAddLineItemDiscount(
    a: {
      id: string;
      lineItemId: string;
      discount: { description?: string | null; fixedValue?: { amount: string } | null; percentValue?: number | null };
    },
    ctx: GqlContext,
  ) {
    const s = open(ctx, a.id, 'orderEditAddLineItemDiscount');
    if (!('number' in s)) return failed(s);
    const item = s.req.addItems[addedIndex(s, a.lineItemId)];
    if (!item) return failed(error(['lineItemId'], 'Only line items added in this edit can be discounted.'));
    if (item.discount) return failed(error(['lineItemId'], 'The line item already has a discount.'));
    const fixed = a.discount.fixedValue ? Number(a.discount.fixedValue.amount) : undefined;
    const percent = a.discount.percentValue ?? undefined;
    if ((fixed === undefined) === (percent === undefined))
      return failed(error(['discount'], 'Provide either a fixed value or a percent value.'));
    if (fixed !== undefined && !(fixed > 0 && fixed <= item.price))
      return failed(error(['discount', 'fixedValue'], 'The discount must be greater than 0 and not exceed the price.'));
    if (percent !== undefined && !(percent > 0 && percent <= 100))
      return failed(error(['discount', 'percentValue'], 'The percentage must be greater than 0 and at most 100.'));
    const description = a.discount.description ?? '';
    item.discount = { description, ...(fixed !== undefined ? { amount: fixed } : { percent }) };
    const order = ctx.sb.orders.get(ctx.shop, s.orderId);
    return payload(ctx, s, {
      addedDiscountStagedChange: {
        id: `gid://shopify/OrderStagedChangeAddLineItemDiscount/${s.number}-${addedIndex(s, a.lineItemId) + 1}`,
        description,
        value:
          fixed !== undefined
            ? { __typename: 'MoneyV2', amount: fixed.toFixed(2), currencyCode: order.currency }
            : { __typename: 'PricingPercentageValue', percentage: percent },
      },
      calculatedLineItem: {
        id: a.lineItemId,
        quantity: item.quantity,
        title: item.title,
        editableQuantity: item.quantity,
      },
    });
  },

  orderEditSetQuantity(a: { id: string; lineItemId: string; quantity: number }, ctx: GqlContext) {
    const s = open(ctx, a.id, 'orderEditSetQuantity');
    if (!('number' in s)) return failed(s);
    const order = ctx.sb.orders.get(ctx.shop, s.orderId);
    const li = order.line_items.find((l) => l.id === idOf(a.lineItemId));
    if (!li) return failed(error(['lineItemId'], 'The line item does not exist.'));
    if (a.quantity > li.current_quantity)
      return failed(error(['quantity'], `Only ${li.current_quantity} can be kept; add the item again for more.`));
    s.req.setQuantities = [
      ...s.req.setQuantities.filter((q) => q.lineItemId !== li.id),
      { lineItemId: li.id, quantity: a.quantity },
    ];
    return payload(ctx, s, {
      calculatedLineItem: {
        id: `gid://shopify/CalculatedLineItem/${li.id}`,
        quantity: a.quantity,
        title: li.title,
        editableQuantity: a.quantity,
      },
    });
  },

  orderEditAddShippingLine(
    a: { id: string; shippingLine: { title: string; price: { amount: string } } },
    ctx: GqlContext,
  ) {
    const s = open(ctx, a.id, 'orderEditAddShippingLine');
    if (!('number' in s)) return failed(s);
    const order = ctx.sb.orders.get(ctx.shop, s.orderId);
    const price = Number(a.shippingLine.price.amount);
    s.req.addShipping.push({
      title: a.shippingLine.title,
      price,
      taxRate: rateOf(order.shipping_lines) || rateOf(order.line_items),
    });
    return payload(ctx, s, {
      calculatedShippingLine: {
        id: null,
        title: a.shippingLine.title,
        price: moneyBag(moneySet(Math.round(price * 100), order.currency)),
        stagedStatus: 'ADDED',
      },
    });
  },

  orderEditRemoveShippingLine(a: { id: string; shippingLineId: string }, ctx: GqlContext) {
    const s = open(ctx, a.id, 'orderEditRemoveShippingLine');
    if (!('number' in s)) return failed(s);
    const order = ctx.sb.orders.get(ctx.shop, s.orderId);
    const line = order.shipping_lines.find((l) => l.id === idOf(a.shippingLineId) && !l.is_removed);
    if (!line) return failed(error(['shippingLineId'], 'The shipping line does not exist.'));
    s.req.removeShipping.push(line.id);
    return payload(ctx, s);
  },

  orderEditCommit(a: { id: string; staffNote?: string | null }, ctx: GqlContext) {
    const s = open(ctx, a.id, 'orderEditCommit');
    if (!('number' in s)) return { order: null, successMessages: null, userErrors: [s] };
    try {
      const { order } = ctx.sb.orders.edit(ctx.shop, s.orderId, {
        ...s.req,
        ...(a.staffNote ? { staffNote: a.staffNote } : {}),
      });
      s.committed = true;
      return {
        order: orderNode(ctx.shop, order, ctx.sb.state.knobs.shopify.publishedNulls),
        successMessages: ['Order updated'],
        userErrors: [],
      };
    } catch (err) {
      if (!(err instanceof OrderStateError)) throw err;
      return { order: null, successMessages: null, userErrors: [error(['id'], err.message)] };
    }
  },
};
