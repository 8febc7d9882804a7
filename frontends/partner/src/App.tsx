import { NotBuiltYetPage, type RemoteAppProps } from '@belegfluss/frontend-kit';
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
  return <NotBuiltYetPage title={title} backLabel="Partnerprogramm" backUrl={props.basePath} />;
}
