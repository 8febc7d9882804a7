import type { ShopState } from '../../state.js';
import type { Address, Customer, LineItem, MoneySet, ShopifyOrder, TaxLine } from '../orders/types.js';
import { purchasingEntity } from './companies.js';
import { connection, type ConnectionArgs } from './connection.js';
import { metafieldFields } from './metafield-fields.js';
import { lineItemProducts } from './products.js';
import { refundNode } from './refunds.js';
import type { PublishedNull } from '../webhook-payload.js';

type Json = Record<string, unknown>;

/** A MoneySet of the REST order as GraphQL's MoneyBag. */
export const moneyBag = (s: MoneySet | undefined, currency = 'EUR') => bag(s, currency);

const bag = (s: MoneySet | undefined, currency = 'EUR') => {
  const m = s ?? {
    shop_money: { amount: '0.00', currency_code: currency },
    presentment_money: { amount: '0.00', currency_code: currency },
  };
  return {
    shopMoney: { amount: m.shop_money.amount, currencyCode: m.shop_money.currency_code },
    presentmentMoney: { amount: m.presentment_money.amount, currencyCode: m.presentment_money.currency_code },
  };
};
const money = (cents: number, currency: string) =>
  bag({
    shop_money: { amount: (cents / 100).toFixed(2), currency_code: currency },
    presentment_money: { amount: (cents / 100).toFixed(2), currency_code: currency },
  });
const cents = (s: string) => Math.round(Number(s) * 100);

const taxLine = (t: TaxLine) => ({
  title: t.title,
  rate: t.rate,
  ratePercentage: Math.round(t.rate * 10000) / 100,
  priceSet: bag(t.price_set),
  channelLiable: t.channel_liable,
});

function address(a: Address | null): Json | null {
  if (!a) return null;
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    name: a.name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    zip: a.zip,
    province: a.province,
    country: a.country,
    countryCodeV2: a.country_code,
    phone: a.phone,
  };
}

function lineItem(l: LineItem, currency: string): Json {
  const discount = l.discount_allocations.reduce((a, d) => a + cents(d.amount), 0);
  const unitAfter = Math.round((cents(l.price) * l.quantity - discount) / l.quantity);
  return {
    id: l.admin_graphql_api_id,
    name: l.name,
    title: l.title,
    sku: l.sku,
    variantTitle: l.variant_title,
    vendor: l.vendor,
    quantity: l.quantity,
    currentQuantity: l.current_quantity,
    taxable: l.taxable,
    requiresShipping: l.requires_shipping,
    originalUnitPriceSet: bag(l.price_set),
    discountedUnitPriceSet: money(unitAfter, currency),
    originalTotalSet: money(cents(l.price) * l.quantity, currency),
    totalDiscountSet: money(discount, currency),
    taxLines: l.tax_lines.map(taxLine),
    discountAllocations: l.discount_allocations.map((d) => ({ allocatedAmountSet: bag(d.amount_set) })),
    customAttributes: l.properties.map((p) => ({ key: p.name, value: p.value })),
  };
}

export function customerNode(shop: ShopState, c: Customer): Json {
  return {
    id: c.admin_graphql_api_id,
    legacyResourceId: String(c.id),
    firstName: c.first_name,
    lastName: c.last_name,
    displayName: `${c.first_name} ${c.last_name}`.trim(),
    email: c.email,
    defaultEmailAddress: c.email ? { emailAddress: c.email, validFormat: /^[^@\s]+@[^@\s]+$/.test(c.email) } : null,
    phone: c.phone,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    taxExempt: c.tax_exempt,
    tags: c.tags ? c.tags.split(', ') : [],
    note: c.note,
    defaultAddress: address(c.default_address),
    ...metafieldFields(shop, c.admin_graphql_api_id),
  };
}

