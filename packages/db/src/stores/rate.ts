import type { Db } from '../connection';

/**
 * Lexware allows 2 requests per second (see the session for what one limit covers), across all our workers.
 * Each call reserves the next free slot in one atomic statement and waits for it,
 * so any number of processes together stay within the limit. PostgreSQL is the
 * one store every worker shares; no extra service is needed.
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

/** How long a waiting turn stays in the queue without its process looking again; a dead process's turn lapses then. */
const TURN_LEASE_MS = 15_000;
/** A waiter far back in the queue still looks this often, which keeps its turn alive. */
const LONGEST_NAP_MS = 2_000;

/**
 * The slot right away when it is free and nobody waits for it: a lone request costs one statement.
 * Anyone waiting (live or background) has the right of way, so this never jumps the queue.
 */
async function reserveIfNobodyWaits(db: Db, key: string, intervalMs: number, leadMs: number): Promise<number | null> {
  const { rows } = await db.raw(
    `insert into lexware_rate (key, next_slot)
       select ?, clock_timestamp() + make_interval(secs => ? / 1000.0)
       where not exists (select 1 from lexware_rate_turns where key = ? and alive_until >= clock_timestamp())
     on conflict (key) do update
       set next_slot = greatest(lexware_rate.next_slot, clock_timestamp()) + make_interval(secs => ? / 1000.0)
       where lexware_rate.next_slot <= clock_timestamp() + make_interval(secs => ? / 1000.0)
     returning extract(epoch from (next_slot - clock_timestamp())) * 1000 - ? as wait_ms`,
    [key, intervalMs, key, intervalMs, leadMs, intervalMs],
  );
  const row = (rows as { wait_ms: number }[])[0];
  return row ? Math.max(0, Number(row.wait_ms)) : null;
}

/**
 * Where this turn stands in the queue of its key, keeping it alive and dropping lapsed ones: live before
 * background, and within each the shops' first turns before anyone's second (round robin), oldest first.
 * null when the turn itself lapsed (its process stood still longer than the lease).
 */
async function turnPosition(db: Db, key: string, id: number): Promise<number | null> {
  const { rows } = await db.raw(
    `with mine as (update lexware_rate_turns set alive_until = clock_timestamp() + make_interval(secs => ? / 1000.0)
                   where id = ? returning id),
          lapsed as (delete from lexware_rate_turns where key = ? and id <> ? and alive_until < clock_timestamp())
     select pos from (
       select id, row_number() over (order by background, round, id) - 1 as pos
       from (select id, background, row_number() over (partition by background, turn order by id) as round
             from lexware_rate_turns where key = ? and (alive_until >= clock_timestamp() or id = ?)) q
     ) r where id = (select id from mine)`,
    [TURN_LEASE_MS, id, key, id, key, id],
  );
  const row = (rows as { pos: number }[])[0];
  return row ? Number(row.pos) : null;
}

async function joinQueue(db: Db, key: string, turn: string, background: boolean): Promise<number> {
  const [row] = await db('lexware_rate_turns')
    .insert({
      key,
      turn,
      background,
      alive_until: db.raw(`clock_timestamp() + make_interval(secs => ? / 1000.0)`, [TURN_LEASE_MS]),
    })
    .returning('id');
  return Number((row as { id: number }).id);
}

/**
 * Waits in the queue of `key` until it is this turn's go, then reserves its slot; returns the wait for it.
 * The first in line takes a slot once the current one is about to end (`leadMs` before, so slots follow
 * without a gap); the others nap about as long as the turns before them will take.
 */
async function slotInTurn(
  db: Db,
  key: string,
  turn: string,
  background: boolean,
  intervalMs: number,
  leadMs: number,
): Promise<number> {
  let id = await joinQueue(db, key, turn, background);
  try {
    for (;;) {
      const pos = await turnPosition(db, key, id);
      if (pos === null) {
        id = await joinQueue(db, key, turn, background);
        continue;
      }
      if (pos === 0) {
        const slot = await reserveIdleSlot(db, key, intervalMs, leadMs);
        if ('wait' in slot) return slot.wait;
        await sleep(slot.retryIn + Math.random() * 10);
        continue;
      }
      await sleep(Math.min(LONGEST_NAP_MS, Math.max(10, pos * intervalMs - leadMs)));
    }
  } finally {
    await db('lexware_rate_turns').where({ id }).delete();
  }
}

/**
 * The requests of this process, per key, shop and kind, in the order they asked: only the first of them
 * waits in the shared queue; the others wait their turn here. So the queue holds one turn per shop and
 * process, hundreds of waiting activities don't flood PostgreSQL, and a shop's own requests keep their order.
 */
const localTurns = new Map<string, Promise<void>>();

async function inTurn(key: string, take: () => Promise<void>): Promise<void> {
  const before = localTurns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const released = new Promise<void>((resolve) => {
    done = resolve;
  });
  const mine = before.then(() => released);
  localTurns.set(key, mine);
  await before;
  try {
    await take();
  } finally {
    done();
    if (localTurns.get(key) === mine) localTurns.delete(key);
  }
}

export interface ThrottleOptions {
  /** The historical import's requests: they yield to every live request waiting for the same key. */
  background?: boolean;
  /** Who asks (the shop): shops sharing one key take the slots in turn. */
  turn?: string;
}

/**
 * A wait for the next slot of `key` (perSecond slots a second), shared by every process. Shops sharing a key
 * (one Lexware organisation) take turns, live requests before background ones.
 */
export function sharedThrottle(
  db: Db,
  key: string,
  perSecond: number,
  opts: ThrottleOptions = {},
): () => Promise<void> {
  const interval = 1000 / perSecond;
  const lead = interval / 4;
  const background = Boolean(opts.background);
  const turn = opts.turn ?? key;
  return async () => {
    let wait = 0;
    // The turn passes on once the slot is reserved: the next one queues while this one waits for its slot.
    await inTurn(`${key}\n${turn}\n${background}`, async () => {
      wait =
        (await reserveIfNobodyWaits(db, key, interval, lead)) ??
        (await slotInTurn(db, key, turn, background, interval, lead));
    });
    if (wait > 0) await sleep(wait);
  };
}
