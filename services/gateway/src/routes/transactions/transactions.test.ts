import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrder, startHarness, type Harness } from '../../../test/harness';

let h: Harness;
const SHOP = 'umsatz-gateways.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(SHOP);
  let id = 1;
  for (const [gateway, n] of [
    ['shopify_payments', 3],
    ['paypal', 2],
    ['manual', 1],
    ['stripe', 1],
  ] as const) {
    for (let i = 0; i < n; i++) await seedOrder(h.db, SHOP, { id: id++, gateway });
  }
});
afterAll(async () => h?.stop());

type Entry = { id: string; name: string; orderCount: number; enabled: boolean; selectable: boolean };
const gateways = async () => (await h.call(SHOP, 'GET', '/api/transactions/gateways')).body.gateways as Entry[];

describe('GET /api/transactions/gateways', () => {
  it('counts the orders per gateway from our data, known gateways included, busiest first', async () => {
    const list = await gateways();
    expect(list.slice(0, 2)).toEqual([
      { id: 'shopify_payments', name: 'Shopify Payments', orderCount: 3, enabled: true, selectable: true },
      { id: 'paypal', name: 'PayPal', orderCount: 2, enabled: false, selectable: false },
    ]);
    expect(list).toContainEqual({
      id: 'manual',
      name: 'Manuelle Zahlung',
      orderCount: 1,
      enabled: false,
      selectable: true,
    });
    expect(list).toContainEqual({ id: 'stripe', name: 'stripe', orderCount: 1, enabled: true, selectable: true });
    expect(list).toContainEqual({ id: 'klarna', name: 'Klarna', orderCount: 0, enabled: true, selectable: true });
  });

  it('shows the switches saved through PATCH /api/preferences/transactions, and refuses PayPal in German', async () => {
    const saved = await h.call(SHOP, 'PATCH', '/api/preferences/transactions', {
      transactionGateway: { manual: true, shopify_payments: false },
    });
    expect(saved.status).toBe(200);
    const list = await gateways();
    expect(list.find((g) => g.id === 'manual')?.enabled).toBe(true);
    expect(list.find((g) => g.id === 'shopify_payments')?.enabled).toBe(false);
    const paypal = await h.call(SHOP, 'PATCH', '/api/preferences/transactions', {
      transactionGateway: { paypal: true },
    });
    expect(paypal.status).toBe(400);
    expect(paypal.body.message).toBe('PayPal kann für Umsätze nicht gewählt werden');
    expect((await gateways()).find((g) => g.id === 'paypal')?.enabled).toBe(false);
  });

  it('needs a session token', async () => {
    const res = await fetch(`${h.url}/api/transactions/gateways`);
    expect(res.status).toBe(401);
  });
});
