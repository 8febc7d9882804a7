import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import {
  claimImportRange,
  claimOrderImport,
  finishImportRange,
  latestImportRange,
  recordImportRangeDays,
  releaseImportRange,
  requestImportRangeStop,
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

describe('the ranges of days', () => {
  const R = 'zeitraum.myshopify.com';
  const range = (workflowId: string) => ({ shopId: R, workflowId, from: '2026-03-01', to: '2026-03-31' });
  beforeAll(async () => saveShopInstall(db, { shopId: R, tokenEnc: 'x', scopes: ['read_orders'] }));

  it('lets one range of a shop run at a time, even when two are claimed at once', async () => {
    const claims = await Promise.all([claimImportRange(db, range('r:1')), claimImportRange(db, range('r:2'))]);
    expect(claims.sort()).toEqual([false, true]);
    const running = (await latestImportRange(db, R))!;
    expect(running).toMatchObject({ status: 'running', from: '2026-03-01', to: '2026-03-31', daysDone: 0 });
    // A claim whose workflow could not be started is given back; the next one may run.
    await releaseImportRange(db, running.workflowId);
    expect(await latestImportRange(db, R)).toBeUndefined();
    expect(await claimImportRange(db, range('r:3'))).toBe(true);
  });

  it('counts days done forward only, keeps the stop, and ends once', async () => {
    await recordImportRangeDays(db, 'r:3', 2);
    await recordImportRangeDays(db, 'r:3', 1); // a retried write of an earlier day
    await requestImportRangeStop(db, 'r:3');
    expect(await latestImportRange(db, R)).toMatchObject({ daysDone: 2, stopRequested: true, status: 'running' });
    // Started: its claim is no longer given back.
    await releaseImportRange(db, 'r:3');
    await finishImportRange(db, 'r:3', 'stopped');
    await finishImportRange(db, 'r:3', 'failed');
    expect(await latestImportRange(db, R)).toMatchObject({ workflowId: 'r:3', status: 'stopped', daysDone: 2 });
    expect(await claimImportRange(db, range('r:4'))).toBe(true);
    expect(await latestImportRange(db, R)).toMatchObject({ workflowId: 'r:4', status: 'running' });
  });
});
