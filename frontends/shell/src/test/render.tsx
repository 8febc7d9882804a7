import { PolarisRoot, type ApiClient } from '@belegfluss/frontend-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Frame } from '@shopify/polaris';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ToastProvider } from '../frame/toast';
import { ShellContext, type ShellSession } from '../session/ShellContext';

export function renderWithPolaris(ui: ReactElement) {
  return render(<PolarisRoot>{ui}</PolarisRoot>);
}

/** A shell page as it runs: session, query client, Polaris frame and toasts. */
export function renderInShell(
  ui: ReactElement,
  api: ApiClient,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const session: ShellSession = {
    config: { apiUrl: '/api', sandboxUrl: '/sandbox', remotes: { preferences: 'p', partner: 'q', admin: 'r' } },
    tokenSource: { kind: 'sandbox', shop: 'demo.myshopify.com', getToken: async () => 'tok' },
    api,
  };
  const result = render(
    <QueryClientProvider client={client}>
      <PolarisRoot>
        <ShellContext.Provider value={session}>
          <Frame>
            <ToastProvider>{ui}</ToastProvider>
          </Frame>
        </ShellContext.Provider>
      </PolarisRoot>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
