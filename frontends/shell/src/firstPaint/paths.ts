/**
 * The paths whose first view index.html's sibling `first-view.html` paints before any script has run, as
 * RouteSkeleton shows them (scripts/first-paint.tsx renders them at build time); `under` takes the paths below
 * too, and the first that matches counts. The servers answer these paths with that page (rsbuild.config.ts for the
 * preview, deploy/nginx.conf.template in production, which names them itself); every other path gets index.html.
 *
 * Only the pages whose view carries their own content, not only a title and skeletons: measured with Lighthouse
 * on a phone, a view of title and skeletons put its layout before the page's content, whose largest paint then
 * came later than with the spinner, and carrying the views in every page cost the other pages about 0.1 s.
 * Free of React, so the build's configuration can read it.
 */
export const FIRST_PAINT_PATHS: { path: string; under?: boolean }[] = [
  { path: '/' },
  { path: '/home' },
  { path: '/preferences' },
];

/** The page the servers answer those paths with. */
export const FIRST_VIEW_PAGE = 'first-view.html';
