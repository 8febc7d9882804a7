import { isUnder, SettingsHomePage, type Shop } from '@belegfluss/frontend-kit';
import {
  BlockStack,
  Card,
  Layout,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
} from '@shopify/polaris';
import { TipsPanel } from '../notices/TipsPanel';
import { PAGE_HEADERS } from '../pages/headers';
import { LogPageFrame } from '../pages/log/LogPageFrame';
import { remoteRouteFor } from '../remotes/routes';

/**
 * What a page shows until it can show itself: its title and the parts that need no data, with skeletons for
 * the rest. The same components paint the page's first view from index.html before any script has run (see
 * scripts/first-paint.tsx), so the app's first render shows the same thing and the page changes only once,
 * when its data is there.
 */
export function RouteSkeleton({
  pathname,
  plan,
}: {
  pathname: string;
  plan?: Pick<Shop['plan'], 'name' | 'logMaxAge'>;
}) {
  // The settings home's frame needs no data, and the remote shows the same while its cards load.
  if (pathname === '/preferences' || pathname === '/preferences/') return <SettingsHomePage />;
  const remote = remoteRouteFor(pathname);
  if (remote) return <AreaSkeleton title={remote.area} />;
  if (pathname === '/' || pathname === '/home') return <DashboardSkeleton />;
  if (pathname === '/log') return <LogSkeleton plan={plan} />;
  return <PageSkeleton header={headerOf(pathname)} />;
}

function headerOf(pathname: string) {
  if (pathname === '/orders') return PAGE_HEADERS.orders;
  if (pathname === '/orders/audit') return PAGE_HEADERS.audit;
  if (isUnder(pathname, '/orders')) return PAGE_HEADERS.order;
  if (pathname === '/log') return PAGE_HEADERS.log;
  if (pathname === '/plan') return PAGE_HEADERS.plan;
  return undefined;
}

/** A shell page while it loads, with its header where that needs no data. */
export function PageSkeleton({ header }: { header?: ReturnType<typeof headerOf> }) {
  const body = (
    <Card>
      <SkeletonBodyText lines={4} />
    </Card>
  );
  return (
    <>
      <Loading />
      {header ? <Page {...header}>{body}</Page> : <SkeletonPage>{body}</SkeletonPage>}
    </>
  );
}

/** A remote's area while its page loads: the remote's pages bring their own loading bar. */
export function AreaSkeleton({ title }: { title: string }) {
  return (
    <SkeletonPage title={title}>
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    </SkeletonPage>
  );
}

/** The dashboard's tips need no data; its four cards do. */
function DashboardSkeleton() {
  const card = (
    <Layout.Section variant="oneHalf">
      <Card>
        <BlockStack gap="400">
          <SkeletonDisplayText size="small" />
          <SkeletonBodyText lines={3} />
        </BlockStack>
      </Card>
    </Layout.Section>
  );
  return (
    <>
      <Loading />
      <Page title="Übersicht">
        <Layout>
          <Layout.Section>
            <TipsPanel />
          </Layout.Section>
          {card}
          {card}
          {card}
          {card}
        </Layout>
      </Page>
    </>
  );
}

/**
 * The event log names the shop's plan above its list. Its first view, rendered at build time once per plan, shows
 * that with a skeleton for the list; the app, which knows the plan only once the shop has loaded, shows the plain
 * skeleton marked to leave that view in place (data-first-paint-holds) until the page itself renders.
 */
function LogSkeleton({ plan }: { plan?: Pick<Shop['plan'], 'name' | 'logMaxAge'> }) {
  if (!plan)
    return (
      <div data-first-paint-holds="">
        <PageSkeleton header={PAGE_HEADERS.log} />
      </div>
    );
  return (
    <>
      <Loading />
      <LogPageFrame plan={plan}>
        <Card>
          <SkeletonBodyText lines={4} />
        </Card>
      </LogPageFrame>
    </>
  );
}
