import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { ShopList } from './ShopList';

/** /admin: support staff's view over all shops. Mounted by the shell (see frontends/README.md). */
export default function AdminApp({ api }: RemoteAppProps) {
  return <ShopList api={api} />;
}
