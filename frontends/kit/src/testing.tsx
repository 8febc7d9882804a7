import { Frame } from '@shopify/polaris';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError, type ApiClient } from './api';
import type { RemoteAppProps } from './contract';
import { PolarisRoot } from './polaris';

/**
 * Answers by `'METHOD /path'` or by path alone; a missing path is a 404, an
 * Error value is thrown, a function is called with the request body. Every call
 * is recorded in `calls`.
 */
export function fakeApi(
  routes: Record<string, unknown>,
): ApiClient & { calls: { method: string; path: string; body: unknown }[] } {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body });
    const key = `${method} ${path}` in routes ? `${method} ${path}` : path;
    if (!(key in routes)) throw new ApiError(404, 'Nicht gefunden');
    const route = routes[key];
    const value = typeof route === 'function' ? (route as (body: unknown) => unknown)(body) : route;
    if (value instanceof Error) throw value;
    return value;
  };
  return {
    calls,
    request: (path, init) => answer(init?.method ?? 'GET', path, init?.body) as never,
    get: (path) => answer('GET', path) as never,
    raw: async () => new Response(null, { status: 404 }),
  };
}

/** A remote's App as the shell mounts it: Polaris and react-query around it, props from the contract. */
export function renderRemote(
  App: ComponentType<RemoteAppProps>,
  props: Partial<RemoteAppProps> & Pick<RemoteAppProps, 'api' | 'basePath'>,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PolarisRoot>
        <Frame>
          <App path="/" search="" navigate={() => undefined} {...props} />
        </Frame>
      </PolarisRoot>
    </QueryClientProvider>,
  );
}
