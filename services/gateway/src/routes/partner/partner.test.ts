import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_COUPON_MESSAGES } from '@belegfluss/shared';
import { startHarness, type Harness } from '../../../test/harness';
import { PAYOUT_MESSAGES } from './schema';
import { couponsTable, partnersTable, payoutsTable, redemptionsTable } from '@belegfluss/db/testing';

let h: Harness;
const PARTNER = 'partner.myshopify.com';
const CUSTOMERS = ['c1.myshopify.com', 'c2.myshopify.com', 'c3.myshopify.com'];
const OTHER = 'no-partner.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(PARTNER, { partner: true });
  await h.install(OTHER);
  for (const c of CUSTOMERS) await h.install(c);
  await partnersTable.insert(h.db, { shopId: PARTNER, email: 'p@example.com', allowance: 0.5 });
  await couponsTable.insert(h.db, [
    { code: 'HALLO-WELT', partnerShopId: PARTNER, type: 'percent', value: 10, views: 12 },
    { code: 'ZWEITER', partnerShopId: PARTNER, type: 'percent', value: 25, views: 3 },
  ]);
  await redemptionsTable.insert(h.db, [
    { couponCode: 'HALLO-WELT', shopId: CUSTOMERS[0], status: 'subscribed', provision: 4.5 },
    { couponCode: 'HALLO-WELT', shopId: CUSTOMERS[1], status: 'verified', provision: 9.5 },
    { couponCode: 'ZWEITER', shopId: CUSTOMERS[2], status: 'declined', provision: 1 },
  ]);
  await payoutsTable.insert(h.db, [
    {
      partnerShopId: PARTNER,
      timespanStart: '2026-09-01',
      timespanEnd: '2026-09-30',
      status: 'paid',
      provisions: 60,
      gateway: 'paypal',
      recipient: 'p@example.com',
    },
    {
      partnerShopId: PARTNER,
      timespanStart: '2026-10-01',
      timespanEnd: '2026-10-31',
      status: 'scheduled',
      provisions: 9.5,
      gateway: 'paypal',
      recipient: 'p@example.com',
    },
  ]);
});
afterAll(async () => h?.stop());

