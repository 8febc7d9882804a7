import { isUnder, shopQuery, useLocation, type AppLocation, type Shop } from '@belegfluss/frontend-kit';
import { Card, Loading, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { AppFrame } from './frame/AppFrame';
import { Dashboard } from './pages/dashboard/Dashboard';
import { Help } from './pages/help/Help';
import { HelpContact } from './pages/help/HelpContact';
import { NotFound } from './pages/NotFound';
import { Orders } from './pages/orders/Orders';
import { Plan } from './pages/plan/Plan';
import { Teapot } from './pages/Teapot';
import { FederatedArea, remoteRouteFor } from './remotes/remoteRoutes';
import { useShell } from './session/ShellContext';

function PageSkeleton() {
  return (
    <>
      <Loading />
      <SkeletonPage>
        <Card>
          <SkeletonBodyText lines={4} />
        </Card>
      </SkeletonPage>
    </>
  );
}

/** The shell's own routes (spec 1 §2); everything under a remote's base path goes to that remote. */
function routeContent(location: AppLocation, shop: Shop | undefined) {
  const { pathname, search } = location;
  if (pathname === '/help/contact') return <HelpContact search={search} />;
  if (isUnder(pathname, '/help')) return <Help />;
  const remote = remoteRouteFor(pathname);
  if (remote) return <FederatedArea route={remote} pathname={pathname} search={search} />;
  if (!shop) return <PageSkeleton />;
  if (pathname === '/') return shop.home === 'orders' ? <Orders /> : <Dashboard shop={shop} />;
  if (pathname === '/home') return <Dashboard shop={shop} />;
  if (isUnder(pathname, '/orders')) return <Orders />;
  if (isUnder(pathname, '/plan')) return <Plan shop={shop} />;
  return <NotFound />;
}

export function ShellApp() {
  const { api, switchShop } = useShell();
  const location = useLocation();
  const shop = useQuery(shopQuery(api));

  // Help stays reachable so the teapot's contact action leads somewhere.
  if (shop.isError && !shop.data && !isUnder(location.pathname, '/help')) {
    return <Teapot error={shop.error} onRetry={() => void shop.refetch()} onSwitchShop={switchShop} />;
  }
  return (
    <AppFrame shop={shop.data} pathname={location.pathname}>
      {routeContent(location, shop.data)}
    </AppFrame>
  );
}
