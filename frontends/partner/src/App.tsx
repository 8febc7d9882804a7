import { shopQuery, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Banner, Page, SkeletonBodyText, Card } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { CouponsPage } from './pages/CouponsPage';
import { PartnerPreferencesPage } from './pages/PartnerPreferencesPage';
import { PayoutsPage } from './pages/PayoutsPage';
import { RedemptionsPage } from './pages/RedemptionsPage';
import { PartnerOverview } from './PartnerOverview';

/** Every /partner page, only for partners. Mounted by the shell (see frontends/README.md). */
export default function PartnerApp(props: RemoteAppProps) {
  const shop = useQuery(shopQuery(props.api));
  const { path } = props;
  if (path === '/' || shop.isError) return <PartnerOverview api={props.api} basePath={props.basePath} />;
  if (shop.isPending)
    return (
      <Page title="Partnerprogramm">
        <Card>
          <SkeletonBodyText lines={4} />
        </Card>
      </Page>
    );
  if (!shop.data.partner)
    return (
      <Page title="Partnerprogramm">
        <Banner tone="info" title="Nur für Partner">
          <p>Das Partnerprogramm steht nur Shops offen, die als Partner freigeschaltet sind.</p>
        </Banner>
      </Page>
    );
  if (path === '/coupons' || path === '/coupons/new' || path === '/coupons/confirm') return <CouponsPage {...props} />;
  if (path === '/redemptions') return <RedemptionsPage {...props} />;
  if (path === '/payouts') return <PayoutsPage {...props} />;
  if (path === '/preferences') return <PartnerPreferencesPage {...props} />;
  return <PartnerOverview api={props.api} basePath={props.basePath} />;
}
