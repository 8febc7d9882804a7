import { fmt, moneySet } from '../../money.js';
import type { ShopState } from '../../state.js';
import { shopifyTime } from '../../time.js';
import { buildLineItem, buildShippingLine, sumTaxLines, type IdSource } from './build-lines.js';
import { buildAddress, findOrCreateCustomer } from './people.js';
import type { Scenario } from './scenarios.js';
import type { ShopifyOrder, Transaction } from './types.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const cents = (s: string) => Math.round(Number(s) * 100);

export function transaction(
  order: Pick<ShopifyOrder, 'id' | 'currency'>,
  kind: Transaction['kind'],
  amountCents: number,
  gateway: string,
  nextId: IdSource,
  at: string,
  parentId: number | null = null,
): Transaction {
  const id = nextId();
  return {
    id,
    admin_graphql_api_id: `gid://shopify/OrderTransaction/${id}`,
    kind,
    status: 'success',
    gateway,
    amount: fmt(amountCents),
    currency: order.currency,
    created_at: at,
    processed_at: at,
    parent_id: parentId,
    order_id: order.id,
    test: true,
  };
}

/** Builds a complete order in Shopify's REST/webhook shape from a scenario. */
export function buildOrder(shop: ShopState, s: Scenario, nextId: IdSource, createdAt: Date): ShopifyOrder {
  const currency = shop.currency;
  const id = nextId();
  const number = shop.nextOrderNumber++;
  const at = shopifyTime(createdAt);
  // A store is at least as old as its oldest order.
  if (createdAt.getTime() < Date.parse(shop.createdAt)) shop.createdAt = createdAt.toISOString();
  const lineItems = s.items.map((item) => buildLineItem(item, s, currency, nextId));
  const shippingLine = buildShippingLine(s, currency, nextId);
  const shippingLines = shippingLine ? [shippingLine] : [];
  const customer = s.customer && !s.guest ? findOrCreateCustomer(shop, s.customer, nextId, createdAt) : null;
  const address = s.customer ? buildAddress(s.customer) : null;

  const lineTotal = sum(lineItems.map((l) => cents(l.price) * l.quantity));
  const discounts = sum(lineItems.flatMap((l) => l.discount_allocations.map((d) => cents(d.amount))));
  const shipping = sum(shippingLines.map((l) => cents(l.price)));
  const taxLines = sumTaxLines(
    [...lineItems.map((l) => l.tax_lines), ...shippingLines.map((l) => l.tax_lines)],
    currency,
  );
  const tax = sum(taxLines.map((t) => cents(t.price)));
  const subtotal = lineTotal - discounts;
  const total = subtotal + shipping + (s.taxesIncluded ? 0 : tax);
  const tip = sum(s.items.filter((i) => i.isTip).map((i) => i.priceCents * i.quantity));
  const email = s.customer?.email ?? null;
  const pos = s.sourceName === 'pos';

  const order: ShopifyOrder = {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    app_id: s.sourceName === 'pos' ? 129785 : 580111,
    browser_ip: s.sourceName === 'pos' ? null : '203.0.113.24',
    buyer_accepts_marketing: false,
    confirmation_number: Math.random().toString(36).slice(2, 11).toUpperCase(),
    confirmed: true,
    name: `${shop.orderPrefix ?? '#'}${number}${shop.orderSuffix ?? ''}`,
    number: number - 1000,
    order_number: number,
    token: Math.random().toString(16).slice(2).padEnd(32, '0'),
    // POS sales have no online checkout. Which of the two a webhook carries depends on its API version.
    checkout_id: pos ? null : nextId(),
    checkout_token: pos ? null : Math.random().toString(16).slice(2).padEnd(32, '0'),
    email,
    contact_email: email,
    phone: null,
    created_at: at,
    updated_at: at,
    processed_at: at,
    cancelled_at: null,
    cancel_reason: null,
    closed_at: null,
    currency,
    presentment_currency: currency,
    customer_locale: s.customer?.countryCode === 'FR' ? 'fr' : 'de',
    financial_status: 'pending',
    fulfillment_status: null,
    gateway: s.gateway,
    payment_gateway_names: s.gateway ? [s.gateway] : [],
    source_name: s.sourceName,
    location_id: s.sourceName === 'pos' ? 7_000_000_001 : null,
    tags: s.tags.join(', '),
    note: s.note ?? null,
    note_attributes: s.noteAttributes ?? [],
    taxes_included: s.taxesIncluded,
    tax_exempt: Boolean(s.taxExempt),
    estimated_taxes: false,
    test: true,
    tax_lines: taxLines,
    total_line_items_price: fmt(lineTotal),
    total_line_items_price_set: moneySet(lineTotal, currency),
    total_discounts: fmt(discounts),
    total_discounts_set: moneySet(discounts, currency),
    subtotal_price: fmt(subtotal),
    subtotal_price_set: moneySet(subtotal, currency),
    total_shipping_price_set: moneySet(shipping, currency),
    total_tax: fmt(tax),
    total_tax_set: moneySet(tax, currency),
    total_price: fmt(total),
    total_price_set: moneySet(total, currency),
    current_subtotal_price: fmt(subtotal),
    current_total_discounts: fmt(discounts),
    current_total_tax: fmt(tax),
    current_total_price: fmt(total),
    current_total_price_set: moneySet(total, currency),
    total_outstanding: fmt(total),
    total_tip_received: fmt(tip),
    total_weight: sum(lineItems.map((l) => l.grams * l.quantity)),
    discount_codes: s.discount ? [{ code: s.discount.code, amount: fmt(discounts), type: 'percentage' }] : [],
    discount_applications: s.discount
      ? [
          {
            type: 'discount_code',
            code: s.discount.code,
            value: s.discount.percent.toFixed(1),
            value_type: 'percentage',
            allocation_method: 'across',
            target_selection: 'all',
            target_type: 'line_item',
          },
        ]
      : [],
    line_items: lineItems,
    shipping_lines: shippingLines,
    customer,
    billing_address: address,
    shipping_address: s.sourceName === 'pos' ? null : address,
    company: s.b2bCompany ? { id: nextId(), location_id: nextId() } : null,
    refunds: [],
    fulfillments: [],
    payment_terms: null,
    order_status_url: `https://${shop.domain}/orders/${id}/authenticate`,
    ...unreadFields({ id, pos, currency, shipping, subtotal, discounts, tax }),
    returns: [],
    _transactions: [],
  };
  return order;
}

