import { ADMIN_TABS, AdminTabs, shopQuery, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { Coupons } from './Coupons';
import { Downtimes } from './Downtimes';
import { HelpRequestList } from './HelpRequests';
import { PayoutRuns } from './PayoutRuns';
import { ShopDetail } from './ShopDetail';
import { ShopList } from './ShopList';
import { StaffGate, StaffLine } from './Staff';

const SUBTITLES: Record<string, string> = {
  '/help': 'Anfragen aus dem Kontaktformular der Hilfe',
  '/downtimes': 'Wartungsfenster: Banner oder ganze Seite in jedem Shop',
  '/coupons': 'Coupons für alle Shops, ohne Partner (auch PARTNER)',
};

/** /admin: support staff's view over all shops; /admin/payouts: the partner payout runs. Mounted by the shell (see frontends/README.md). */
export default function AdminApp({ api, path, basePath, navigate }: RemoteAppProps) {
  const shop = useQuery(shopQuery(api));
  if (path === '/payouts' || path.startsWith('/payouts/')) return <PayoutRuns api={api} />;
  const detail = /^\/shops\/([^/]+)$/.exec(path);
  if (detail) return <ShopDetail api={api} shop={decodeURIComponent(detail[1]!)} onBack={() => navigate(basePath)} />;
  const selected = Math.max(
    0,
    ADMIN_TABS.findIndex((t) => t.path === path),
  );
  const tabs = (
    <AdminTabs
      selected={selected}
      onSelect={(i) => navigate(`${basePath}${ADMIN_TABS[i]!.path === '/' ? '' : ADMIN_TABS[i]!.path}`)}
    />
  );
  if (SUBTITLES[path]) {
    return (
      <Page title="Administration" subtitle={SUBTITLES[path]}>
        <Layout>
          <Layout.Section>
            <BlockStack gap="300">
              {tabs}
              <StaffLine shop={shop.data} />
              <StaffGate shop={shop} skeleton={{ lines: 3 }}>
                {(session) =>
                  path === '/help' ? (
                    <HelpRequestList api={api} />
                  ) : path === '/coupons' ? (
                    <Coupons api={api} shop={session} />
                  ) : (
                    <Downtimes api={api} />
                  )
                }
              </StaffGate>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
    );
  }
  return <ShopList api={api} tabs={tabs} />;
}
