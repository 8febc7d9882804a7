import {
  appBridgeTokenSource,
  createApiClient,
  forgetShop,
  navigate,
  readShopChoice,
  rememberShop,
  sandboxTokenSource,
} from '@belegfluss/frontend-kit';
import { Banner, Page } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { RuntimeConfig } from '../config';
import { ShellContext, type ShellSession } from './ShellContext';
import { ShopPicker } from './ShopPicker';

/**
 * Decides where session tokens come from: App Bridge inside the Shopify admin,
 * otherwise the sandbox for a chosen shop. Nothing below renders without one.
 */
export function SessionGate({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const bridge = useMemo(() => appBridgeTokenSource(), []);
  const [shop, setShop] = useState(() => (bridge ? undefined : readShopChoice()));

  const session = useMemo<ShellSession | undefined>(() => {
    const tokenSource = bridge ?? (config.sandboxUrl && shop ? sandboxTokenSource(config.sandboxUrl, shop) : undefined);
    if (!tokenSource) return undefined;
    const api = createApiClient({ baseUrl: config.apiUrl, getToken: () => tokenSource.getToken() });
    const switchShop = bridge
      ? undefined
      : () => {
          forgetShop();
          queryClient.clear();
          navigate(window.location.pathname, { replace: true });
          setShop(undefined);
        };
    return { config, tokenSource, api, switchShop };
  }, [bridge, config, shop, queryClient]);

  if (session) return <ShellContext.Provider value={session}>{children}</ShellContext.Provider>;

  if (!config.sandboxUrl) {
    return (
      <Page narrowWidth title="Belegfluss">
        <Banner tone="warning" title="Bitte öffne Belegfluss in deinem Shopify-Admin">
          <p>Belegfluss läuft eingebettet im Shopify-Admin. Öffne die App dort unter „Apps“.</p>
        </Banner>
      </Page>
    );
  }
  return (
    <ShopPicker
      sandboxUrl={config.sandboxUrl}
      onPick={(picked) => {
        rememberShop(picked);
        setShop(picked);
      }}
    />
  );
}
