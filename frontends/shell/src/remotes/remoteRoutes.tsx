import { navigate, pathBelow } from '@belegfluss/frontend-kit';
import { useShell } from '../session/ShellContext';
import { loadedRemoteApp, loadRemoteApp } from './federation';
import { RemoteArea } from './RemoteArea';
import type { REMOTE_ROUTES } from './routes';

export { REMOTE_ROUTES, remoteRouteFor } from './routes';

export function FederatedArea({
  route,
  pathname,
  search,
}: {
  route: (typeof REMOTE_ROUTES)[number];
  pathname: string;
  search: string;
}) {
  const { api } = useShell();
  return (
    <RemoteArea
      key={route.name}
      area={route.area}
      load={(fresh) => loadRemoteApp(route.name, fresh)}
      cached={loadedRemoteApp(route.name)}
      basePath={route.basePath}
      path={pathBelow(pathname, route.basePath)}
      search={search}
      navigate={navigate}
      api={api}
    />
  );
}
