import { recordDeliveries, type Db, type DeliveryToRecord } from '@belegfluss/db';

/** Deliveries per insert, and inserts at once (each holds one pooled connection). */
const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 4;

interface Waiting {
  delivery: DeliveryToRecord;
  resolve: (fresh: boolean) => void;
  reject: (error: unknown) => void;
  since: number;
}

/**
 * Group commit for the webhook inbox. A request waits for its row to be written, as before, but the
 * requests that arrive while an insert is running share the next one: at low load every webhook gets its
 * own insert at once, under a burst a few hundred share one statement. Nothing is answered before its
 * row is committed, so a crash loses nothing Shopify was told we have.
 */
export function createInboxWriter(db: Db) {
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Requests waiting for their commit (queued or in an insert), and the most of them since last asked. */
  let open = 0;
  let peak = 0;
  /** The longest a request waited for its commit since last asked, in ms. */
  let slowest = 0;

  async function flush(): Promise<void> {
    const batch = waiting.splice(0, MAX_BATCH);
    inFlight += 1;
    try {
      const fresh = await recordDeliveries(
        db,
        batch.map((w) => w.delivery),
      );
      batch.forEach((w, i) => w.resolve(fresh[i] ?? false));
    } catch (error) {
      // One delivery PostgreSQL refuses (a NUL in a string, a malformed date) must not fail the others
      // that shared its insert: each is tried alone, and only the bad one gets its error.
      if (batch.length === 1) batch[0]!.reject(error);
      else
        await Promise.all(
          batch.map((w) => recordDeliveries(db, [w.delivery]).then(([fresh]) => w.resolve(fresh ?? false), w.reject)),
        );
    } finally {
      if (batch.length > 0) slowest = Math.max(slowest, Date.now() - batch[0]!.since);
      open -= batch.length;
      inFlight -= 1;
      schedule();
    }
  }

  function schedule(): void {
    if (scheduled || waiting.length === 0 || inFlight >= MAX_IN_FLIGHT) return;
    scheduled = true;
    // The requests read in the same turn of the event loop join this insert.
    setImmediate(() => {
      scheduled = false;
      if (waiting.length > 0 && inFlight < MAX_IN_FLIGHT) void flush();
      schedule();
    });
  }

  return {
    /** True when the delivery is new (not a repeat of a stored webhook id or event). */
    record(delivery: DeliveryToRecord): Promise<boolean> {
      return new Promise((resolve, reject) => {
        waiting.push({ delivery, resolve, reject, since: Date.now() });
        open += 1;
        if (open > peak) peak = open;
        schedule();
      });
    },
    /**
     * Since the last call: the most requests that waited for a commit at once (how hard webhooks arrive),
     * and the longest a request waited for it (how slow answers get).
     */
    takePressure(): { waiting: number; slowestMs: number } {
      const pressure = { waiting: peak, slowestMs: slowest };
      peak = open;
      slowest = 0;
      return pressure;
    },
  };
}

export type InboxWriter = ReturnType<typeof createInboxWriter>;
