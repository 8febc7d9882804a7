import { describe, expect, it } from 'vitest';
import { orderSubtotalCents, orderTaxCents, ShopifyOrderSchema } from '../shopify-order';
import { sandboxOrder } from './fixtures/sandbox-orders';
import { buildCreditNote } from './credit-note';
import { ShopifyRefundSchema, receivedRefunds } from './refund-types';
import { templateVars } from './templates';

/** Shopify's published schema allows null in these fields; none of them may change an amount. */
describe('fields Shopify may send as null', () => {
  it('an order without total tax, subtotal and discounts parses, and its totals come from the lines', () => {
    const { json } = sandboxOrder('multi_rate');
    const withTotals = ShopifyOrderSchema.parse(json);
    const withoutTotals = ShopifyOrderSchema.parse({
      ...json,
      total_tax: null,
      subtotal_price: null,
      total_discounts: null,
    });
    expect(orderTaxCents(withTotals)).toBe(1258);
    expect(orderTaxCents(withoutTotals)).toBe(orderTaxCents(withTotals));
    expect(orderSubtotalCents(withoutTotals)).toBe(orderSubtotalCents(withTotals));
    expect(templateVars(withoutTotals)['ORDER.TAX']).toBe(templateVars(withTotals)['ORDER.TAX']);
    expect(templateVars(withoutTotals)['ORDER.SUBTOTAL']).toBe(templateVars(withTotals)['ORDER.SUBTOTAL']);
  });

  it('a refund without creation time takes the time Shopify sent it, in a refund body and in an order body', () => {
    const { json } = sandboxOrder('refund_partial');
    const refund = { ...(json.refunds as Record<string, unknown>[])[0], created_at: null, processed_at: null };
    const at = '2026-11-27T09:30:00.000Z';
    expect(ShopifyRefundSchema.safeParse(refund).success).toBe(false);
    const fromRefundTopic = ShopifyRefundSchema.parse(receivedRefunds('refunds/create', refund, at));
    const fromOrderTopic = receivedRefunds('orders/updated', { ...json, refunds: [refund] }, at);
    expect(fromRefundTopic.created_at).toBe(at);
    expect(ShopifyRefundSchema.parse((fromOrderTopic.refunds as unknown[])[0]).created_at).toBe(at);
    // A refund that has its time keeps it.
    const dated = (json.refunds as Record<string, unknown>[])[0]!;
    expect(receivedRefunds('refunds/create', dated, at)).toBe(dated);
  });

  it('a refund whose line items have no id credits the same lines and amounts, dated by the time it was sent', () => {
    const { order, refunds, json } = sandboxOrder('refund_partial');
    const raw = (json.refunds as Record<string, unknown>[])[0]!;
    const nulled = ShopifyRefundSchema.parse(
      receivedRefunds(
        'refunds/create',
        {
          ...raw,
          created_at: null,
          processed_at: null,
          refund_line_items: (raw.refund_line_items as Record<string, unknown>[]).map((l) => ({ ...l, id: null })),
        },
        '2026-11-27T09:30:00.000Z',
      ),
    );
    const expected = buildCreditNote(order, refunds[0]!);
    const built = buildCreditNote(order, nulled);
    expect(built.creditNote.lineItems).toEqual(expected.creditNote.lineItems);
    expect(built.rounding.totalCents).toBe(expected.rounding.totalCents);
    expect(built.creditNote.voucherDate).toBe('2026-11-27T10:30:00.000+01:00');
  });
});
