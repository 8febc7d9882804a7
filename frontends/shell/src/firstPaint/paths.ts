/**
 * The paths whose first view is painted before any script has run, as RouteSkeleton shows them, each by a sibling of
 * index.html (`page`) that scripts/first-paint.tsx writes at build time; `under` takes the paths below too, and the
 * first that matches counts. The servers answer these paths with their page (rsbuild.config.ts for the preview,
 * deploy/nginx.conf.template in production, which names them itself); every other path gets index.html.
 *
 * Only the pages whose view carries their own content, not only a title and skeletons: measured with Lighthouse
 * on a phone, a view of title and skeletons put its layout before the page's content, whose largest paint then
 * came later than with the spinner. Each page carries only its own view and the styles that view needs: the views
 * of other paths in it cost a phone 0.1 to 0.4 s before its own paint.
 * Free of React, so the build's configuration can read it.
 */
export const FIRST_PAINT_PATHS: FirstPaintPath[] = [
  { path: '/', page: 'first-view.html' },
  { path: '/home', page: 'first-view.html' },
  { path: '/preferences', page: 'first-view-preferences.html' },
  { path: '/log', page: 'first-view-log.html', byAnswers: true },
  { path: '/orders/audit', page: 'first-view-audit.html', byAnswers: true },
  { path: '/partner', page: 'first-view-partner.html', byAnswers: true },
  { path: '/admin', page: 'first-view-admin.html', byAnswers: true },
];

/**
 * `byAnswers`: what the view shows depends on the page's early answers (`GET /api/shop` and the page's own first
 * request, see early-requests.mjs): it is rendered at build time once per variant (src/firstPaint/variants.tsx),
 * and painted once those answers have said which, with their texts written in; without them the path has no view.
 */
export type FirstPaintPath = { path: string; page: string; under?: boolean; byAnswers?: boolean };
