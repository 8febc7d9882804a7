import { NotBuiltYet, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { PartnerOverview } from './PartnerOverview';

const SUB_PAGES: Record<string, string> = {
  '/coupons': 'Coupons',
  '/redemptions': 'Einlösungen',
  '/payouts': 'Auszahlungen',
  '/preferences': 'Partnerdaten',
};

/** Every /partner page. Mounted by the shell (see frontends/README.md). */
export default function PartnerApp(props: RemoteAppProps) {
  if (props.path === '/') return <PartnerOverview api={props.api} />;
  const title = SUB_PAGES[props.path.replace(/\/(new|confirm)$/, '')] ?? 'Partnerprogramm';
  return (
    <Page title={title} backAction={{ content: 'Partnerprogramm', url: props.basePath }}>
      <Layout>
        <Layout.Section>
          <NotBuiltYet title={title} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
