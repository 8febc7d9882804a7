import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Work a request starts and does not wait for (the welcome mail, a billing nudge). Stopping the gateway waits for
 * it, up to a bound, before the database pool goes away: a gateway stopped right after an install (a deploy, a
 * scale-down) still sends that shop's welcome mail instead of losing it to a closed pool.
 */
export function createBackground() {
  const running = new Set<Promise<unknown>>();
  return {
    /** Starts `task` now; its own errors are its business (each caller catches and logs them). */
    run(task: () => Promise<unknown>): void {
      const done: Promise<unknown> = task()
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
    },
    /** How many tasks are still running. */
    get size(): number {
      return running.size;
    },
    /** Resolves when every running task has ended, or after `boundMs`, whichever is first. */
    async settle(boundMs = 15_000): Promise<void> {
      if (running.size === 0) return;
      const bound = new AbortController();
      await Promise.race([Promise.allSettled([...running]), sleep(boundMs, undefined, { signal: bound.signal })]).catch(
        () => undefined,
      );
      bound.abort();
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
