import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../testing/harness';

let h: Harness;
const PARTNER = 'partner.myshopify.com';
const CUSTOMERS = ['c1.myshopify.com', 'c2.myshopify.com', 'c3.myshopify.com'];
const OTHER = 'no-partner.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(PARTNER, { partner: true });
  await h.install(OTHER);
  for (const c of CUSTOMERS) await h.install(c);
  await h.db('partners').insert({ shop_id: PARTNER, email: 'p@example.com', allowance: 0.5 });
  await h.db('coupons').insert([
    { code: 'HALLO-WELT', partner_shop_id: PARTNER, type: 'percent', value: 10, views: 12 },
    { code: 'ZWEITER', partner_shop_id: PARTNER, type: 'percent', value: 25, views: 3 },
  ]);
  await h.db('redemptions').insert([
    { coupon_code: 'HALLO-WELT', shop_id: CUSTOMERS[0], status: 'subscribed', provision: 4.5 },
    { coupon_code: 'HALLO-WELT', shop_id: CUSTOMERS[1], status: 'verified', provision: 9.5 },
    { coupon_code: 'ZWEITER', shop_id: CUSTOMERS[2], status: 'declined', provision: 1 },
  ]);
  await h.db('payouts').insert([
    { partner_shop_id: PARTNER, timespan_start: '2026-09-01', timespan_end: '2026-09-30', status: 'paid', provisions: 60, gateway: 'paypal', recipient: 'p@example.com' },
    { partner_shop_id: PARTNER, timespan_start: '2026-10-01', timespan_end: '2026-10-31', status: 'scheduled', provisions: 9.5, gateway: 'paypal', recipient: 'p@example.com' },
  ]);
});
afterAll(async () => h?.stop());

describe('GET /api/partner', () => {
  it('sums coupons, provisions and payouts for the partner', async () => {
    const res = await h.call(PARTNER, 'GET', '/api/partner');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      allowance: 0.5, email: 'p@example.com',
      coupons: { count: 2, views: 15, redemptions: 3 },
      provisions: { subscribed: 4.5, verified: 9.5, declined: 1 },
      payouts: { scheduled: 9.5, paid: 60 },
    });
  });

  it('answers 403 for a shop without the partner flag', async () => {
    const res = await h.call(OTHER, 'GET', '/api/partner');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Nur für Partner/);
  });
});