describe('GET /api/partner', () => {
  it('sums coupons, provisions and payouts for the partner', async () => {
    const res = await h.call(PARTNER, 'GET', '/api/partner');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      allowance: 0.5,
      email: 'p@example.com',
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

describe('/api/partner/coupons', () => {
  it('creates, lists and removes coupons with the spec rules and error codes', async () => {
    const created = await h.call(PARTNER, 'POST', '/api/partner/coupons/NEU-2026', { type: '3' });
    expect(created).toMatchObject({
      status: 201,
      body: { code: 'NEU-2026', type: '3', value: 50, intervals: 3, message: 'Coupon erstellt' },
    });
    const list = await h.call(PARTNER, 'GET', '/api/partner/coupons');
    const codes = list.body.items.map((c: { code: string }) => c.code);
    expect(codes[0]).toBe('NEU-2026'); // newest first
    expect([...codes].sort()).toEqual(['HALLO-WELT', 'NEU-2026', 'ZWEITER']);
    expect(list.body.items.find((c: { code: string }) => c.code === 'HALLO-WELT')).toMatchObject({
      redemptions: 2,
      views: 12,
    });
    expect(list.body.max).toBe(10);

    for (const [code, body, status, error, field] of [
      ['abc', { type: '3' }, 400, 'COUPON_INVALID', 'code'],
      ['-START', { type: '3' }, 400, 'COUPON_INVALID', 'code'],
      ['GUT-CODE', { type: '7' }, 400, 'TYPE_NOT_FOUND', 'type'],
      ['HALLO-WELT', { type: '1' }, 409, 'NOT_AVAILABLE', 'code'],
    ] as const) {
      const res = await h.call(PARTNER, 'POST', `/api/partner/coupons/${code}`, body);
      expect(res, code).toMatchObject({ status, body: { error, message: PARTNER_COUPON_MESSAGES[error], field } });
    }
    for (let i = 0; i < 7; i++)
      expect((await h.call(PARTNER, 'POST', `/api/partner/coupons/FUELLER-${i}`, { type: 12 })).status).toBe(201);
    expect(await h.call(PARTNER, 'POST', '/api/partner/coupons/ELFTER', { type: '1' })).toMatchObject({
      status: 409,
      body: { error: 'TOO_MANY' },
    });

    expect(await h.call(PARTNER, 'DELETE', '/api/partner/coupons/HALLO-WELT')).toMatchObject({
      status: 409,
      body: { error: 'PENDING_PROVISION' },
    });
    expect(await h.call(OTHER, 'DELETE', '/api/partner/coupons/NEU-2026')).toMatchObject({ status: 403 });
    expect(await h.call(PARTNER, 'DELETE', '/api/partner/coupons/NEU-2026')).toMatchObject({
      status: 200,
      body: { deleted: 1, message: '1 Coupon(s) gelöscht' },
    });
    expect(await couponsTable.list(h.db, { code: 'NEU-2026' })).toEqual([]);
    // Used, but every provision settled: switched off, kept for its redemptions.
    expect(await h.call(PARTNER, 'DELETE', '/api/partner/coupons/ZWEITER')).toMatchObject({ status: 200 });
    expect((await couponsTable.one(h.db, { code: 'ZWEITER' })).active).toBe(false);
    expect(await h.call(PARTNER, 'DELETE', '/api/partner/coupons/ZWEITER')).toMatchObject({
      status: 403,
      body: { error: 'UNAUTHORIZED' },
    });
  });
});

describe('/api/partner/redemptions', () => {
  it('filters by tab and search, and sorts', async () => {
    expect((await h.call(PARTNER, 'GET', '/api/partner/redemptions')).body.items).toHaveLength(3);
    expect(
      (await h.call(PARTNER, 'GET', '/api/partner/redemptions?tab=verified')).body.items.map(
        (r: { shop: string }) => r.shop,
      ),
    ).toEqual([CUSTOMERS[1]]);
    expect(
      (await h.call(PARTNER, 'GET', '/api/partner/redemptions?search=zweit')).body.items.map(
        (r: { coupon: string }) => r.coupon,
      ),
    ).toEqual(['ZWEITER']);
    expect(
      (await h.call(PARTNER, 'GET', '/api/partner/redemptions?sort=provision')).body.items.map(
        (r: { provision: number }) => r.provision,
      ),
    ).toEqual([9.5, 4.5, 1]);
    expect(await h.call(PARTNER, 'GET', '/api/partner/redemptions?tab=kaputt')).toMatchObject({
      status: 400,
      body: { field: 'tab' },
    });
  });
});

describe('/api/partner/preferences and payouts', () => {
  it('validates IBAN, BIC and the e-mail addresses with the spec texts', async () => {
    const base = { email: 'p@example.com', taxId: '12/345/67890' };
    expect(
      await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
        ...base,
        gateway: 'bank',
        bankName: 'Testbank',
        iban: 'DE00 1234',
        bic: 'COBADEFFXXX',
      }),
    ).toMatchObject({ status: 400, body: { field: 'iban', message: 'Gültige IBAN erforderlich' } });
    expect(
      await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
        ...base,
        gateway: 'bank',
        bankName: 'Testbank',
        iban: 'DE89370400440532013000',
        bic: 'XX',
      }),
    ).toMatchObject({ status: 400, body: { field: 'bic' } });
    // Each valid on its own, but a French bank's BIC for a German account: the bank would refuse the transfer.
    expect(
      await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
        ...base,
        gateway: 'bank',
        bankName: 'Testbank',
        iban: 'DE89370400440532013000',
        bic: 'BNPAFRPPXXX',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        field: 'bic',
        message:
          'Die BIC gehört zu einer Bank in Frankreich, die IBAN zu einem Konto in Deutschland: bitte die BIC der kontoführenden Bank angeben',
      },
    });
    expect(
      await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
        ...base,
        email: 'kaputt',
        gateway: 'paypal',
        paypalEmail: 'p@example.com',
      }),
    ).toMatchObject({ status: 400, body: { field: 'email', message: 'Gültige E-Mail-Adresse erforderlich' } });
    expect(
      await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
        ...base,
        taxId: 'x',
        gateway: 'paypal',
        paypalEmail: 'p@example.com',
      }),
    ).toMatchObject({ status: 400, body: { field: 'taxId', message: 'Gültige Steuernummer erforderlich' } });
    expect((await partnersTable.one(h.db, { shopId: PARTNER })).iban).toBeNull();
  });

  it('a payout needs a gateway on file and the threshold; then it is written with its receipt', async () => {
    expect(await h.call(PARTNER, 'POST', '/api/partner/payouts')).toMatchObject({
      status: 422,
      body: { error: 'NO_GATEWAY', message: PAYOUT_MESSAGES.NO_GATEWAY },
    });
    const saved = await h.call(PARTNER, 'PATCH', '/api/partner/preferences', {
      email: 'p@example.com',
      taxId: '12/345/67890',
      vatId: 'DE123456789',
      gateway: 'bank',
      bankName: 'Testbank',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      address: { name: 'Partner GmbH', street: 'Weg 1', zip: '10115', city: 'Berlin' },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        shop: PARTNER,
        message: 'Gespeichert',
        partnerPreferences: { gateway: 'bank', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      },
    });
    // Released so far: the verified 9.5 only; below the 50 € threshold.
    expect(await h.call(PARTNER, 'POST', '/api/partner/payouts')).toMatchObject({
      status: 422,
      body: { error: 'BELOW_THRESHOLD' },
    });
    await redemptionsTable.update(
      h.db,
      { shopId: CUSTOMERS[0] },
      { provision: 45, subscribedAt: new Date(Date.now() - 50 * 86_400_000) },
    );
    const payout = await h.call(PARTNER, 'POST', '/api/partner/payouts');
    expect(payout).toMatchObject({
      status: 201,
      body: { status: 'scheduled', provisions: 54.5, fee: 0, gateway: 'bank', recipient: 'DE89370400440532013000' },
    });
    expect(await redemptionsTable.list(h.db, { payoutId: payout.body.id })).toHaveLength(2);
    expect((await h.call(PARTNER, 'GET', '/api/partner/payouts')).body.items).toHaveLength(3);
    const receipt = await h.call(PARTNER, 'GET', `/api/partner/payouts/${payout.body.id}/receipt`);
    expect(receipt.body.mimetype).toBe('application/pdf');
    expect(Buffer.from(receipt.body.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await h.call(PARTNER, 'GET', '/api/partner/payouts/00000000-0000-4000-8000-000000000000/receipt')).status,
    ).toBe(404);
    expect((await h.call(PARTNER, 'GET', '/api/partner/payouts/kaputt/receipt')).status).toBe(404);
  });
});

