import type { Db } from '../connection';

/**
 * Lexware allows 2 requests per second per connection, across all our workers.
 * Each call reserves the next free slot in one atomic statement and waits for it,
 * so any number of processes together stay within the limit. PostgreSQL is the
 * one store every worker al shares; no extra service is needed.
 */
export async function reserveSlot(db: Db, key: string, intervalMs: number): Promise<number> {
  const { rows } = await db.raw(
    `insert into lexoffice_rate (key, next_slot) values (?, clock_timestamp() + make_interval(secs => ? / 1000.0))
     on conflict (key) do update
       set next_slot = greatest(lexoffice_rate.next_slot, clock_timestamp()) + make_interval(secs => ? / 1000.0)
     returning extract(epoch from (next_slot - clock_timestamp())) * 1000 - ? as wait_ms`,
    [key, intervalMs, intervalMs, intervalMs],
  );
  return Math.max(0, Number((rows as { wait_ms: number }[])[0]?.wait_ms ?? 0));
}

/**
 * A slot for background work (the historical import): taken only while no request is queued
 * for this connection, so a live order's request waits behind at most one background request.
 * Returns the wait for the slot, or null with the time to look again.
 */
export async function reserveIdleSlot(db: Db, key: string, intervalMs: number): Promise<{ wait: number } | { retryIn: number }> {
  const { rows } = await db.raw(
    `insert into lexoffice_rate (key, next_slot) values (?, clock_timestamp() + make_interval(secs => ? / 1000.0))
     on conflict (key) do update
       set next_slot = greatest(lexoffice_rate.next_slot, clock_timestamp()) + make_interval(secs => ? / 1000.0)
       where lexoffice_rate.next_slot <= clock_timestamp()
     returning extract(epoch from (next_slot - clock_timestamp())) * 1000 - ? as wait_ms`,
    [key, intervalMs, intervalMs, intervalMs],
  );
  const row = (rows as { wait_ms: number }[])[0];
  if (row) return { wait: Math.max(0, Number(row.wait_ms)) };
  const queued = await db('lexoffice_rate').where({ key }).first(db.raw('extract(epoch from (next_slot - clock_timestamp())) * 1000 as ms'));
  return { retryIn: Math.max(10, Number((queued as { ms?: number } | undefined)?.ms ?? intervalMs)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** background: yields to every request of live work on the same connection (see reserveIdleSlot). */
export function sharedThrottle(db: Db, key: string, perSecond: number, opts: { background?: boolean } = {}): () => Promise<void> {
  const interval = 1000 / perSecond;
  return async () => {
    if (!opts.background) {
      const wait = await reserveSlot(db, key, interval);
      if (wait > 0) await sleep(wait);
      return;
    }
    for (;;) {
      const slot = await reserveIdleSlot(db, key, interval);
      if ('wait' in slot) {
        if (slot.wait > 0) await sleep(slot.wait);
        return;
      }
      // A little later than the queue's end, so a live request arriving meanwhile still comes first.
      await sleep(slot.retryIn + Math.random() * 20);
    }
  };
}
