import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAppConfig, readAppConfig } from '@belegfluss/shopify';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, post, startTestSandbox } from '../test-support.js';
import { webhookPayload } from './webhook-payload.js';

/**
 * The top-level fields of the order and refund webhooks, per API version, as Shopify sends them. A field the
 * sandbox adds or drops, or a version pinned in shopify.app.toml without a list here, fails this test: each
 * change to a payload is checked against Shopify's changelog first.
 */
const ORDER_2025_10 = [
  'admin_graphql_api_id',
  'app_id',
  'billing_address',
  'browser_ip',
  'buyer_accepts_marketing',
  'cancel_reason',
  'cancelled_at',
  'cart_token',
  'checkout_id',
  'checkout_token',
  'client_details',
  'closed_at',
  'company',
  'confirmation_number',
  'confirmed',
  'contact_email',
  'created_at',
  'currency',
  'current_shipping_price_set',
  'current_subtotal_price',
  'current_subtotal_price_set',
  'current_total_additional_fees_set',
  'current_total_discounts',
  'current_total_discounts_set',
  'current_total_duties_set',
  'current_total_price',
  'current_total_price_set',
  'current_total_tax',
  'current_total_tax_set',
  'customer',
  'customer_locale',
  'device_id',
  'discount_applications',
  'discount_codes',
  'duties_included',
  'email',
  'estimated_taxes',
  'financial_status',
  'fulfillment_status',
  'fulfillments',
  'id',
  'landing_site',
  'landing_site_ref',
  'line_items',
  'location_id',
  'merchant_business_entity_id',
  'merchant_of_record_app_id',
  'name',
  'note',
  'note_attributes',
  'number',
  'order_number',
  'order_status_url',
  'original_total_additional_fees_set',
  'original_total_duties_set',
  'payment_gateway_names',
  'payment_terms',
  'phone',
  'po_number',
  'presentment_currency',
  'processed_at',
  'reference',
  'referring_site',
  'refunds',
  'returns',
  'shipping_address',
  'shipping_lines',
  'source_identifier',
  'source_name',
  'source_url',
  'subtotal_price',
  'subtotal_price_set',
  'tags',
  'tax_exempt',
  'tax_lines',
  'taxes_included',
  'test',
  'token',
  'total_cash_rounding_payment_adjustment_set',
  'total_cash_rounding_refund_adjustment_set',
  'total_discounts',
  'total_discounts_set',
  'total_line_items_price',
  'total_line_items_price_set',
  'total_outstanding',
  'total_price',
  'total_price_set',
  'total_shipping_price_set',
  'total_tax',
  'total_tax_set',
  'total_tip_received',
  'total_weight',
  'updated_at',
  'user_id',
];
/** From 2026-04 the order topics carry checkout_token only (Shopify's changelog, "Removed Checkout ID"). */
const ORDER_2026_04 = ORDER_2025_10.filter((f) => f !== 'checkout_id');
const REFUND = [
  'admin_graphql_api_id',
  'created_at',
  'duties',
  'id',
  'note',
  'order_adjustments',
  'order_id',
  'processed_at',
  'refund_line_items',
  'restock',
  // The return a refund belongs to (returnProcess), null otherwise: Shopify's sample refunds/create body has it.
  'return',
  'total_duties_set',
  'transactions',
  'user_id',
];
const FIELDS: Record<string, { order: string[]; refund: string[] }> = {
  '2025-10': { order: ORDER_2025_10, refund: REFUND },
  '2026-01': { order: ORDER_2025_10, refund: REFUND },
  '2026-04': { order: ORDER_2026_04, refund: REFUND },
  '2026-07': { order: ORDER_2026_04, refund: REFUND },
  '2026-10': { order: ORDER_2026_04, refund: REFUND },
};

const SHOP = 'nutzlast.myshopify.com';
const pinned = readAppConfig(findAppConfig()!).apiVersion;
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
let deliveries: Array<{ topic: string; apiVersion: string; payload: Record<string, unknown> }>;
let order: Record<string, unknown>;
let refund: Record<string, unknown>;

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  await post(`${sb.urls.control}/control/shops`, { shop: SHOP });
  await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, {});
  const created = await json<{ order: { id: number; line_items: { id: number }[] } }>(
    await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'de_b2c' }),
  );
  const id = created.order.id;
  await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${id}/pay`, {});
  const refunded = await json<{ order: Record<string, unknown> & { refunds: Record<string, unknown>[] } }>(
    await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${id}/refund`, {
      mode: 'items',
      lineItems: [{ lineItemId: created.order.line_items[0]!.id, quantity: 1 }],
      shipping: true,
    }),
  );
  order = refunded.order;
  refund = refunded.order.refunds[0]!;
  deliveries = await json(await fetch(`${sb.urls.control}/control/shops/${SHOP}/webhooks`));
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

const keys = (o: unknown) => Object.keys(o as object).sort();

describe('webhook bodies carry the fields of their API version', () => {
  it(`knows the fields of the version shopify.app.toml pins (${pinned})`, () => {
    expect(Object.keys(FIELDS)).toContain(pinned);
  });

  it('delivers the order topics and refunds/create with exactly the pinned version’s top-level fields', () => {
    const fields = FIELDS[pinned]!;
    const orders = deliveries.filter((d) => d.topic.startsWith('orders/'));
    const refunds = deliveries.filter((d) => d.topic === 'refunds/create');
    expect(orders.length).toBeGreaterThan(0);
    expect(refunds).toHaveLength(1);
    for (const d of [...orders, ...refunds]) expect(d.apiVersion).toBe(pinned);
    for (const d of orders) expect(keys(d.payload), d.topic).toEqual(fields.order);
    expect(keys(refunds[0]!.payload)).toEqual(fields.refund);
  });

  it.each(Object.keys(FIELDS))('shapes the bodies for %s', (version) => {
    const fields = FIELDS[version]!;
    const strip = (o: unknown) => JSON.parse(JSON.stringify(o, (k, v: unknown) => (k.startsWith('_') ? undefined : v)));
    expect(keys(strip(webhookPayload('orders/updated', order, version)))).toEqual(fields.order);
    expect(keys(strip(webhookPayload('refunds/create', refund, version)))).toEqual(fields.refund);
  });
});
