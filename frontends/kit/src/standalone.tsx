import { Banner, Frame, Page } from '@shopify/polaris';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api';
import type { RemoteAppProps } from './contract';
import { PolarisRoot } from './polaris';
import { isUnder, navigate, pathBelow, useLocation } from './router';
import { readShopChoice, sandboxTokenSource } from './session';

/**
 * A remote on its own (its dev or preview server), without the shell: for
 * developing and testing one area alone. Uses the same `/api` and `/sandbox`
 * proxies as the shell, and `?shop=` or the shop last chosen in the shell.
 */
function Standalone({ App, basePath }: { App: ComponentType<RemoteAppProps>; basePath: string }) {
  const location = useLocation();
  const shop = readShopChoice();
  const api = useMemo(
    () =>
      shop ? createApiClient({ baseUrl: '/api', getToken: sandboxTokenSource('/sandbox', shop).getToken }) : undefined,
    [shop],
  );
  const inside = isUnder(location.pathname, basePath);
  useEffect(() => {
    if (!inside) navigate(basePath, { replace: true });
  }, [inside, basePath]);

  if (!api) {
    return (
      <Page title="Belegfluss">
        <Banner tone="warning" title="Kein Shop gewählt">
          <p>Hänge ?shop=dein-shop.myshopify.com an die Adresse an oder wähle einen Shop in der Hauptanwendung.</p>
        </Banner>
      </Page>
    );
  }
  if (!inside) return null;
  return (
    <App
      basePath={basePath}
      path={pathBelow(location.pathname, basePath)}
      search={location.search}
      navigate={navigate}
      api={api}
    />
  );
}

export function mountStandalone(App: ComponentType<RemoteAppProps>, basePath: string): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root fehlt');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <PolarisRoot>
        {/* Toasts and modals of a remote need the Frame the shell otherwise provides. */}
        <Frame>
          <Standalone App={App} basePath={basePath} />
        </Frame>
      </PolarisRoot>
    </QueryClientProvider>,
  );
}
