import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import {
  claimOrderImport,
  earlierImportRunning,
  finishOrderImport,
  getOrderImport,
  recordImportPage,
  reserveIdleSlot,
  reserveSlot,
  runningOrderImports,
  saveShopInstall,
  settleOrderImport,
  sharedThrottle,
  type Db,
} from '../index';

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
    expect(await earlierImportRunning(db, S, '2026-05-07')).toBeUndefined();
    expect(await earlierImportRunning(db, S, '2026-05-01')).toMatchObject({
      day: '2026-05-07',
      workflowId: 'import:a',
      status: 'running',
    });
    await finishOrderImport(db, S, '2026-05-07', 'completed');
    expect(await earlierImportRunning(db, S, '2026-05-01')).toBeUndefined();
  });

  it('a run ended by hand is settled only while the row still names it; the day may be claimed again', async () => {
    expect(await claimOrderImport(db, S, '2026-05-03', 'import:c')).toBe(true);
    expect(await claimOrderImport(db, S, '2026-05-04', 'import:d')).toBe(true);
    expect((await runningOrderImports(db, S)).map((r) => r.day)).toEqual(['2026-05-01', '2026-05-03', '2026-05-04']);
    expect(await earlierImportRunning(db, S, '2026-05-04')).toMatchObject({ day: '2026-05-01' });
    await settleOrderImport(db, S, '2026-05-03', 'import:other', 'terminated');
    expect(await getOrderImport(db, S, '2026-05-03')).toMatchObject({ status: 'running' });
    await settleOrderImport(db, S, '2026-05-03', 'import:c', 'terminated');
    await settleOrderImport(db, S, '2026-05-04', 'import:d', 'cancelled');
    expect(await getOrderImport(db, S, '2026-05-03')).toMatchObject({ status: 'terminated' });
    expect((await runningOrderImports(db, S)).map((r) => r.day)).toEqual(['2026-05-01']);
    expect(await claimOrderImport(db, S, '2026-05-03', 'import:c')).toBe(true);
    expect(await claimOrderImport(db, S, '2026-05-04', 'import:d')).toBe(true);
    expect(await getOrderImport(db, S, '2026-05-04')).toMatchObject({ status: 'running', affected: 0, pages: 0 });
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
    const key = 'lexware:bg-test';
    expect(await reserveIdleSlot(db, key, 500)).toEqual({ wait: 0 });
    // The background request holds the current slot; a live one queues right behind it.
    expect(await reserveSlot(db, key, 500)).toBeGreaterThan(0);
    const refused = await reserveIdleSlot(db, key, 500);
    expect('retryIn' in refused && refused.retryIn > 0).toBe(true);
  });

  it('reserves the next slot a lead before the current one ends, so slots follow without a gap, and no further', async () => {
    const key = 'lexware:bg-lead';
    expect(await reserveIdleSlot(db, key, 500, 600)).toEqual({ wait: 0 });
    const next = await reserveIdleSlot(db, key, 500, 600);
    expect('wait' in next && next.wait > 0 && next.wait <= 500).toBe(true);
    expect('retryIn' in (await reserveIdleSlot(db, key, 500, 600))).toBe(true);
  });

  it('background requests of one process take their slots in the order they asked', async () => {
    const throttle = sharedThrottle(db, 'lexware:bg-order', 50, { background: true });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => throttle().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
