import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { claimOrderImport, earlierImportRunning, finishOrderImport, getOrderImport, recordImportPage, reserveIdleSlot, reserveSlot, saveShopInstall, type Db } from '../index';

let db: Db;
let drop: () => Promise<void>;
const S = 'tage.myshopify.com';
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: S, tokenEnc: 'x', scopes: ['read_orders'] });
});
afterAll(async () => drop());

describe('the historical import days', () => {
  it('claims a day once; a later day waits for the earlier one', async () => {
    expect(await claimOrderImport(db, S, '2026-05-07', 'import:a')).toBe(true);
    expect(await claimOrderImport(db, S, '2026-05-07', 'import:a')).toBe(false);
    expect(await claimOrderImport(db, S, '2026-05-01', 'import:b')).toBe(true);
    expect(await earlierImportRunning(db, S, '2026-05-07')).toBe(false);
    expect(await earlierImportRunning(db, S, '2026-05-01')).toBe(true);
    await finishOrderImport(db, S, '2026-05-07', 'completed');
    expect(await earlierImportRunning(db, S, '2026-05-01')).toBe(false);
  });

  it('counts a page once, even when its activity runs again', async () => {
    await recordImportPage(db, S, '2026-05-01', { affected: 5, after: null, next: 'c1' });
    await recordImportPage(db, S, '2026-05-01', { affected: 5, after: null, next: 'c1' });
    await recordImportPage(db, S, '2026-05-01', { affected: 2, after: 'c1', next: null });
    expect(await getOrderImport(db, S, '2026-05-01')).toMatchObject({ affected: 7, pages: 2 });
  });
});

describe('Lexware slots for background work', () => {
  it('takes a slot only while nothing is queued, so live requests come first', async () => {
    const key = 'lexoffice:bg-test';
    expect(await reserveIdleSlot(db, key, 500)).toEqual({ wait: 0 });
    // The background request holds the current slot; a live one queues right behind it.
    expect(await reserveSlot(db, key, 500)).toBeGreaterThan(0);
    const refused = await reserveIdleSlot(db, key, 500);
    expect('retryIn' in refused && refused.retryIn > 0).toBe(true);
  });
});
