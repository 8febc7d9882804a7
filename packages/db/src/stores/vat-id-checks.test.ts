import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, vatIdChecksTable } from '../testing';
import { latestVatIdCheck, saveShopInstall, saveVatIdCheck, type Db } from '../index';

let db: Db;
let drop: () => Promise<void>;
const shop = 'vies-laden.myshopify.com';
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
});
afterAll(async () => drop());

const evidence = (valid: boolean, checkedAt: string) => ({
  vatId: 'ATU12345678',
  valid,
  requestDate: checkedAt,
  requestIdentifier: valid ? 'WAPI000000000001' : null,
  name: valid ? 'Alpenhandel GmbH' : null,
  address: valid ? 'Mariahilfer Straße 45\n1060 Wien' : null,
  checkedAt,
  cached: false,
});

describe('VIES answers kept with the customer', () => {
  it('keeps the newest answer per shop and ID, with the customer and order it was asked for', async () => {
    expect(await latestVatIdCheck(db, shop, 'ATU12345678')).toBeNull();
    await saveVatIdCheck(db, shop, evidence(true, '2026-11-27T08:00:00.000Z'), {
      email: 'Einkauf@Alpenhandel.example',
      orderId: '1',
    });
    expect(await latestVatIdCheck(db, shop, 'ATU12345678')).toEqual({
      ...evidence(true, '2026-11-27T08:00:00.000Z'),
      cached: undefined,
      refusal: null,
      email: 'einkauf@alpenhandel.example',
      orderId: '1',
    });
    await saveVatIdCheck(
      db,
      shop,
      { ...evidence(false, '2026-11-28T08:00:00.000Z'), refusal: 'INVALID_INPUT' },
      {
        email: null,
        orderId: '2',
      },
    );
    expect(await vatIdChecksTable.list(db, { shopId: shop })).toHaveLength(1);
    expect(await latestVatIdCheck(db, shop, 'ATU12345678')).toMatchObject({
      valid: false,
      refusal: 'INVALID_INPUT',
      requestIdentifier: null,
      checkedAt: '2026-11-28T08:00:00.000Z',
      orderId: '2',
    });
  });
});
