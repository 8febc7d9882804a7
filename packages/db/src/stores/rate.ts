import type { Db } from '../connection';

/**
 * Lexware allows 2 requests per second per connection, across all our workers.
 * Each call reserves the next free slot in one atomic statement and waits for it,
 * so any number of processes together stay within the limit. PostgreSQL is the
 * one store every worker al shares; no extra service is needed.
 */
export async function reserveSlot(db: Db, key: string, intervalMs: number): Promise<number> {
  const { rows } = await db.raw(
    `insert into lexware_rate (key, next_slot) values (?, clock_timestamp() + make_interval(secs => ? / 1000.0))
     on conflict (key) do update
       set next_slot = greatest(lexware_rate.next_slot, clock_timestamp()) + make_interval(secs => ? / 1000.0)
     returning extract(epoch from (next_slot - clock_timestamp())) * 1000 - ? as wait_ms`,
    [key, intervalMs, intervalMs, intervalMs],
  );
  return Math.max(0, Number((rows as { wait_ms: number }[])[0]?.wait_ms ?? 0));
}

/**
 * A slot for background work (the historical import): taken only while no live request is
 * queued for this connection beyond the slot running now, so a live order's request waits
 * behind at most one background request (plus `leadMs`). `leadMs` lets the background reserve
 * the next slot that much before the current one ends: the slots follow each other without the
 * gap a poll's own latency would otherwise leave unused. Returns the wait for the slot, or the
 * time to look again.
 */
export async function reserveIdleSlot(
  db: Db,
  key: string,
  intervalMs: number,
  leadMs = 0,
): Promise<{ wait: number } | { retryIn: number }> {
  const { rows } = await db.raw(
    `insert into lexware_rate (key, next_slot) values (?, clock_timestamp() + make_interval(secs => ? / 1000.0))
     on conflict (key) do update
       set next_slot = greatest(lexware_rate.next_slot, clock_timestamp()) + make_interval(secs => ? / 1000.0)
       where lexware_rate.next_slot <= clock_timestamp() + make_interval(secs => ? / 1000.0)
     returning extract(epoch from (next_slot - clock_timestamp())) * 1000 - ? as wait_ms`,
    [key, intervalMs, intervalMs, leadMs, intervalMs],
  );
  const row = (rows as { wait_ms: number }[])[0];
  if (row) return { wait: Math.max(0, Number(row.wait_ms)) };
  const queued = await db('lexware_rate')
    .where({ key })
    .first(db.raw('extract(epoch from (next_slot - clock_timestamp())) * 1000 as ms'));
  return { retryIn: Math.max(10, Number((queued as { ms?: number } | undefined)?.ms ?? intervalMs) - leadMs) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The background requests of this process, per connection, in the order they asked: only the
 * first looks for a slot; the others wait their turn here instead of all asking PostgreSQL at
 * every slot's end (hundreds of waiting activities would flood it, and the slot would go to
 * whoever happened to ask first, starving some past their activity's timeout).
 */
const backgroundTurns = new Map<string, Promise<void>>();

async function inTurn(key: string, take: () => Promise<void>): Promise<void> {
  const before = backgroundTurns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const released = new Promise<void>((resolve) => {
    done = resolve;
  });
  const mine = before.then(() => released);
  backgroundTurns.set(key, mine);
  await before;
  try {
    await take();
  } finally {
    done();
    if (backgroundTurns.get(key) === mine) backgroundTurns.delete(key);
  }
}

/** background: yields to every request of live work on the same connection (see reserveIdleSlot). */
export function sharedThrottle(
  db: Db,
  key: string,
  perSecond: number,
  opts: { background?: boolean } = {},
): () => Promise<void> {
  const interval = 1000 / perSecond;
  const lead = interval / 4;
  return async () => {
    if (!opts.background) {
      const wait = await reserveSlot(db, key, interval);
      if (wait > 0) await sleep(wait);
      return;
    }
    let wait = 0;
    // The turn passes on once the slot is reserved: the next one looks while this one waits for its slot.
    await inTurn(key, async () => {
      for (;;) {
        const slot = await reserveIdleSlot(db, key, interval, lead);
        if ('wait' in slot) {
          wait = slot.wait;
          return;
        }
        // A little later than the live queue's end, so a live request arriving meanwhile still comes first.
        await sleep(slot.retryIn + Math.random() * 20);
      }
    });
    if (wait > 0) await sleep(wait);
  };
}
