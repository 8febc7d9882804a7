import { setTimeout as sleep } from 'node:timers/promises';
import { InterceptingCall, ListenerBuilder, RequesterBuilder, type Interceptor } from '@grpc/grpc-js';
import { defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';

/**
 * Counts the gateway's Temporal calls from their start to their final status, retries and the waits between
 * them included. Closing the connection while a call waits to retry makes the retry's timer throw on the closed
 * channel, an error nobody can catch: a request whose client went away (its socket is closed, its handler still
 * awaits Temporal) is enough. So the gateway closes its connection only once this count is 0.
 */
export function createTemporalCalls() {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const tracker: Interceptor = (options, nextCall) =>
    new InterceptingCall(
      nextCall(options),
      new RequesterBuilder()
        .withStart((metadata, listener, next) => {
          inFlight++;
          let ended = false;
          next(
            metadata,
            new ListenerBuilder()
              .withOnReceiveStatus((status, nextStatus) => {
                if (!ended) {
                  ended = true;
                  inFlight--;
                  if (inFlight === 0) drained?.();
                }
                nextStatus(status);
              })
              .build(),
          );
        })
        .build(),
    );
  return {
    /** The connection's interceptors: the tracker outermost, around Temporal's own retries. */
    interceptors: [tracker, makeGrpcRetryInterceptor(defaultGrpcRetryOptions())],
    get inFlight(): number {
      return inFlight;
    },
    /** Resolves when no call is in flight, or after `boundMs`, whichever is first. */
    async settle(boundMs = 15_000): Promise<void> {
      if (inFlight === 0) return;
      const bound = new AbortController();
      await Promise.race([
        new Promise<void>((resolve) => (drained = resolve)),
        sleep(boundMs, undefined, { signal: bound.signal }).catch(() => undefined),
      ]);
      bound.abort();
    },
  };
}
