import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUPON_MESSAGES, COUPON_MESSAGES, STAFF_MESSAGES } from '@belegfluss/shared';
import { readStaff } from '@belegfluss/shared/settings';
import { couponsTable } from '@belegfluss/db/testing';
import { startHarness, type Caller, type Harness } from '../../../test/harness';

let h: Harness;
const DESK = 'coupon-support.myshopify.com';
const OPS = 'coupon-betrieb.myshopify.com';
const MERCHANT = 'coupon-kunde.myshopify.com';
const SUPPORT = { shop: DESK, userId: '501' };
const OPERATOR = { shop: OPS, userId: '601' };
const SHOP = MERCHANT;

beforeAll(async () => {
  h = await startHarness({
    options: { staff: readStaff({ SUPPORT_STAFF: `${DESK}:501`, OPERATOR_STAFF: `${OPS}:601=Otto Betrieb` }) },
  });
  await Promise.all([h.install(DESK), h.install(OPS), h.install(MERCHANT)]);
});
afterAll(async () => h?.stop());

const create = (body: unknown, who: Caller = OPERATOR) => h.call(who, 'POST', '/api/admin/coupons', body);

describe('/api/admin/coupons: coupons without a partner', () => {
  it('the operator creates one that shops redeem for its plans, and the list shows it', async () => {
    const res = await create({ code: 'sommer 25', type: 'percent', value: 25, intervals: 3, plans: ['standard'] });
    expect(res).toMatchObject({
      status: 201,
      body: { message: 'Coupon erstellt', coupon: { code: 'SOMMER-25', partnerShopId: null, value: 25, intervals: 3 } },
    });
    const list = await h.call(SUPPORT, 'GET', '/api/admin/coupons');
    expect(list.body.items).toContainEqual(expect.objectContaining({ code: 'SOMMER-25', plans: ['standard'] }));
    const seen = await h.call(SHOP, 'GET', '/api/plan/coupon/SOMMER-25');
    expect(seen).toMatchObject({
      status: 200,
      body: { type: 'percent', value: 25, intervals: 3, plans: ['standard'] },
    });
  });

  it('answers bad input with 400 and a German message at its field, and writes nothing', async () => {
    const before = await couponsTable.count(h.db);
    const cases: [unknown, string, string][] = [
      [{ code: 'AB', type: 'percent', value: 10 }, 'code', ADMIN_COUPON_MESSAGES.code],
      [{ code: '-HERBST', type: 'percent', value: 10 }, 'code', ADMIN_COUPON_MESSAGES.code],
      [{ code: 'HERBST', type: 'gratis', value: 10 }, 'type', ADMIN_COUPON_MESSAGES.type],
      [{ code: 'HERBST', type: 'percent', value: 150 }, 'value', ADMIN_COUPON_MESSAGES.percent],
      [{ code: 'HERBST', type: 'amount', value: 0 }, 'value', ADMIN_COUPON_MESSAGES.value],
      [{ code: 'HERBST', type: 'amount', value: 5, intervals: 0 }, 'intervals', ADMIN_COUPON_MESSAGES.intervals],
      [{ code: 'HERBST', type: 'amount', value: 5, plans: ['gold'] }, 'plans.0', ADMIN_COUPON_MESSAGES.plan],
      [
        { code: 'HERBST', type: 'amount', value: 5, expiresAt: '2020-01-01' },
        'expiresAt',
        ADMIN_COUPON_MESSAGES.expiresAt,
      ],
      [
        { code: 'PARTNER', type: 'percent', value: 10, plans: ['premium'] },
        'plans',
        ADMIN_COUPON_MESSAGES.partnerPlans,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ field, message });
    }
    expect(ADMIN_COUPON_MESSAGES.partnerPlans).toBe('PARTNER gilt nur für Tarife mit mehr als 1.999 Übertragungen');
    expect(await couponsTable.count(h.db)).toBe(before);
  });

  it('refuses a code that exists, support staff and shops, in German', async () => {
    expect(await create({ code: 'SOMMER-25', type: 'amount', value: 5 })).toMatchObject({
      status: 409,
      body: { error: 'EXISTS', message: ADMIN_COUPON_MESSAGES.exists, field: 'code' },
    });
    expect(await create({ code: 'WINTER', type: 'amount', value: 5 }, SUPPORT)).toMatchObject({
      status: 403,
      body: { error: 'OPERATOR_ONLY', message: STAFF_MESSAGES.operatorOnly },
    });
    expect(await create({ code: 'WINTER', type: 'amount', value: 5 }, SHOP)).toMatchObject({
      status: 403,
      body: { error: 'NOT_STAFF' },
    });
    expect(await couponsTable.count(h.db, { code: 'WINTER' })).toBe(0);
  });

  it('PARTNER holds only for plans above 1,999 transfers, at creation and at redemption', async () => {
    const res = await create({ code: 'PARTNER', type: 'percent', value: 10, plans: ['premium', 'business'] });
    expect(res).toMatchObject({ status: 201, body: { coupon: { code: 'PARTNER', plans: ['business'] } } });
    // A row from before the rule, or written by hand, is narrowed when a shop redeems it.
    await couponsTable.update(h.db, { code: 'PARTNER' }, { plans: [] });
    const seen = await h.call(SHOP, 'GET', '/api/plan/coupon/PARTNER');
    expect(seen.body.plans).toEqual(['business', 'corporate', 'enterprise']);
    const chosen = await h.call(SHOP, 'POST', '/api/plan', { plan: 'premium', annual: false, coupon: 'PARTNER' });
    expect(chosen).toMatchObject({ status: 422, body: { error: 'PLAN', message: COUPON_MESSAGES.PLAN } });
  });
});
