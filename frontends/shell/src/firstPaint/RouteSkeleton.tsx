import { HoldsFirstView, isUnder, SettingsHomePage } from '@belegfluss/frontend-kit';
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
import { firstViewOf } from '../../early-requests.mjs';
import { TipsPanel } from '../notices/TipsPanel';
import { PAGE_HEADERS } from '../pages/headers';
import { remoteRouteFor } from '../remotes/routes';
import { FIRST_PAINT_PATHS } from './paths';

/**
 * What a page shows until it can show itself: its title and the parts that need no data, with skeletons for
 * the rest. The same components paint the page's first view from index.html before any script has run (see
 * scripts/first-paint.tsx), so the app's first render shows the same thing and the page changes only once,
 * when its data is there.
 */
export function RouteSkeleton({ pathname }: { pathname: string }) {
  // The settings home's frame needs no data, and the remote shows the same while its cards load.
  if (pathname === '/preferences' || pathname === '/preferences/') return <SettingsHomePage />;
  if (pathname === '/' || pathname === '/home') return <DashboardSkeleton />;
  const remote = remoteRouteFor(pathname);
  const skeleton = remote ? <AreaSkeleton title={remote.area} /> : <PageSkeleton header={headerOf(pathname)} />;
  // A view painted from the page's early answers (src/firstPaint/variants.tsx) shows more than this skeleton: it
  // stays until the page itself renders.
  if (!FIRST_PAINT_PATHS[firstViewOf(pathname, FIRST_PAINT_PATHS)]?.byAnswers) return skeleton;
  return (
    <>
      {skeleton}
      <HoldsFirstView />
    </>
  );
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