/** `nulls`: the fields to show as null, as Shopify's schema allows (the publishedNulls knob). */
export function orderNode(shop: ShopState, o: ShopifyOrder, nulls: readonly PublishedNull[] = []): Json {
  const totals = !nulls.includes('orderTotals');
  const c = o.currency;
  const refunded = o._transactions.filter((t) => t.kind === 'refund').reduce((a, t) => a + cents(t.amount), 0);
  const status = o.financial_status.toUpperCase();
  return {
    id: o.admin_graphql_api_id,
    legacyResourceId: String(o.id),
    name: o.name,
    email: o.email,
    phone: o.phone ?? null,
    note: o.note,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    processedAt: o.processed_at,
    cancelledAt: o.cancelled_at,
    cancelReason: o.cancel_reason?.toUpperCase() ?? null,
    closed: o.closed_at !== null,
    test: true,
    confirmed: true,
    currencyCode: c,
    presentmentCurrencyCode: c,
    taxesIncluded: o.taxes_included,
    taxExempt: o.tax_exempt,
    displayFinancialStatus: status,
    // REST says `partial` where GraphQL's enum has PARTIALLY_FULFILLED.
    displayFulfillmentStatus:
      o.fulfillment_status === 'partial'
        ? 'PARTIALLY_FULFILLED'
        : (o.fulfillment_status ?? 'unfulfilled').toUpperCase(),
    sourceName: o.source_name,
    tags: o.tags ? o.tags.split(', ') : [],
    paymentGatewayNames: o.payment_gateway_names,
    canMarkAsPaid: cents(o.total_outstanding) > 0 && !o.cancelled_at,
    fullyPaid: cents(o.total_outstanding) === 0,
    unpaid: status === 'PENDING',
    customAttributes: o.note_attributes.map((a) => ({ key: a.name, value: a.value })),
    discountCodes: o.discount_codes.map((d) => d.code),
    totalPriceSet: bag(o.total_price_set as MoneySet),
    subtotalPriceSet: totals ? bag(o.subtotal_price_set as MoneySet) : null,
    totalTaxSet: totals ? bag(o.total_tax_set as MoneySet) : null,
    totalDiscountsSet: totals ? bag(o.total_discounts_set as MoneySet) : null,
    totalShippingPriceSet: bag(o.total_shipping_price_set as MoneySet),
    totalOutstandingSet: money(cents(o.total_outstanding), c),
    totalRefundedSet: money(refunded, c),
    totalTipReceivedSet: money(cents(o.total_tip_received), c),
    currentTotalPriceSet: bag(o.current_total_price_set as MoneySet),
    customer: o.customer ? customerNode(shop, o.customer) : null,
    billingAddress: address(o.billing_address),
    shippingAddress: address(o.shipping_address),
    purchasingEntity: () => purchasingEntity(shop, o, o.customer ? customerNode(shop, o.customer) : null),
    taxLines: o.tax_lines.map(taxLine),
    lineItems: (args: ConnectionArgs) =>
      connection(
        o.line_items.map((l) => ({ ...lineItem(l, c), ...lineItemProducts(shop, l) })),
        args,
      ),
    shippingLines: (args: ConnectionArgs) =>
      connection(
        // Like Shopify without `includeRemovals`: lines an order edit removed are left out.
        o.shipping_lines
          .filter((s) => !s.is_removed)
          .map((s) => ({
            id: `gid://shopify/ShippingLine/${s.id}`,
            title: s.title,
            code: s.code,
            originalPriceSet: bag(s.price_set),
            discountedPriceSet: bag(s.discounted_price_set),
            taxLines: s.tax_lines.map(taxLine),
          })),
        args,
      ),
    transactions: () =>
      o._transactions.map((t) => ({
        id: t.admin_graphql_api_id,
        kind: t.kind.toUpperCase(),
        status: t.status.toUpperCase(),
        gateway: t.gateway,
        amountSet: money(cents(t.amount), c),
        processedAt: t.processed_at,
        createdAt: t.created_at,
        fees: transactionFees(t),
      })),
    refunds: () =>
      o.refunds.map((r) => refundNode(o, r, (l) => ({ ...lineItem(l, c), ...lineItemProducts(shop, l) }), nulls)),
    ...metafieldFields(shop, o.admin_graphql_api_id),
  };
}

/** Shopify reports fees for Shopify Payments only; the sandbox charges 1.5 % + 0.25 € on sales and captures, tax-free. */
function transactionFees(t: ShopifyOrder['_transactions'][number]): Json[] {
  if (t.gateway !== 'shopify_payments' || !['sale', 'capture'].includes(t.kind) || t.status !== 'success') return [];
  const flat = 25;
  const fee = Math.round(cents(t.amount) * 0.015) + flat;
  const m = (v: number) => ({ amount: (v / 100).toFixed(2), currencyCode: t.currency });
  return [
    {
      id: `gid://shopify/TransactionFee/${t.id}`,
      amount: m(fee),
      flatFee: m(flat),
      flatFeeName: null,
      rate: '0.015',
      rateName: 'Kartenzahlung',
      taxAmount: m(0),
      type: 'payment',
    },
  ];
}

export function shopNode(shop: ShopState, shopGid: string): Json {
  const plus = shop.plan === 'shopify_plus';
  return {
    id: shopGid,
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.domain,
    url: `https://${shop.domain}`,
    currencyCode: shop.currency,
    ianaTimezone: 'Europe/Berlin',
    createdAt: shop.createdAt,
    orderNumberFormatPrefix: shop.orderPrefix ?? '#',
    orderNumberFormatSuffix: shop.orderSuffix ?? '',
    plan: {
      displayName: plus ? 'Shopify Plus' : shop.plan,
      partnerDevelopment: shop.plan === 'partner_test',
      shopifyPlus: plus,
      publicDisplayName: plus ? 'Plus' : shop.plan,
    },
    billingAddress: {
      country: 'Germany',
      countryCodeV2: 'DE',
      city: 'Berlin',
      zip: '10115',
      address1: 'Sandbox-Straße 1',
    },
    ...metafieldFields(shop, shopGid),
  };
}
