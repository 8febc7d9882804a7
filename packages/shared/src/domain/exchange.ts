import { z } from 'zod';
import { ShopifyLineItemSchema, type ShopifyOrder } from '../shopify-order';
import { lazySchema, type LazyOutput } from '../lazy-schema';
import { cents, sumOf } from './money';
import type { ShopifyRefund } from './refund-types';

/**
 * A processed Shopify return (the returns/process webhook): the return line items that came back, each naming
 * the order line it came from, and for an exchange the exchange line items, each with the order line it became.
 * `processed_at` is when Shopify told us (the webhook's triggered-at): the exchange's documents are dated by it.
 * Built on first use: most order workflows never see a return.
 */
export const ShopifyReturnSchema = lazySchema(() =>
  z
    .object({
      id: z.number(),
      order_id: z.number(),
      name: z.string().nullish(),
      processed_at: z.string(),
      return_line_items: z
        .array(
          z
            .object({
              id: z.number(),
              quantity: z.number(),
              processed_quantity: z.number().optional(),
              fulfillment_line_item: z.object({ line_item: z.object({ id: z.number() }).passthrough() }).passthrough(),
            })
            .passthrough(),
        )
        .default([]),
      exchange_line_items: z
        .array(
          z
            .object({
              id: z.number(),
              quantity: z.number(),
              line_item: ShopifyLineItemSchema.nullish(),
            })
            .passthrough(),
        )
        .default([]),
    })
    .passthrough(),
);

export type ShopifyReturn = LazyOutput<typeof ShopifyReturnSchema>;

/**
 * The intents of an exchange's two documents, one each per return: `exchange-credit:{return}` for what came back,
 * `exchange-invoice:{return}` for what went out. The workflow makes them and the completeness audit knows them by it.
 */
export const EXCHANGE_CREDIT_INTENT = 'exchange-credit:';
export const EXCHANGE_INVOICE_INTENT = 'exchange-invoice:';
export const exchangeIntentKey = (kind: 'credit' | 'invoice', returnId: number | string) =>
  `${kind === 'credit' ? EXCHANGE_CREDIT_INTENT : EXCHANGE_INVOICE_INTENT}${returnId}`;

/** An exchange sends new items out in place of returned ones; a return without any is a plain return. */
export const isExchange = (r: Pick<ShopifyReturn, 'exchange_line_items'>): boolean => r.exchange_line_items.length > 0;

/** The refund a returns refund names its return by (Shopify's `return` on the refund), if any. */
export function refundReturnId(refund: ShopifyRefund): number | null {
  const ret = (refund as { return?: { id?: unknown } | null }).return;
  return ret && typeof ret.id === 'number' ? ret.id : null;
}

type Line = ShopifyOrder['line_items'][number];

/** A share of an order line as it was invoiced: its price less its discount, and its tax, in cents. */
function invoicedShare(li: Line, quantity: number): { subtotal: number; tax: number } {
  const share = quantity / li.quantity;
  const discount = sumOf(li.discount_allocations.map((d) => cents(d.amount)));
  return {
    subtotal: Math.round((cents(li.price) * li.quantity - discount) * share),
    tax: Math.round(sumOf(li.tax_lines.map((t) => cents(t.price))) * share),
  };
}

/**
 * What came back, shaped as a refund of those items at the price they were invoiced at, so the credit note is
 * built by the same rules as every other (positions by tax rate, texts, regime). No money is in it: what moved
 * is the exchange's difference, not this.
 */
export function returnedItemsRefund(order: ShopifyOrder, ret: ShopifyReturn): ShopifyRefund {
  return {
    id: ret.id,
    order_id: order.id,
    created_at: ret.processed_at,
    processed_at: ret.processed_at,
    note: ret.name ?? null,
    refund_line_items: ret.return_line_items.flatMap((r) => {
      const li = order.line_items.find((l) => l.id === r.fulfillment_line_item.line_item.id);
      if (!li) return [];
      const { subtotal, tax } = invoicedShare(li, r.quantity);
      return [
        {
          line_item_id: li.id,
          quantity: r.quantity,
          subtotal: (subtotal / 100).toFixed(2),
          total_tax: (tax / 100).toFixed(2),
          line_item: li,
        },
      ];
    }),
    order_adjustments: [],
    transactions: [],
  };
}

