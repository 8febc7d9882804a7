import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index.js';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the app: records every request and answers with whatever `respond` says. */
export async function fakeApp(
  respond: (r: Received) => number = () => 200,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      res.statusCode = respond(r);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startTestSandbox(o: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    ports: { control: 0, shopify: 0, lexware: 0, paypal: 0, smtp: 0, smtps: 0 },
    log: false,
    smtp: false,
    webhookRetryDelaysMs: [20, 40],
    lexwareEventRetryDelaysMs: [20, 40],
    ...o,
  });
}

export async function json<T = unknown>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A test's calls into one sandbox: the Lexware API with the test's token, and the control API. Both are read
 * through `current` on each call, since tests start the sandbox and fetch the token in beforeAll.
 */
export function lexwareCalls(current: () => { sb: RunningSandbox; auth: Record<string, string> }) {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${current().sb.urls.lexwareApi}${path}`, {
      ...init,
      headers: { ...current().auth, ...(init.headers as Record<string, string>) },
    });
  const apiPost = (path: string, body: unknown) => post(`${current().sb.urls.lexwareApi}${path}`, body, current().auth);
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${current().sb.urls.control}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { api, apiPost, control };
}

/** Creates `shop` in the sandbox and returns an Admin API access token with `scopes`. */
export async function shopWithToken(sb: RunningSandbox, shop: string, scopes: string[]): Promise<string> {
  await post(`${sb.urls.control}/control/shops`, { shop });
  const res = await post(`${sb.urls.control}/control/shops/${shop}/access-token`, { scopes });
  return (await json<{ access_token: string }>(res)).access_token;
}
