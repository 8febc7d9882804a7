import {
  appBridgeTokenSource,
  createApiClient,
  forgetShop,
  isUnder,
  navigate,
  readShopChoice,
  rememberShop,
  useLocation,
} from '@belegfluss/frontend-kit';
import { Banner, Page } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { RuntimeConfig } from '../config';
import { Affiliate, ExitIframe, HelpRoute, Landing, ShopPicker } from '../lazyPages';
import { fetchWithEarlyPage, sessionTokenSource } from '../startup';
import { ShellContext, type ShellSession } from './ShellContext';

/**
 * Decides where session tokens come from: App Bridge inside the Shopify admin,
 * otherwise the sandbox for a chosen shop. Nothing below renders without one.
 */
export function SessionGate({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const bridge = useMemo(() => appBridgeTokenSource(), []);
  const [shop, setShop] = useState(() => (bridge ? undefined : readShopChoice()));
  const [picking, setPicking] = useState(false);
  const { pathname, search } = useLocation();

  const session = useMemo<ShellSession | undefined>(() => {
    const tokenSource = sessionTokenSource(config, bridge, shop);
    if (!tokenSource) return undefined;
    const api = createApiClient({
      baseUrl: config.apiUrl,
      getToken: () => tokenSource.getToken(),
      fetchImpl: fetchWithEarlyPage,
    });
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

  // Leaving the admin's iframe needs no session: it is how a shop without a valid token gets one.
  if (pathname === '/exitiframe') return <ExitIframe search={search} />;
  if (session) return <ShellContext.Provider value={session}>{children}</ShellContext.Provider>;

  // A visitor who is not logged in: the public landing page, and the help pages that need no shop.
  // `/register` is the landing page's installation, for links from outside.
  if ((pathname === '/' || pathname === '/register') && !picking)
    return <Landing apiUrl={config.apiUrl} onSandboxLogin={config.sandboxUrl ? () => setPicking(true) : undefined} />;
  if (pathname === '/affiliate') return <Affiliate />;
  if (isUnder(pathname, '/help') && pathname !== '/help/contact')
    return <HelpRoute pathname={pathname} search={search} />;

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
