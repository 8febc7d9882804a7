import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../index.js';
import { fakeApp, json, post, startTestSandbox } from '../../test-support.js';
import { SCENARIO_NAMES } from './scenarios.js';

const SHOP = 'szenarien.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;

type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Shopify's order JSON, checked field by field
const create = async (body: Record<string, unknown>) =>
  await json<{ order: Order; deliveries: Array<{ topic: string }> }>(
    await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, body),
  );
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => {
  const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${id}/${action}`, body);
  return {
    status: res.status,
    ...(await json<{ order: Order; deliveries: Array<{ topic: string }>; error?: string }>(res)),
  };
};
const rates = (o: Order) =>
  [...new Set(o.line_items.flatMap((l: Order) => l.tax_lines.map((t: Order) => t.rate)))].sort();

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  await post(`${sb.urls.control}/control/shops`, { shop: SHOP, plan: 'shopify_plus' });
  // Order topics reach only shops the app is installed on (shopify.app.toml's subscriptions).
  await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, {});
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('the order generator covers every case the specs need, in Shopify webhook JSON', () => {
  it('has the named scenarios', () => {
    expect(SCENARIO_NAMES).toEqual([
      'de_b2c',
      'eu_b2b_vat',
      'eu_oss',
      'ch',
      'pos',
      'free',
      'tagged',
      'tip',
      'multi_rate',
      'refund_full',
      'refund_partial',
      'refund_amount',
    ]);
  });

  it('German B2C: gross prices, a discount code, DHL shipping, pending until paid', async () => {
    const { order: o, deliveries } = await create({ scenario: 'de_b2c' });
    expect(o).toMatchObject({
      taxes_included: true,
      currency: 'EUR',
      financial_status: 'pending',
      gateway: 'manual',
      source_name: 'web',
    });
    expect(o.discount_codes).toEqual([expect.objectContaining({ code: 'WILLKOMMEN10', type: 'percentage' })]);
    expect(Number(o.total_discounts)).toBeGreaterThan(0);
    expect(o.shipping_lines[0]).toMatchObject({ title: 'DHL Paket', price: '4.90' });
    expect(o.shipping_lines[0].tax_lines[0].rate).toBe(0.19);
    expect(o.billing_address.country_code).toBe('DE');
    expect(deliveries.map((d) => d.topic)).toEqual(['orders/create']);
  });

  it('EU B2B: the VAT ID in note, note attributes and the company; tax exempt, net prices', async () => {
    const { order: o } = await create({ scenario: 'eu_b2b_vat' });
    expect(o).toMatchObject({
      taxes_included: false,
      tax_exempt: true,
      note: 'USt-IdNr.: ATU12345678',
      total_tax: '0.00',
    });
    expect(o.note_attributes).toEqual([{ name: 'vat_id', value: 'ATU12345678' }]);
    expect(o.company).toEqual({ id: expect.any(Number), location_id: expect.any(Number) });
    expect(o.billing_address).toMatchObject({ company: 'Alpenhandel GmbH', country_code: 'AT' });
  });

  it('EU consumer (OSS): French rates 20 % and 5.5 %; Swiss customer without VAT', async () => {
    const oss = (await create({ scenario: 'eu_oss' })).order;
    expect(oss.shipping_address.country_code).toBe('FR');
    expect(rates(oss)).toEqual([0.055, 0.2]);
    const ch = (await create({ scenario: 'ch' })).order;
    expect(ch.shipping_address.country_code).toBe('CH');
    expect(ch.total_tax).toBe('0.00');
  });

  it('POS without customer, a free order, a tagged order, a tip and several tax rates', async () => {
    const pos = (await create({ scenario: 'pos' })).order;
    expect(pos).toMatchObject({ source_name: 'pos', customer: null, financial_status: 'paid' });
    const free = (await create({ scenario: 'free' })).order;
    expect(free.total_price).toBe('0.00');
    expect((await create({ scenario: 'tagged' })).order.tags).toBe('Großhandel, kein-beleg');
    const tip = (await create({ scenario: 'tip' })).order;
    expect(tip.total_tip_received).toBe('5.00');
    expect(tip.line_items.find((l: Order) => l.title === 'Trinkgeld')).toMatchObject({
      taxable: false,
      requires_shipping: false,
      tax_lines: [],
    });
    expect(rates((await create({ scenario: 'multi_rate' })).order)).toEqual([0.07, 0.19]);
  });

  it('refunds: full and partial with line items, and an amount without line items', async () => {
    const full = (await create({ scenario: 'refund_full' })).order;
    expect(full.financial_status).toBe('refunded');
    expect(full.refunds[0].refund_line_items.length).toBe(full.line_items.length);
    const partial = (await create({ scenario: 'refund_partial' })).order;
    expect(partial.financial_status).toBe('partially_refunded');
    expect(partial.refunds[0].refund_line_items).toHaveLength(1);
    expect(partial.refunds[0].refund_line_items[0]).toEqual(
      expect.objectContaining({
        line_item_id: expect.any(Number),
        quantity: 1,
        subtotal: expect.any(Number),
        total_tax: expect.any(Number),
      }),
    );
    const amount = (await create({ scenario: 'refund_amount' })).order;
    expect(amount.refunds[0].refund_line_items).toEqual([]);
    expect(amount.refunds[0].transactions[0]).toMatchObject({ kind: 'refund', amount: '10.00', status: 'success' });
  });
});

describe('the order lifecycle over the control API', () => {
  it('creates, pays, fulfils, refunds items and cancels, sending the matching topics', async () => {
    const { order } = await create({ scenario: 'de_b2c' });
    expect((await act(order.id, 'refund', { mode: 'full' })).status).toBe(422);
    const paid = await act(order.id, 'pay', { gateway: 'paypal' });
    expect(paid.order.financial_status).toBe('paid');
    expect(paid.deliveries.map((d) => d.topic)).toEqual(['orders/paid', 'orders/updated']);
    const fulfilled = await act(order.id, 'fulfil');
    expect(fulfilled.order.fulfillment_status).toBe('fulfilled');
    expect(fulfilled.deliveries.map((d) => d.topic)).toEqual(['orders/fulfilled', 'orders/updated']);
    const refunded = await act(order.id, 'refund', {
      mode: 'items',
      lineItems: [{ lineItemId: order.line_items[1].id, quantity: 1 }],
    });
    expect(refunded.order.financial_status).toBe('partially_refunded');
    expect(refunded.deliveries.map((d) => d.topic)).toEqual(['refunds/create', 'orders/updated']);

    const other = (await create({ scenario: 'de_b2c', paid: true })).order;
    const cancelled = await act(other.id, 'cancel', { reason: 'customer', refund: true });
    expect(cancelled.order.cancelled_at).toEqual(expect.any(String));
    expect(cancelled.order.financial_status).toBe('refunded');
    expect(cancelled.deliveries.map((d) => d.topic)).toEqual(
      expect.arrayContaining(['orders/cancelled', 'refunds/create', 'orders/updated']),
    );
  });

  it('backdates an order: it keeps its date and sends no webhooks', async () => {
    const { order, deliveries } = await create({ scenario: 'multi_rate', createdAt: '2025-03-01T10:00:00+01:00' });
    expect(order.created_at.slice(0, 10)).toBe('2025-03-01');
    expect(deliveries).toEqual([]);
  });

  it('refuses a bad request with a German message', async () => {
    const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders`, { scenario: 'unbekannt' });
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toMatch(/Ungültig/);
  });
});
