import { markSignalled, unsignalledDeliveries, type Db, type InboxCursor, type WebhookDelivery } from '@belegfluss/db';
import type { Logger } from 'pino';
import type { InboxWriter } from './inbox-writer';

/** What the relay reads the inbox with; the dispatcher also watches the inbox's commits. */
type RelayContext = { db: Db; log: Pick<Logger, 'warn'> };
type DispatchContext = RelayContext & { inbox: Pick<InboxWriter, 'takePressure'> };

/**
 * A queue per shop, served in turn: take() hands out the oldest item of the next shop in the rotation, so a
 * shop with thousands waiting gets one turn like a shop with one. Within a shop the order of arrival holds.
 */
export class ShopRoundRobin<T> {
  private readonly queues = new Map<string, T[]>();
  /** Shops with something queued, in the order of their next turn. */
  private readonly turns: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(shopId: string, item: T): void {
    const queue = this.queues.get(shopId);
    if (queue) queue.push(item);
    else {
      this.queues.set(shopId, [item]);
      this.turns.push(shopId);
    }
    this.count++;
  }

  take(): T | undefined {
    const shopId = this.turns.shift();
    if (shopId === undefined) return undefined;
    const queue = this.queues.get(shopId)!;
    const item = queue.shift()!;
    if (queue.length > 0) this.turns.push(shopId);
    else this.queues.delete(shopId);
    this.count--;
    return item;
  }

  /**
   * Makes room for `shopId` when the queue is full: gives back the newest item of the shop with the most queued,
   * or nothing when no shop has at least two more than `shopId` (then its newcomer is the one to leave).
   */
  yieldFor(shopId: string): T | undefined {
    let longest: string | undefined;
    let most = (this.queues.get(shopId)?.length ?? 0) + 1;
    for (const [id, queue] of this.queues)
      if (queue.length > most) {
        longest = id;
        most = queue.length;
      }
    if (longest === undefined) return undefined;
    const queue = this.queues.get(longest)!;
    const item = queue.pop()!;
    if (queue.length === 0) {
      this.queues.delete(longest);
      this.turns.splice(this.turns.indexOf(longest), 1);
    }
    this.count--;
    return item;
  }

  clear(): void {
    this.queues.clear();
    this.turns.length = 0;
    this.count = 0;
  }
}

/** Signalled deliveries are marked in one update per this many, or after this long. */
const MARK_BATCH = 500;
const MARK_AFTER_MS = 20;
/**
 * Webhooks arrive in a burst when this many waited for their commit at once: signals then give way. Answers
 * are slow when one waited this long for its commit: signals then go out two at a time.
 */
const BURST_WAITING = 16;
const SLOW_COMMIT_MS = 50;
const SLOW_CONCURRENCY = 2;
const TICK_MS = 250;

/**
 * Signals run in the background, outside the request path, with bounded concurrency: a burst of webhooks
 * is answered at once and reaches Temporal at the pace Temporal can take. Taking webhooks in comes first
 * (a signalWithStart costs this process several times what answering a webhook does, and Temporal more):
 * during a burst (many webhooks waiting for their commit at once) one signal per tick goes out, while
 * answers are slow (a commit waited over 50 ms) two at a time, and full concurrency once that has passed.
 * Rows are durable in the inbox, so nothing waits on this but the workflows. A delivery already queued or
 * in flight is not queued twice. The queue is fair across shops (ShopRoundRobin): one shop's burst of thousands
 * does not hold back another shop's live order behind it, and each shop's deliveries keep their order. Signalled
 * rows are marked in batches: a gateway that dies in between leaves them to the relay, which signals them again
 * (a repeated signal is harmless, as after any relay).
 */