/** The rest of what Shopify's order webhooks carry; nothing in the app reads them. */
function unreadFields(o: {
  id: number;
  pos: boolean;
  currency: string;
  shipping: number;
  subtotal: number;
  discounts: number;
  tax: number;
}) {
  const { id, pos, currency, shipping, subtotal, discounts, tax } = o;
  return {
    cart_token: pos ? null : Math.random().toString(16).slice(2).padEnd(32, '0'),
    client_details: pos
      ? null
      : {
          accept_language: 'de-DE',
          browser_height: null,
          browser_ip: '203.0.113.24',
          browser_width: null,
          session_hash: null,
          user_agent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        },
    current_shipping_price_set: moneySet(shipping, currency),
    current_subtotal_price_set: moneySet(subtotal, currency),
    current_total_additional_fees_set: null,
    current_total_discounts_set: moneySet(discounts, currency),
    current_total_duties_set: null,
    current_total_tax_set: moneySet(tax, currency),
    device_id: null,
    duties_included: false,
    landing_site: null,
    landing_site_ref: null,
    merchant_business_entity_id: Buffer.from(String(60_000_000 + (id % 1_000_000))).toString('base64'),
    merchant_of_record_app_id: null,
    original_total_additional_fees_set: null,
    original_total_duties_set: null,
    po_number: null,
    reference: null,
    referring_site: null,
    source_identifier: null,
    source_url: null,
    total_cash_rounding_payment_adjustment_set: moneySet(0, currency),
    total_cash_rounding_refund_adjustment_set: moneySet(0, currency),
    user_id: pos ? 7_100_000_001 : null,
  };
}