describe('provision release (46 days)', () => {
  it('a subscribed redemption counts as verified once its lock period has passed; payouts take only verified ones', async () => {
    const [late, early] = ['c4.myshopify.com', 'c5.myshopify.com'];
    for (const c of [late, early]) await h.install(c);
    await redemptionsTable.insert(h.db, [
      {
        couponCode: 'HALLO-WELT',
        shopId: late,
        status: 'subscribed',
        provision: 20,
        subscribedAt: new Date(Date.now() - 47 * 86_400_000),
      },
      {
        couponCode: 'HALLO-WELT',
        shopId: early,
        status: 'subscribed',
        provision: 30,
        subscribedAt: new Date(Date.now() - 10 * 86_400_000),
      },
    ]);
    // c1 (45, subscribed 50 days ago) and c2 (9.5) are verified too, and already in the scheduled payout.
    expect((await h.call(PARTNER, 'GET', '/api/partner')).body.provisions).toEqual({
      subscribed: 30,
      verified: 74.5,
      declined: 1,
    });
    const verified = (await h.call(PARTNER, 'GET', '/api/partner/redemptions?tab=verified')).body.items as {
      shop: string;
      status: string;
    }[];
    expect(verified.map((r) => r.shop).sort()).toEqual([CUSTOMERS[0], CUSTOMERS[1], late].sort());
    expect(verified.every((r) => r.status === 'verified')).toBe(true);
    expect((await h.call(PARTNER, 'GET', '/api/partner/redemptions?tab=subscribed')).body.items).toMatchObject([
      { shop: early, status: 'subscribed' },
    ]);
    // 20 verified (the 30 still locked would reach the 50 € threshold, but does not count).
    expect(await h.call(PARTNER, 'POST', '/api/partner/payouts')).toMatchObject({
      status: 422,
      body: { error: 'BELOW_THRESHOLD', message: PAYOUT_MESSAGES.BELOW_THRESHOLD(20, 50) },
    });
  });
});