export function createDispatcher(
  ctx: DispatchContext,
  /** Hands one delivery on (deliveries.ts: to its order workflow, or to its topic's handler). */
  deliver: (d: WebhookDelivery) => Promise<void>,
  concurrency = Number(process.env.SIGNAL_CONCURRENCY ?? 8),
  maxQueued = 20_000,
) {
  const queue = new ShopRoundRobin<WebhookDelivery>();
  const pending = new Set<string>();
  let active = 0;
  let closed = false;

  let busy = false;
  let limit = concurrency;
  const ticker = setInterval(() => {
    const pressure = ctx.inbox.takePressure();
    busy = pressure.waiting >= BURST_WAITING;
    limit = pressure.slowestMs > SLOW_COMMIT_MS ? Math.min(SLOW_CONCURRENCY, concurrency) : concurrency;
    // A trickle while busy, so a burst that doesn't end still makes progress.
    if (busy && active === 0 && queue.size > 0) start(queue.take()!);
    pump();
  }, TICK_MS);
  ticker.unref();

  let signalled: string[] = [];
  let markTimer: NodeJS.Timeout | undefined;
  let marking = Promise.resolve();
  const mark = () => {
    clearTimeout(markTimer);
    markTimer = undefined;
    const ids = signalled;
    signalled = [];
    marking = marking
      .then(() => markSignalled(ctx.db, ids))
      .catch((err: unknown) => ctx.log.warn({ err }, 'could not mark deliveries signalled; relay will retry'));
  };
  const signalledOne = (webhookId: string) => {
    signalled.push(webhookId);
    if (signalled.length >= MARK_BATCH) mark();
    else markTimer ??= setTimeout(mark, MARK_AFTER_MS);
  };

  const start = (d: WebhookDelivery) => {
    active++;
    deliver(d)
      .then(() => signalledOne(d.webhookId))
      .catch((err: unknown) => ctx.log.warn({ err, webhookId: d.webhookId }, 'signal failed; relay will retry'))
      .finally(() => {
        active--;
        pending.delete(d.webhookId);
        pump();
      });
  };
  const pump = () => {
    while (!closed && !busy && active < limit && queue.size > 0) start(queue.take()!);
  };
  return {
    /** How many more deliveries the queue takes. */
    room(): number {
      return closed ? 0 : maxQueued - queue.size;
    },
    /** Nothing queued or in flight. */
    idle(): boolean {
      return queue.size === 0 && active === 0;
    },
    /**
     * Past maxQueued a row stays unsignalled and the relay takes it later: the newest of the shop with the most
     * queued gives way, so a full queue still takes the live order of a shop that has few.
     */
    enqueue(d: WebhookDelivery): void {
      if (closed || pending.has(d.webhookId)) return;
      if (queue.size >= maxQueued) {
        const leaving = queue.yieldFor(d.shopId);
        if (!leaving) return;
        pending.delete(leaving.webhookId);
      }
      pending.add(d.webhookId);
      queue.add(d.shopId, d);
      pump();
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(ticker);
      queue.clear();
      while (active > 0) await new Promise((r) => setTimeout(r, 20));
      mark();
      await marking;
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * Re-signals deliveries that were answered 200 but never reached Temporal (it was down, the gateway died
 * in between, or a burst outran the dispatcher's queue), so an acknowledged webhook is never lost. Each
 * round pages on from where the last one stopped, as far as the dispatcher has room; once a pass has reached
 * the newest, the next starts from the oldest when the dispatcher is idle: a backlog of any size goes out at
 * the dispatcher's pace, and each row is read about once.
 */
export function startRelay(
  ctx: RelayContext,
  dispatcher: Dispatcher,
  everyMs = 5_000,
  olderThanMs = 30_000,
  page = 500,
): () => void {
  let running = false;
  let cursor: InboxCursor | undefined;
  const round = async () => {
    // A new pass waits for the queue to empty: it would read the queued rows again only to skip them.
    if (!cursor && !dispatcher.idle()) return;
    while (dispatcher.room() >= page) {
      const next = await unsignalledDeliveries(ctx.db, olderThanMs, page, cursor);
      next.deliveries.forEach((d) => dispatcher.enqueue(d));
      cursor = next.cursor;
      if (next.deliveries.length < page) {
        cursor = undefined;
        return;
      }
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'relay could not read the inbox; will try again'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => clearInterval(timer);
}
