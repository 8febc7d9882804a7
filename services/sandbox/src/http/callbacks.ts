import type { Logger } from 'pino';

/** One try to hand a callback to the app; kept so tests and the control page can see retries. */
export interface CallbackAttempt {
  at: string;
  status: number | null;
  error?: string;
  durationMs: number;
}

/** What both senders record per callback: the exact body sent, its attempts and where it ended. */
export interface CallbackRecord {
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: CallbackAttempt[];
}

export interface CallbackPolicy {
  /** Waits between tries; the first retry waits `retryDelaysMs[0]`. Runs out → failed. */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** Whether a non-2xx answer (or null: no answer at all) is tried again. */
  retried: (status: number | null) => boolean;
  log: Logger;
}

/**
 * The delivery half shared by Shopify webhooks and Lexware event callbacks: POST the recorded
 * body with the service's own (signed) headers, record the attempt, retry on the policy's
 * schedule with the identical body, and let tests wait until nothing is in flight.
 * Signing and what a final status means stay with each service.
 */
export class CallbackSender {
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private policy: CallbackPolicy) {}

  /** Sends now; `headers` is called per attempt. `onFinal` learns the last status once the record is delivered or failed. */
  send(
    record: CallbackRecord,
    headers: () => Record<string, string>,
    onFinal?: (status: number | null) => void,
  ): Promise<void> {
    const p = this.attempt(record, headers, onFinal);
    this.track(p);
    return p;
  }

  /** Resolves when nothing is being sent right now (scheduled retries do not count). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async attempt(
    record: CallbackRecord,
    headers: () => Record<string, string>,
    onFinal?: (status: number | null) => void,
  ): Promise<void> {
    if (this.stopped) return;
    const started = Date.now();
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(record.url, {
        method: 'POST',
        body: record.body,
        signal: AbortSignal.timeout(this.policy.timeoutMs),
        headers: { 'Content-Type': 'application/json', ...headers() },
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    record.attempts.push({ at: new Date(started).toISOString(), status, error, durationMs: Date.now() - started });
    if (status !== null && status >= 200 && status < 300) {
      record.status = 'delivered';
      onFinal?.(status);
      return;
    }
    const delay = this.policy.retryDelaysMs[record.attempts.length - 1];
    if (delay === undefined || this.stopped || !this.policy.retried(status)) {
      record.status = 'failed';
      this.policy.log.warn({ url: record.url, status, error }, 'callback delivery failed for good');
      onFinal?.(status);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(record, headers, onFinal));
    }, delay);
    this.timers.add(timer);
  }
}
