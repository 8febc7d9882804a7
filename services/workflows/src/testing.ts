import { DefaultLogger, Runtime } from '@temporalio/worker';

/** Test runs keep Temporal's own logging to warnings, so failures stay readable. */
export function quietTemporal(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // already installed in this process
  }
}

/** The sandbox's control API as tests call it: a GET, or a POST with a JSON body; anything but 2xx throws. */
export function sandboxControl(controlUrl: () => string) {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(
      `${controlUrl()}/control${path}`,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
