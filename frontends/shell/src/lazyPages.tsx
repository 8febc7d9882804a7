import type { Shop } from '@belegfluss/frontend-kit';
import { lazy } from 'react';
import { landingPageOf } from '../early-requests.mjs';

/**
 * The shell's pages beyond the dashboard, each in its own chunk: a first visit
 * downloads the frame and the dashboard only, and the rest when it is opened.
 * Routing stays in ShellApp and SessionGate; they render these inside Suspense.
 */
// Their chunk groups are named `page-<landingPageOf>`: index.html preloads the landing page's by that name.
const ordersPage = () => import(/* webpackChunkName: "page-orders" */ './pages/orders/Orders');
const orderDetailPage = () => import(/* webpackChunkName: "page-order" */ './pages/orders/OrderDetail');
const logPage = () => import(/* webpackChunkName: "page-log" */ './pages/log/LogPage');
const auditPage = () => import(/* webpackChunkName: "page-audit" */ './pages/audit/AuditPage');
export const Orders = lazy(() => ordersPage().then((m) => ({ default: m.Orders })));
export const OrderDetail = lazy(() => orderDetailPage().then((m) => ({ default: m.OrderDetail })));
export const LogPage = lazy(() => logPage().then((m) => ({ default: m.LogPage })));
export const AuditPage = lazy(() => auditPage().then((m) => ({ default: m.AuditPage })));

const landingPages = { orders: ordersPage, order: orderDetailPage, log: logPage, audit: auditPage };

/**
 * Starts the chunk of the page a visit lands on, before React has rendered anything: otherwise it is asked for
 * only once the shop has arrived and the frame has rendered, one more round trip before the page's content (on a
 * phone's connection the largest wait after the first chunks). The same import as the page's own, so it loads
 * once; a failure here is left to the page's own load. The start page (`/`) depends on the shop, so it waits.
 * index.html has preloaded the files already, by the same rule (early-requests.mjs).
 */
export function preloadPageOf(pathname: string): void {
  const page = landingPageOf(pathname);
  if (page) landingPages[page]().catch(() => {});
}
export const NotFound = lazy(() => import('./pages/NotFound').then((m) => ({ default: m.NotFound })));
export const ConnectWizard = lazy(() => import('./wizard/ConnectWizard').then((m) => ({ default: m.ConnectWizard })));
export const Landing = lazy(() => import('./landing/Landing').then((m) => ({ default: m.Landing })));
export const ShopPicker = lazy(() => import('./session/ShopPicker').then((m) => ({ default: m.ShopPicker })));
export const ExitIframe = lazy(() => import('./pages/entry/entryRoutes').then((m) => ({ default: m.ExitIframe })));
export const Affiliate = lazy(() => import('./pages/entry/entryRoutes').then((m) => ({ default: m.Affiliate })));
export const ToHome = lazy(() => import('./pages/entry/entryRoutes').then((m) => ({ default: m.ToHome })));

/** Everything under /help. */
export const HelpRoute = lazy(() =>
  import('./pages/help/helpRoutes').then(({ helpRoute }) => ({
    default: ({ pathname, search }: { pathname: string; search: string }) => helpRoute(pathname, search),
  })),
);

/** Everything under /plan. */
export const PlanRoute = lazy(() =>
  import('./pages/plan/planRoutes').then(({ planRoute }) => ({
    default: ({ pathname, shop }: { pathname: string; shop: Shop }) => planRoute(pathname, shop),
  })),
);
