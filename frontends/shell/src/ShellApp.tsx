import { isUnder, navigate, shopQuery, useLocation, type AppLocation, type Shop } from '@belegfluss/frontend-kit';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { PageSkeleton, RouteSkeleton } from './firstPaint/RouteSkeleton';
import { AppFrame } from './frame/AppFrame';
import {
  Affiliate,
  AuditPage,
  ConnectWizard,
  HelpRoute,
  LogPage,
  NotFound,
  OrderDetail,
  Orders,
  PlanRoute,
  ToHome,
} from './lazyPages';
import { PageNotices } from './notices/PageNotices';
import { authUrl, redirectTop } from './notices/redirect';
import { Dashboard } from './pages/dashboard/Dashboard';
import { Teapot } from './pages/Teapot';
import { usePreloadRemotes } from './remotes/preload';
import { FederatedArea, remoteRouteFor } from './remotes/remoteRoutes';
import { useShell } from './session/ShellContext';
import { withEarlyShop } from './startup';

/** The shell's own routes; everything under a remote's base path goes to that remote. */
function routeContent(location: AppLocation, shop: Shop | undefined) {
  const { pathname, search } = location;
  if (isUnder(pathname, '/help')) return <HelpRoute pathname={pathname} search={search} />;
  const remote = remoteRouteFor(pathname);
  if (remote) return <FederatedArea route={remote} pathname={pathname} search={search} />;
  // Entry routes: the admin's app entry and the install link lead home once there is a session.
  if (isUnder(pathname, '/apps') || pathname === '/register') return <ToHome search={search} />;
  if (!shop) return <RouteSkeleton pathname={pathname} />;
  if (pathname === '/affiliate') return <Affiliate shop={shop} />;
  if (pathname === '/') return shop.home === 'orders' ? <Orders search={search} /> : <Dashboard shop={shop} />;
  if (pathname === '/home') return <Dashboard shop={shop} />;
  if (pathname === '/orders') return <Orders search={search} />;
  if (pathname === '/log') return <LogPage shop={shop} />;
  if (pathname === '/orders/audit') return <AuditPage />;
  if (isUnder(pathname, '/orders')) return <OrderDetail id={decodeURIComponent(pathname.slice('/orders/'.length))} />;
  if (isUnder(pathname, '/plan')) return <PlanRoute pathname={pathname} shop={shop} />;
  return <NotFound />;
}

/** `?assistant=connect` on any shell page opens the connect wizard; closing drops the parameter. */
function closeWizard(location: AppLocation) {
  const query = new URLSearchParams(location.search);
  query.delete('assistant');
  const rest = query.toString();
  navigate(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`, { replace: true });
}

export function ShellApp() {
  const { api, config, switchShop } = useShell();
  const location = useLocation();
  const query = shopQuery(api);
  const withEarly = { ...query, queryFn: withEarlyShop(query.queryFn) };
  // Started while rendering, before any page below subscribes: a page's own shop query (a remote's, mounted at
  // once) would otherwise fetch first, with a request of its own instead of the answer index.html asked for.
  usePrefetchQuery(withEarly);
  const shop = useQuery(withEarly);
  const lostToken = shop.data?.missingAccessToken ? shop.data.shop : undefined;
  usePreloadRemotes(shop.data);

  // Without an access token the shop must authorise the app again.
  useEffect(() => {
    if (lostToken) redirectTop(authUrl(config.apiUrl, lostToken));
  }, [lostToken, config.apiUrl]);

  // Help stays reachable so the teapot's contact action leads somewhere.
  if (shop.isError && !shop.data && !isUnder(location.pathname, '/help')) {
    return <Teapot error={shop.error} onRetry={() => void shop.refetch()} onSwitchShop={switchShop} />;
  }
  if (lostToken) return <PageSkeleton />;
  // The dashboard is in the first chunk; other pages load on demand behind the same skeleton.
  const content = (
    <Suspense fallback={<RouteSkeleton pathname={location.pathname} />}>{routeContent(location, shop.data)}</Suspense>
  );
  const wizardOpen = new URLSearchParams(location.search).get('assistant') === 'connect';
  return (
    <AppFrame shop={shop.data} pathname={location.pathname}>
      <PageNotices shop={shop.data} pathname={location.pathname}>
        {content}
      </PageNotices>
      {wizardOpen && shop.data ? (
        <Suspense fallback={null}>
          <ConnectWizard shop={shop.data} onClose={() => closeWizard(location)} />
        </Suspense>
      ) : null}
    </AppFrame>
  );
}