/** The order lines the exchange sent out (each exchange line item's order line, once processed). */
export function exchangeLines(ret: ShopifyReturn): Line[] {
  return ret.exchange_line_items.flatMap((x) => (x.line_item ? [x.line_item as Line] : []));
}

/** Gross cents of order lines as the shop charges them (tax added where prices exclude it). */
export function linesGrossCents(order: Pick<ShopifyOrder, 'taxes_included'>, lines: readonly Line[]): number {
  return sumOf(
    lines.map((li) => {
      const { subtotal, tax } = invoicedShare(li, li.quantity);
      return order.taxes_included ? subtotal : subtotal + tax;
    }),
  );
}

/**
 * The order as far as the exchange sends out: its customer, addresses and settings, only the exchange's lines,
 * no shipping, no refunds, its totals those of these lines and dated at the exchange, so the invoice that goes
 * out for them is built by the same rules as the order's own invoice.
 */
export function exchangeOrder(order: ShopifyOrder, ret: ShopifyReturn): ShopifyOrder {
  const lines = exchangeLines(ret);
  const gross = linesGrossCents(order, lines);
  const tax = sumOf(lines.map((li) => invoicedShare(li, li.quantity).tax));
  const amount = (c: number) => (c / 100).toFixed(2);
  return {
    ...order,
    created_at: ret.processed_at,
    processed_at: ret.processed_at,
    line_items: lines,
    shipping_lines: [],
    refunds: [],
    discount_codes: [],
    discount_applications: [],
    total_price: amount(gross),
    subtotal_price: amount(order.taxes_included ? gross : gross - tax),
    total_tax: amount(tax),
    total_discounts: '0.00',
  };
}

/** The exchange's two amounts, gross cents: what came back (the credit note) and what went out (the invoice). */
export function exchangeAmounts(
  order: ShopifyOrder,
  ret: ShopifyReturn,
): { creditCents: number; invoiceCents: number } {
  const creditCents = sumOf(
    ret.return_line_items.map((r) => {
      const li = order.line_items.find((l) => l.id === r.fulfillment_line_item.line_item.id);
      if (!li) return 0;
      const { subtotal, tax } = invoicedShare(li, r.quantity);
      return order.taxes_included ? subtotal : subtotal + tax;
    }),
  );
  return { creditCents, invoiceCents: linesGrossCents(order, exchangeLines(ret)) };
}

/** What the order's workflow keeps of a processed exchange (see absorbReturn). */
export interface ExchangeRecord {
  returnId: number;
  exchange: boolean;
  returned?: { lineItemId: number; quantity: number }[];
  exchangeLineIds?: number[];
}

/**
 * The order as if its exchanges had not happened: an exchange has documents of its own (its credit note and
 * invoice), so the correction of edits must not see its lines as an edit. Only a snapshot taken after the exchange
 * (its lines present) is changed back: the exchange's lines leave, and each returned line gets back what the
 * exchange took and no refund of it already gives back (refunded quantities count as still covered).
 */
export function withoutExchanges(order: ShopifyOrder, records: readonly ExchangeRecord[] = []): ShopifyOrder {
  const done = records.filter(
    (r) => r.exchange && (r.exchangeLineIds ?? []).some((id) => order.line_items.some((l) => l.id === id)),
  );
  if (done.length === 0) return order;
  const out = new Set(done.flatMap((r) => r.exchangeLineIds ?? []));
  const refundedBy = (returnId: number, lineItemId: number) =>
    sumOf(
      (order.refunds as ShopifyRefund[])
        .filter((r) => refundReturnId(r) === returnId)
        .flatMap((r) => r.refund_line_items ?? [])
        .filter((l) => l.line_item_id === lineItemId)
        .map((l) => l.quantity),
    );
  const back = new Map<number, number>();
  for (const r of done)
    for (const l of r.returned ?? [])
      back.set(l.lineItemId, (back.get(l.lineItemId) ?? 0) + l.quantity - refundedBy(r.returnId, l.lineItemId));
  return {
    ...order,
    line_items: order.line_items
      .filter((l) => !out.has(l.id))
      .map((l) => {
        const add = back.get(l.id) ?? 0;
        const current = (l as { current_quantity?: unknown }).current_quantity;
        if (add <= 0 || typeof current !== 'number') return l;
        return { ...l, current_quantity: Math.min(l.quantity, current + add) };
      }),
  };
}
