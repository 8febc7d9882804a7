import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';

/**
 * Shopify's published schema lets an order's subtotal, tax and discount totals, a refund's creation time and
 * a refund line item's id be null. With the sandbox sending every one of them as null, an order still ends
 * right: its invoice and the credit note of its refund carry the correct amounts to the cent.
 */
let stack: Stack;
const shop = 'nullwerte.myshopify.com';
const m = () => merchant(stack, shop);

interface Voucher {
  id: string;
  voucherDate: string;
  relatedVouchers: { id: string; voucherType: string }[];
  totalPrice: { totalGrossAmount: number; totalTaxAmount: number; totalNetAmount: number };
  lineItems: { name: string; quantity: number }[];
}
interface Delivery {
  topic: string;
  triggeredAt: string;
  payload: Record<string, unknown>;
}
interface Order {
  id: number;
  total_price: string;
  total_tax: string;
  line_items: { id: number; title: string; quantity: number; price: string; tax_lines: { price: string }[] }[];
  shipping_lines: { price: string; tax_lines: { price: string }[] }[];
  refunds: {
    refund_line_items: { subtotal: number; total_tax: number }[];
    order_adjustments: { amount: string; tax_amount: string }[];
    transactions: { amount: string }[];
  }[];
}

const control = () => stack.sandbox.urls.control;
const vouchers = async (kind: 'invoices' | 'credit-notes') =>
  (await (await fetch(`${control()}/control/lexware/${kind}`)).json()) as Voucher[];
const deliveries = async (orderId: number) =>
  (await (await fetch(`${control()}/control/shops/${shop}/orders/${orderId}/webhooks`)).json()) as Delivery[];
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const euros = (c: number) => c / 100;
const berlinDay = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await m().json(`${control()}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      shopify: { publishedNulls: ['orderTotals', 'refundCreatedAt', 'refundLineItemIds'] },
    }),
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('an order whose totals, refund time and refund line ids Shopify sends as null', () => {
  let order: Order;
  let invoice: Voucher;

  it('invoices the order with the tax worked out from its lines', async () => {
    ({ order } = (await m().createOrder({ scenario: 'de_b2c' })) as unknown as { order: Order });
    await m().payOrder(order.id);
    invoice = await eventually(async () => (await vouchers('invoices'))[0], 60_000);

    const sent = (await deliveries(order.id)).find((d) => d.topic === 'orders/paid');
    expect(sent?.payload).toMatchObject({ total_tax: null, subtotal_price: null, total_discounts: null });
    expect(cents(invoice.totalPrice.totalGrossAmount)).toBe(cents(order.total_price));
    expect(cents(invoice.totalPrice.totalTaxAmount)).toBe(cents(order.total_tax));
    expect(cents(order.total_tax)).toBeGreaterThan(0);
  }, 90_000);

  it('credits the refund of one item and the shipping, dated when Shopify sent it', async () => {
    const item = order.line_items[0]!;
    const { order: refunded } = await m().json<{ order: Order }>(
      `${control()}/control/shops/${shop}/orders/${order.id}/refund`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'items', lineItems: [{ lineItemId: item.id, quantity: 1 }], shipping: true }),
      },
    );
    const credit = await eventually(async () => (await vouchers('credit-notes'))[0], 60_000);

    const sent = (await deliveries(order.id)).find((d) => d.topic === 'refunds/create')!;
    expect(sent.payload).toMatchObject({
      created_at: null,
      refund_line_items: [expect.objectContaining({ id: null })],
    });
    const refund = refunded.refunds[0]!;
    const money = cents(refund.transactions[0]!.amount);
    const tax =
      cents(refund.refund_line_items[0]!.total_tax) -
      refund.order_adjustments.reduce((a, x) => a + cents(x.tax_amount), 0);
    expect(money).toBeGreaterThan(0);
    expect(credit.relatedVouchers).toEqual([expect.objectContaining({ id: invoice.id, voucherType: 'invoice' })]);
    expect(credit.lineItems.map((l) => [l.name, l.quantity])).toContainEqual([item.title, 1]);
    expect(cents(credit.totalPrice.totalGrossAmount)).toBe(money);
    expect(cents(credit.totalPrice.totalTaxAmount)).toBe(tax);
    expect(euros(tax)).toBeGreaterThan(0);
    expect(berlinDay(credit.voucherDate)).toBe(berlinDay(sent.triggeredAt));
  }, 90_000);
});
