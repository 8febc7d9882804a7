import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { sharedThrottle, type Db } from '../index';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

/** Resolves once `check` holds, looking again every few milliseconds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('shops sharing one Lexware limit', () => {
  it("serves a shop's single request within a couple of slots while another shop's burst of 50 waits", async () => {
    const key = 'lexware:org:fair';
    const a = sharedThrottle(db, key, 20, { turn: 'a.myshopify.com' });
    const b = sharedThrottle(db, key, 20, { turn: 'b.myshopify.com' });
    const served: string[] = [];
    const burst = Array.from({ length: 50 }, (_, i) => a().then(() => served.push(`a${i}`)));
    // B asks once A's burst is under way and most of it still waits.
    await until(() => served.length >= 3);
    const servedBefore = served.length;
    await b().then(() => served.push('b'));
    await Promise.all(burst);
    expect(served).toHaveLength(51);
    const position = served.indexOf('b');
    expect(position - servedBefore).toBeLessThanOrEqual(2);
    // Every one of A's requests is served, once. Their slots follow the order they asked in, but two slots 50 ms
    // apart may wake in either order when one reservation's round trip took that much longer on a busy machine:
    // neither comes before its slot, which is all the limit needs.
    expect(served.filter((s) => s !== 'b').sort()).toEqual(Array.from({ length: 50 }, (_, i) => `a${i}`).sort());
  });

  it('takes turns round the shops: two bursts at once interleave', async () => {
    const key = 'lexware:org:alternate';
    const served: string[] = [];
    const shops = ['x.myshopify.com', 'y.myshopify.com'];
    await Promise.all(
      shops.flatMap((shop) => {
        // Slots 200 ms apart (Lexware's are 500 ms): a shop just served is queued again well before the next
        // slot even on a busy machine, which is what fair turns rely on.
        const throttle = sharedThrottle(db, key, 5, { turn: shop });
        return Array.from({ length: 8 }, () => throttle().then(() => served.push(shop[0]!)));
      }),
    );
    // Past the first slots (whoever asked first), neither shop runs more than a few times in a row (a busy
    // machine's pause can hand one shop a slot the other was not yet queued for).
    const runs = served
      .join('')
      .slice(2)
      .match(/(.)\1*/g)!;
    expect(Math.max(...runs.map((r) => r.length))).toBeLessThanOrEqual(3);
  });

  it('lets live requests of one shop pass background requests of another', async () => {
    const key = 'lexware:org:background';
    const served: string[] = [];
    const importing = sharedThrottle(db, key, 20, { turn: 'import.myshopify.com', background: true });
    const live = sharedThrottle(db, key, 20, { turn: 'live.myshopify.com' });
    const backlog = Array.from({ length: 20 }, () => importing().then(() => served.push('bg')));
    await until(() => served.length >= 2);
    const servedBefore = served.length;
    await live().then(() => served.push('live'));
    await Promise.all(backlog);
    expect(served.indexOf('live') - servedBefore).toBeLessThanOrEqual(2);
  });

  it('drops the turn of a process that died, so it blocks nobody', async () => {
    const key = 'lexware:org:lapsed';
    await db('lexware_rate_turns').insert({
      key,
      turn: 'dead.myshopify.com',
      background: false,
      alive_until: new Date(Date.now() - 1000),
    });
    const throttle = sharedThrottle(db, key, 20, { turn: 'alive.myshopify.com' });
    // Back to back: all but the first find the slot taken and queue, which clears the lapsed turn.
    for (let i = 0; i < 3; i++) await throttle();
    expect(await db('lexware_rate_turns').where({ key })).toEqual([]);
  });
});
