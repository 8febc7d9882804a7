import type { RemoteName } from '@belegfluss/frontend-kit/contract';

/**
 * The paths the shell hands to a remote, and the area names the error page uses. Free of React and the kit's
 * index, so the entry chunk can read it before the shared singletons are there.
 */
export const REMOTE_ROUTES: { name: RemoteName; basePath: string; area: string }[] = [
  { name: 'preferences', basePath: '/preferences', area: 'Einstellungen' },
  { name: 'partner', basePath: '/partner', area: 'Partnerprogramm' },
  { name: 'admin', basePath: '/admin', area: 'Administration' },
];

export function remoteRouteFor(pathname: string) {
  return REMOTE_ROUTES.find(({ basePath }) => pathname === basePath || pathname.startsWith(`${basePath}/`));
}
