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

export function sharedThrottle(db: Db, key: string, perSecond: number): () => Promise<void> {
  const interval = 1000 / perSecond;
  return async () => {
    const wait = await reserveSlot(db, key, interval);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };
}
