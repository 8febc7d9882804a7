import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createTestDatabase } from '../testing';
import { createDb, sharedRateLimiter, type Db } from '../index';

/** A rate limit holds across gateway processes; each process has its own pool, as here. */
let url: string;
let drop: () => Promise<void>;
const pools: Db[] = [];
const pool = () => {
  const db = createDb(url);
  pools.push(db);
  return db;
};
beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.destroy()));
  await drop();
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: unknown) => (e instanceof RateLimiterRes ? 'refused' : `error ${String(e)}`),
  );

describe('sharedRateLimiter', () => {
  it('gives two processes on one database one budget, under concurrent calls', async () => {
    const rule = { points: 10, duration: 60 };
    const [a, b] = [sharedRateLimiter(pool(), 'install', rule), sharedRateLimiter(pool(), 'install', rule)];
    // 30 calls at once, alternating between the two processes: exactly 10 pass.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => outcome((i % 2 ? a : b).consume('203.0.113.7'))),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(10);
    expect(results.filter((r) => r === 'refused')).toHaveLength(20);
    expect((await a.get('203.0.113.7'))?.remainingPoints).toBe(0);
    // Another key, and the same key under another limit's name, have their own budgets.
    expect(await outcome(b.consume('203.0.113.8'))).toBe('allowed');
    expect(await outcome(sharedRateLimiter(pool(), 'smtp-check', rule).consume('203.0.113.7'))).toBe('allowed');
  });

  it('starts a new window once the old one has passed', async () => {
    const db = pool();
    const limiter = sharedRateLimiter(db, 'window', { points: 1, duration: 60 });
    expect(await outcome(limiter.consume('k'))).toBe('allowed');
    expect(await outcome(limiter.consume('k'))).toBe('refused');
    await db('rate_limits')
      .where({ key: 'window:k' })
      .update({ expire: Date.now() - 1 });
    expect(await outcome(limiter.consume('k'))).toBe('allowed');
  });

  it('keeps counting in memory while PostgreSQL does not answer', async () => {
    const db = createDb(url);
    const limiter = sharedRateLimiter(db, 'insured', { points: 2, duration: 60 });
    await db.destroy();
    expect([
      await outcome(limiter.consume('k')),
      await outcome(limiter.consume('k')),
      await outcome(limiter.consume('k')),
    ]).toEqual(['allowed', 'allowed', 'refused']);
  });
});
