import { QueryState, shopQuery, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Page } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { PARTNERS_ONLY } from './partner';
import { CouponsPage } from './pages/CouponsPage';
import { PartnerPreferencesPage } from './pages/PartnerPreferencesPage';
import { PayoutsPage } from './pages/PayoutsPage';
import { RedemptionsPage } from './pages/RedemptionsPage';
import { PartnerOverview } from './PartnerOverview';

const PAGES: Record<string, ComponentType<RemoteAppProps>> = {
  '/coupons': CouponsPage,
  '/coupons/new': CouponsPage,
  '/coupons/confirm': CouponsPage,
  '/redemptions': RedemptionsPage,
  '/payouts': PayoutsPage,
  '/preferences': PartnerPreferencesPage,
};

/** Every /partner page, only for partners. Mounted by the shell (see frontends/README.md). */
export default function PartnerApp(props: RemoteAppProps) {
  const shop = useQuery(shopQuery(props.api));
  const Sub = PAGES[props.path];
  // The overview says for itself who may see it; so does every address the area does not know.
  if (!Sub) return <PartnerOverview api={props.api} basePath={props.basePath} />;
  return (
    <QueryState
      query={shop}
      allowed={(s) => s.partner === true}
      forbidden={PARTNERS_ONLY}
      errorTitle="Der Shop konnte nicht geladen werden"
      skeleton={{ lines: 4 }}
      card
      frame={(state) => <Page title="Partnerprogramm">{state}</Page>}
    >
      {() => <Sub {...props} />}
    </QueryState>
  );
}
