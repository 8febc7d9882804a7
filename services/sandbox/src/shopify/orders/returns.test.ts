import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../index.js';
import { fakeApp, json, post, startTestSandbox } from '../../test-support.js';

const SHOP = 'retouren.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;

type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Shopify's order JSON, checked field by field
type Answer = { order: Order; return: Order; deliveries: Array<{ topic: string }>; error?: string };
const orders = () => `${sb.urls.control}/control/shops/${SHOP}/orders`;
const call = async (url: string, body: Record<string, unknown> = {}) => {
  const res = await post(url, body);
  return { status: res.status, ...(await json<Answer>(res)) };
};

/** A paid and shipped order: a shirt at 40 € (19 %) and two mugs at 12.50 € (7 %), 10 % off, shipping on top. */
async function shipped(): Promise<Order> {
  const { order } = await call(orders(), {
    lineItems: [
      { title: 'Hemd M', price: 40, quantity: 1, taxRate: 0.19 },
      { title: 'Tasse', price: 12.5, quantity: 2, taxRate: 0.07 },
    ],
  });
  await call(`${orders()}/${order.id}/pay`);
  return (await call(`${orders()}/${order.id}/fulfil`)).order;
}

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  await post(`${sb.urls.control}/control/shops`, { shop: SHOP, plan: 'shopify_plus' });
  // Returns webhooks reach only an app granted read_returns.
  await post(`${sb.urls.control}/control/shops/${SHOP}/access-token`, { scopes: ['read_orders', 'read_returns'] });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe("Shopify's returns and exchanges", () => {
  it('an exchange for a dearer item leaves the difference outstanding and adds the item to the order', async () => {
    const order = await shipped();
    const shirt = order.line_items[0];
    const before = Number(order.current_total_price);
    const made = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: shirt.id, quantity: 1 }],
      exchangeLineItems: [{ title: 'Hemd L Premium', price: 55, quantity: 1, taxRate: 0.19 }],
      requested: true,
    });
    expect(made.status).toBe(201);
    expect(made.return.status).toBe('requested');
    expect(made.deliveries.map((d) => d.topic)).toEqual(['returns/request']);
    const approved = await call(`${orders()}/${order.id}/returns/${made.return.id}/approve`);
    expect(approved.return.status).toBe('open');
    const done = await call(`${orders()}/${order.id}/returns/${made.return.id}/process`);
    expect(done.status).toBe(200);
    expect(done.deliveries.map((d) => d.topic)).toEqual(['returns/process', 'orders/updated', 'returns/close']);
    // The shirt was sold at 36 € after the discount: that is what comes back.
    expect(done.order.total_outstanding).toBe('19.00');
    expect(done.order.financial_status).toBe('partially_paid');
    expect(Number(done.order.current_total_price)).toBeCloseTo(before + 19, 2);
    expect(done.order.line_items.map((l: Order) => [l.title, l.current_quantity])).toEqual([
      ['Hemd M', 0],
      ['Tasse', 2],
      ['Hemd L Premium', 1],
    ]);
    expect(done.return.status).toBe('closed');
    const paid = await call(`${orders()}/${order.id}/pay`);
    expect(paid.order.financial_status).toBe('paid');
    expect(paid.order.total_outstanding).toBe('0.00');
  });

  it('an exchange for a cheaper item refunds the difference with a refund naming its return', async () => {
    const order = await shipped();
    const made = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: order.line_items[0].id, quantity: 1 }],
      exchangeLineItems: [{ title: 'Hemd S Basic', price: 29.9, quantity: 1, taxRate: 0.19 }],
      process: true,
    });
    const refund = made.order.refunds.at(-1);
    expect(refund.return).toEqual({
      id: made.return.id,
      admin_graphql_api_id: `gid://shopify/Return/${made.return.id}`,
    });
    expect(refund.transactions.map((t: Order) => t.amount)).toEqual(['6.10']);
    expect(refund.refund_line_items.map((r: Order) => [r.line_item_id, r.quantity])).toEqual([
      [order.line_items[0].id, 1],
    ]);
    expect(made.order.financial_status).toBe('partially_refunded');
  });

  it('sends the returns webhooks in their documented shapes', async () => {
    const order = await shipped();
    const made = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: order.line_items[1].id, quantity: 1 }],
      exchangeLineItems: [{ title: 'Tasse blau', price: 12.5, quantity: 1, taxRate: 0.07 }],
      process: true,
    });
    await sb.settled();
    const bodies = (topic: string) =>
      app.received.filter((r) => r.headers['x-shopify-topic'] === topic).map((r) => JSON.parse(r.body) as Order);
    const approve = bodies('returns/approve').at(-1)!;
    expect(approve).toMatchObject({
      id: made.return.id,
      admin_graphql_api_id: `gid://shopify/Return/${made.return.id}`,
      status: 'open',
      order: { id: order.id, admin_graphql_api_id: order.admin_graphql_api_id },
      total_return_line_items: 1,
      total_exchange_line_items: 1,
    });
    // Before processing an exchange line item is no order line yet.
    expect(approve.exchange_line_items[0].line_item).toBeNull();
    expect(approve.exchange_line_items[0]._item).toBeUndefined();
    const processed = bodies('returns/process').at(-1)!;
    expect(processed).toMatchObject({ id: made.return.id, order_id: order.id });
    expect(processed.exchange_line_items[0].line_item).toMatchObject({ title: 'Tasse blau', price: '12.50' });
    expect(processed.return_line_items[0].fulfillment_line_item.line_item.id).toBe(order.line_items[1].id);
    expect(bodies('returns/close').at(-1)).toEqual({
      admin_graphql_api_id: `gid://shopify/Return/${made.return.id}`,
      id: made.return.id,
      order_id: order.id,
      status: 'closed',
    });
  });

  it('refuses what Shopify refuses', async () => {
    const { order } = await call(orders(), {});
    await call(`${orders()}/${order.id}/pay`);
    const item = order.line_items[0];
    const notShipped = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: item.id, quantity: 1 }],
    });
    expect(notShipped.status).toBe(422);
    await call(`${orders()}/${order.id}/fulfil`);
    const tooMany = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: item.id, quantity: item.quantity + 1 }],
    });
    expect(tooMany.status).toBe(422);
    const open = await call(`${orders()}/${order.id}/returns`, {
      returnLineItems: [{ lineItemId: item.id, quantity: 1 }],
    });
    // Approving an OPEN return, declining it, or taking the same item back twice is refused.
    expect((await call(`${orders()}/${order.id}/returns/${open.return.id}/approve`)).status).toBe(422);
    expect((await call(`${orders()}/${order.id}/returns/${open.return.id}/decline`)).status).toBe(422);
    expect(
      (
        await call(`${orders()}/${order.id}/returns`, {
          returnLineItems: [{ lineItemId: item.id, quantity: item.quantity }],
        })
      ).status,
    ).toBe(422);
    await call(`${orders()}/${order.id}/returns/${open.return.id}/process`);
    expect((await call(`${orders()}/${order.id}/returns/${open.return.id}/process`)).status).toBe(422);
    expect((await call(`${orders()}/${order.id}/returns/${open.return.id}/cancel`)).status).toBe(422);
  });
});
