import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { getAuditReport, saveAuditReport, saveShopInstall, type Db } from '../index';

let db: Db;
let drop: () => Promise<void>;
const S = 'pruefung.myshopify.com';
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: S, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => drop());

describe('a month’s audit report', () => {
  it('keeps the orders it did not count, by reason, so a clean report can say why', async () => {
    await saveAuditReport(db, S, {
      month: '2026-10',
      orders: 14,
      vouchers: 2,
      findings: [],
      notCounted: { SKIP_DATE: 12 },
    });
    expect(await getAuditReport(db, S, '2026-10')).toMatchObject({ orders: 14, notCounted: { SKIP_DATE: 12 } });
  });
});
