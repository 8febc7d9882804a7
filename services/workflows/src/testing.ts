import { DefaultLogger, Runtime } from '@temporalio/worker';

/** Test runs keep Temporal's own logging to warnings, so failures stay readable. */
export function quietTemporal(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // already installed in this process
  }
}
