import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { PayoutRuns } from './PayoutRuns';
import { ShopList } from './ShopList';

/** /admin: support staff's view over all shops; /admin/payouts: the partner payout runs. Mounted by the shell (see frontends/README.md). */
export default function AdminApp({ api, path }: RemoteAppProps) {
  if (path === '/payouts' || path.startsWith('/payouts/')) return <PayoutRuns api={api} />;
  return <ShopList api={api} />;
}
