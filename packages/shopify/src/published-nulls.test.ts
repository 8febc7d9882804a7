import { describe, expect, it } from 'vitest';
import { orderTaxCents, ShopifyRefundSchema } from '@belegfluss/shared';
import { toRestOrder } from './orders';
import { toRestRefund } from './refunds';

/** Admin GraphQL answers in which Shopify's published schema allows null, read into the webhook shape. */
const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'EUR' } });
const taxLine = (amount: string) => ({ title: 'DE MwSt', rate: 0.19, priceSet: money(amount) });

const lineItem = {
  id: 'gid://shopify/LineItem/11',
  name: 'Tasse',
  title: 'Tasse',
  sku: null,
  variantTitle: null,
  vendor: null,
  quantity: 2,
  originalUnitPriceSet: money('11.90'),
  totalDiscountSet: money('0.00'),
  taxLines: [taxLine('3.80')],
};
const order = {
  id: 'gid://shopify/Order/7',
  legacyResourceId: '7',
  name: '#1007',
  email: null,
  phone: null,
  note: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  cancelledAt: null,
  currencyCode: 'EUR',
  taxesIncluded: true,
  displayFinancialStatus: 'PAID',
  displayFulfillmentStatus: 'UNFULFILLED',
  sourceName: 'web',
  tags: [],
  paymentGatewayNames: ['paypal'],
  discountCodes: [],
  customAttributes: [],
  totalPriceSet: money('28.70'),
  subtotalPriceSet: null,
  totalTaxSet: null,
  totalDiscountsSet: null,
  customer: null,
  billingAddress: null,
  shippingAddress: null,
  lineItems: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [lineItem] },
  shippingLines: {
    nodes: [
      {
        id: null,
        title: 'DHL',
        code: null,
        originalPriceSet: money('4.90'),
        discountedPriceSet: money('4.90'),
        taxLines: [taxLine('0.78')],
      },
    ],
  },
};

describe('reading what Shopify may send as null', () => {
  it('an order without subtotal, tax and discount totals: no totals, and its tax comes from its lines', () => {
    const rest = toRestOrder(order, [lineItem]);
    expect(rest).toMatchObject({ subtotal_price: null, total_tax: null, total_discounts: null });
    expect(orderTaxCents(rest)).toBe(458);
  });

  it('a refund without createdAt and with line items without id: dated when read, lines known by their order line', () => {
    const refund = toRestRefund(
      {
        id: 'gid://shopify/Refund/9',
        legacyResourceId: '9',
        createdAt: null,
        note: null,
        return: null,
        refundLineItems: {
          nodes: [
            {
              id: null,
              quantity: 1,
              restockType: 'RETURN',
              lineItem: { id: lineItem.id, title: 'Tasse' },
              subtotalSet: money('11.90'),
              totalTaxSet: money('1.90'),
            },
          ],
        },
        refundShippingLines: { nodes: [] },
        orderAdjustments: { nodes: [] },
        transactions: { nodes: [] },
      },
      7,
      '2026-11-27T09:30:00.000Z',
    );
    expect(refund).toMatchObject({
      created_at: '2026-11-27T09:30:00.000Z',
      refund_line_items: [{ line_item_id: 11, quantity: 1, subtotal: '11.90' }],
    });
    expect(ShopifyRefundSchema.parse(refund).refund_line_items[0]).not.toHaveProperty('id');
  });
});
