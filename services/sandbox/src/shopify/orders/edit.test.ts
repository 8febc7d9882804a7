import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../index.js';
import { fakeApp, json, post, shopWithToken, startTestSandbox } from '../../test-support.js';

const SHOP = 'bearbeiten.myshopify.com';
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;

type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Shopify's order JSON, checked field by field
const act = async (id: number | '', action: string, body: Record<string, unknown> = {}) => {
  const res = await post(`${sb.urls.control}/control/shops/${SHOP}/orders/${id}${action}`, body);
  return {
    status: res.status,
    ...(await json<{ order: Order; deliveries: Array<{ topic: string }>; edit?: Order; error?: string }>(res)),
  };
};

let token: string;
const gql = async (query: string, variables: Record<string, unknown>, accessToken = token) =>
  json<{ data?: Record<string, Order>; errors?: Array<{ message: string }> }>(
    await post(
      `${sb.urls.shopify}/store/${SHOP}/admin/api/2026-07/graphql.json`,
      { query, variables },
      { 'X-Shopify-Access-Token': accessToken },
    ),
  );

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
  token = await shopWithToken(sb, SHOP, ['read_orders', 'write_orders', 'write_order_edits', 'read_products']);
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('order editing, as Shopify commits an order edit', () => {
  it('keeps the ordered quantities, changes the current ones and totals, and sends orders/edited before orders/updated', async () => {
    const { order } = await act('', '', { scenario: 'de_b2c', paid: true, discount: null });
    const [shirt, mug] = order.line_items as Order[];
    const shipping = order.shipping_lines[0] as Order;
    const edited = await act(order.id, '/edit', {
      setQuantities: [{ lineItemId: mug!.id, quantity: 0 }],
      addItems: [{ title: 'Kochbuch', price: 24, quantity: 1, taxRate: 0.07 }],
      removeShipping: [shipping.id],
      addShipping: [{ title: 'Express', price: 9.9, taxRate: 0.19 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.deliveries.map((d) => d.topic)).toEqual(['orders/edited', 'orders/updated']);
    const o = edited.order;
    expect(o.line_items[1]).toMatchObject({ id: mug!.id, quantity: 1, current_quantity: 0, fulfillable_quantity: 0 });
    expect(o.line_items[0]).toMatchObject({ id: shirt!.id, quantity: 2, current_quantity: 2 });
    const added = o.line_items[2] as Order;
    expect(added).toMatchObject({ title: 'Kochbuch', quantity: 1, current_quantity: 1, price: '24.00' });
    expect(o.shipping_lines.map((s: Order) => [s.title, s.is_removed])).toEqual([
      ['DHL Paket', true],
      ['Express', false],
    ]);
    // 2 × 29,90 + 24,00 + 9,90; what was ordered stays in total_price.
    expect(o.current_total_price).toBe('93.70');
    expect(o.current_total_price_set.shop_money.amount).toBe('93.70');
    expect(o.total_price).toBe(order.total_price);
    expect(edited.edit).toMatchObject({
      order_id: order.id,
      line_items: { additions: [{ id: added.id, delta: 1 }], removals: [{ id: mug!.id, delta: 1 }] },
      shipping_lines: { removals: [{ id: shipping.id }] },
    });
    // The order now costs more than was paid: it owes the rest.
    expect(o.financial_status).toBe('partially_paid');
    expect(o.total_outstanding).toBe((93.7 - Number(order.total_price)).toFixed(2));
  });

  it('refuses what Shopify refuses, and changes nothing', async () => {
    const { order } = await act('', '', { scenario: 'de_b2c', paid: true });
    const li = order.line_items[0] as Order;
    for (const body of [
      {},
      { setQuantities: [{ lineItemId: li.id, quantity: li.quantity + 1 }] },
      { setQuantities: [{ lineItemId: 1, quantity: 0 }] },
      { removeShipping: [1] },
    ]) {
      const res = await act(order.id, '/edit', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    const after = await json<Order>(await fetch(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}`));
    expect(after.current_total_price).toBe(order.current_total_price);
    expect(after.line_items[0].current_quantity).toBe(li.quantity);
  });
});

describe('order editing over GraphQL', () => {
  const begin = 'mutation($id: ID!) { orderEditBegin(id: $id) { calculatedOrder { id } userErrors { message } } }';

  it('stages changes on a calculated order and applies them at the commit, with the same webhooks', async () => {
    const { order } = await act('', '', { scenario: 'de_b2c', paid: true, discount: null });
    const [shirt, mug] = order.line_items as Order[];
    const began = await gql(begin, { id: order.admin_graphql_api_id });
    const id = began.data!.orderEditBegin!.calculatedOrder.id as string;
    expect(id).toMatch(/^gid:\/\/shopify\/CalculatedOrder\/\d+$/);
    const staged = await gql(
      `mutation($id: ID!, $line: ID!, $variant: ID!) {
        a: orderEditSetQuantity(id: $id, lineItemId: $line, quantity: 0) { userErrors { message } }
        b: orderEditAddVariant(id: $id, variantId: $variant, quantity: 1, allowDuplicates: true) {
          calculatedLineItem { quantity title }
          calculatedOrder { totalPriceSet { shopMoney { amount } } }
          userErrors { message }
        }
      }`,
      {
        id,
        line: `gid://shopify/CalculatedLineItem/${mug!.id}`,
        variant: `gid://shopify/ProductVariant/${shirt!.variant_id}`,
      },
    );
    expect(staged.errors).toBeUndefined();
    // 3 shirts, no mug, shipping; nothing applied to the order yet.
    expect(staged.data!.b!.calculatedOrder.totalPriceSet.shopMoney.amount).toBe('94.60');
    const before = await json<Order>(await fetch(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}`));
    expect(before.current_total_price).toBe(order.current_total_price);
    const committed = await gql(
      'mutation($id: ID!) { orderEditCommit(id: $id, staffNote: "Tasse ausverkauft") { order { id } userErrors { message } } }',
      { id },
    );
    expect(committed.data!.orderEditCommit!).toMatchObject({
      order: { id: order.admin_graphql_api_id },
      userErrors: [],
    });
    const after = await json<Order>(await fetch(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}`));
    expect(after.current_total_price).toBe('94.60');
    const topics = await json<Array<{ topic: string }>>(
      await fetch(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}/webhooks`),
    );
    expect(topics.map((d) => d.topic).slice(-2)).toEqual(['orders/edited', 'orders/updated']);
    const again = await gql('mutation($id: ID!) { orderEditCommit(id: $id) { order { id } userErrors { message } } }', {
      id,
    });
    expect(again.data!.orderEditCommit!.userErrors).toHaveLength(1);
  });

  it('lowers a price the only way Shopify allows: the variant added again with a discount, the old line removed', async () => {
    const { order } = await act('', '', { scenario: 'de_b2c', paid: true, discount: null });
    const [shirt] = order.line_items as Order[];
    const id = (await gql(begin, { id: order.admin_graphql_api_id })).data!.orderEditBegin!.calculatedOrder
      .id as string;
    const addVariant = (duplicates: boolean) =>
      gql(
        `mutation($id: ID!, $variant: ID!, $dup: Boolean) {
          orderEditAddVariant(id: $id, variantId: $variant, quantity: 1, allowDuplicates: $dup) {
            calculatedLineItem { id } userErrors { field message }
          }
        }`,
        { id, variant: `gid://shopify/ProductVariant/${shirt!.variant_id}`, dup: duplicates },
      );
    expect((await addVariant(false)).data!.orderEditAddVariant!.userErrors[0].field).toEqual(['variantId']);
    const added = await addVariant(true);
    const newLine = added.data!.orderEditAddVariant!.calculatedLineItem.id as string;
    const discount = `mutation($id: ID!, $line: ID!, $discount: OrderEditAppliedDiscountInput!) {
      orderEditAddLineItemDiscount(id: $id, lineItemId: $line, discount: $discount) {
        addedDiscountStagedChange { description value { __typename ... on MoneyV2 { amount } } }
        userErrors { field message }
      }
    }`;
    // An existing line cannot be discounted in an edit, only one the edit adds.
    const onOld = await gql(discount, {
      id,
      line: `gid://shopify/CalculatedLineItem/${shirt!.id}`,
      discount: { fixedValue: { amount: '5.00', currencyCode: 'EUR' } },
    });
    expect(onOld.data!.orderEditAddLineItemDiscount!.userErrors[0].field).toEqual(['lineItemId']);
    const both = await gql(discount, {
      id,
      line: newLine,
      discount: { fixedValue: { amount: '5.00', currencyCode: 'EUR' }, percentValue: 10 },
    });
    expect(both.data!.orderEditAddLineItemDiscount!.userErrors[0].field).toEqual(['discount']);
    const ok = await gql(discount, {
      id,
      line: newLine,
      discount: { description: 'Kulanz', fixedValue: { amount: '5.00', currencyCode: 'EUR' } },
    });
    expect(ok.data!.orderEditAddLineItemDiscount!).toMatchObject({
      addedDiscountStagedChange: { description: 'Kulanz', value: { __typename: 'MoneyV2', amount: '5.00' } },
      userErrors: [],
    });
    await gql(
      `mutation($id: ID!, $line: ID!) {
        orderEditSetQuantity(id: $id, lineItemId: $line, quantity: ${shirt!.quantity - 1}) { userErrors { message } }
      }`,
      { id, line: `gid://shopify/CalculatedLineItem/${shirt!.id}` },
    );
    await gql('mutation($id: ID!) { orderEditCommit(id: $id) { userErrors { message } } }', { id });
    const after = await json<Order>(await fetch(`${sb.urls.control}/control/shops/${SHOP}/orders/${order.id}`));
    const line = after.line_items.at(-1) as Order;
    // The same variant and product, a manual discount allocated to the new line, its tax on what is left.
    expect(line).toMatchObject({ variant_id: shirt!.variant_id, product_id: shirt!.product_id, price: shirt!.price });
    expect(line.discount_allocations).toEqual([expect.objectContaining({ amount: '5.00' })]);
    const application = after.discount_applications[line.discount_allocations[0].discount_application_index];
    expect(application).toMatchObject({ type: 'manual', value_type: 'fixed_amount', description: 'Kulanz' });
    const net = Math.round(Number(shirt!.price) * 100) - 500;
    expect(Math.round(Number(line.tax_lines[0].price) * 100)).toBe(Math.round(net - net / 1.19));
    expect(Number(after.current_total_price)).toBeCloseTo(Number(order.current_total_price) - 5, 2);
  });

  it('needs the write_order_edits scope, as Shopify does', async () => {
    const plain = await shopWithToken(sb, SHOP, ['read_orders', 'write_orders']);
    const { order } = await act('', '', { scenario: 'de_b2c', paid: true });
    const answer = await gql(begin, { id: order.admin_graphql_api_id }, plain);
    expect(answer.errors?.[0]?.message).toContain('write_order_edits');
  });
});
