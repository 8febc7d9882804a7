import { ApiError, type ApiClient } from '@belegfluss/frontend-kit';
import { vi } from 'vitest';

export type Handler = (call: {
  method: string;
  path: string;
  body: unknown;
  headers?: Record<string, string>;
}) => unknown;

/** An ApiClient answering through one handler; every call is recorded. A thrown or returned Error rejects. */
export function scriptedApi(handler: Handler) {
  const calls: { method: string; path: string; body: unknown; headers?: Record<string, string> }[] = [];
  const answer = async (method: string, path: string, body: unknown, headers?: Record<string, string>) => {
    calls.push({ method, path, body, headers });
    const value = await handler({ method, path, body, headers });
    if (value instanceof Error) throw value;
    if (value === undefined) throw new ApiError(404, 'Nicht gefunden');
    return value;
  };
  const api: ApiClient = {
    request: vi.fn((path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) =>
      answer(init?.method ?? 'GET', path, init?.body, init?.headers),
    ) as ApiClient['request'],
    get: vi.fn((path: string) => answer('GET', path, undefined)) as ApiClient['get'],
    raw: vi.fn(async () => new Response(null, { status: 404 })),
  };
  return { api, calls };
}
