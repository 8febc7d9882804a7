import { isUnder, navigate, pathBelow, type RemoteName } from '@belegfluss/frontend-kit';
import { useShell } from '../session/ShellContext';
import { loadedRemoteApp, loadRemoteApp } from './federation';
import { RemoteArea } from './RemoteArea';

/** The paths the shell hands to a remote, and the area names the error page uses. */
export const REMOTE_ROUTES: { name: RemoteName; basePath: string; area: string }[] = [
  { name: 'preferences', basePath: '/preferences', area: 'Einstellungen' },
  { name: 'partner', basePath: '/partner', area: 'Partnerprogramm' },
  { name: 'admin', basePath: '/admin', area: 'Administration' },
];

export function remoteRouteFor(pathname: string) {
  return REMOTE_ROUTES.find((route) => isUnder(pathname, route.basePath));
}

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
