import type { Shop } from '@belegfluss/frontend-kit';
import { lazy } from 'react';

/**
 * The shell's pages beyond the dashboard, each in its own chunk: a first visit
 * downloads the frame and the dashboard only, and the rest when it is opened.
 * Routing stays in ShellApp and SessionGate; they render these inside Suspense.
 */
export const Orders = lazy(() => import('./pages/orders/Orders').then((m) => ({ default: m.Orders })));
export const OrderDetail = lazy(() => import('./pages/orders/OrderDetail').then((m) => ({ default: m.OrderDetail })));
export const LogPage = lazy(() => import('./pages/log/LogPage').then((m) => ({ default: m.LogPage })));
export const AuditPage = lazy(() => import('./pages/audit/AuditPage').then((m) => ({ default: m.AuditPage })));
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
