import { lazyPage, NotBuiltYetPage, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Card, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { Suspense, useEffect } from 'react';
import { SettingsHome } from './SettingsHome';

/**
 * The settings pages beyond the home, each a chunk of its own: a visit to the settings (the area's most visited
 * page) loads the home's code only, and the rest while the browser is idle once the home is shown.
 */
const PAGES = {
  '/transactions': lazyPage(() => import('./transactions/TransactionsPage').then((m) => m.TransactionsPage)),
  '/metafields': lazyPage(() => import('./metafields/MetafieldsPage').then((m) => m.MetafieldsPage)),
  '/mail': lazyPage(() => import('./mail/MailPage').then((m) => m.MailPage)),
  '/credits': lazyPage(() => import('./credits/CreditsPage').then((m) => m.CreditsPage)),
  '/orders': lazyPage(() => import('./orders/OrdersPage').then((m) => m.OrdersPage)),
  '/contacts': lazyPage(() => import('./contacts/ContactsPage').then((m) => m.ContactsPage)),
  '/invoices': lazyPage(() => import('./invoices/InvoicesPage').then((m) => m.InvoicesPage)),
  '/setup': lazyPage(() => import('./setup/SetupPage').then((m) => m.SetupPage)),
};

/**
 * How long after the area has mounted the other pages start loading: the page's own data and content come first,
 * and on a phone's connection every request before them counts.
 */
const PRELOAD_AFTER_MS = 3_000;

function usePreloadPages() {
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const page of Object.values(PAGES)) void page.preload();
    }, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
}

function PageSkeleton() {
  return (
    <SkeletonPage title="Einstellungen">
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    </SkeletonPage>
  );
}

/** Every /preferences page. Mounted by the shell (see frontends/README.md). */
export default function PreferencesApp(props: RemoteAppProps) {
  usePreloadPages();
  if (props.path === '/') return <SettingsHome {...props} />;
  const Page = PAGES[props.path as keyof typeof PAGES];
  if (!Page) return <NotBuiltYetPage title="Seite nicht gefunden" backLabel="Einstellungen" backUrl={props.basePath} />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page {...props} />
    </Suspense>
  );
}
