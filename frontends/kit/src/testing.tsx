import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError, type ApiClient } from './api';
import type { RemoteAppProps } from './contract';
import { PolarisRoot } from './polaris';

/** Answers by path; a missing path is a 404, an Error value is thrown. */
export function fakeApi(routes: Record<string, unknown>): ApiClient {
  const answer = async (path: string) => {
    if (!(path in routes)) throw new ApiError(404, 'Nicht gefunden');
    const value = routes[path];
    if (value instanceof Error) throw value;
    return value;
  };
  return {
    request: (path) => answer(path) as never,
    get: (path) => answer(path) as never,
    raw: async () => new Response(null, { status: 404 }),
  };
}

/** A remote's App as the shell mounts it: Polaris and react-query around it, props from the contract. */
export function renderRemote(App: ComponentType<RemoteAppProps>, props: Partial<RemoteAppProps> & Pick<RemoteAppProps, 'api' | 'basePath'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PolarisRoot>
        <App path="/" search="" navigate={() => undefined} {...props} />
      </PolarisRoot>
    </QueryClientProvider>,
  );
}
