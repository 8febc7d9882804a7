import {
  ADMIN_SHOP_SKELETON,
  AdminShopListPage,
  AdminShopSearch,
  AdminTabs,
  PartnerFigures,
  PartnerOverviewPage,
  ShapeSkeleton,
  StaffLineView,
  type PartnerFigureTexts,
} from '@belegfluss/frontend-kit';
import { PLANS } from '@belegfluss/shared';
import { Card, Layout, Loading, Page, SkeletonBodyText } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { planViewKey } from '../../early-requests.mjs';
import { PAGE_HEADERS } from '../pages/headers';
import { AuditMonthCard, NoReportBanner } from '../pages/audit/AuditFrame';
import { LogPageFrame } from '../pages/log/LogPageFrame';

/** Where the page's script writes the text of that name (early-requests.mjs: firstViewVariant's `fills`). */
const fill = (name: string) => `%%${name}%%`;

const PARTNER_TEXTS: PartnerFigureTexts = {
  allowance: fill('allowance'),
  coupons: fill('coupons'),
  views: fill('views'),
  redemptions: fill('redemptions'),
  subscribed: fill('subscribed'),
  verified: fill('verified'),
  declined: fill('declined'),
  scheduled: fill('scheduled'),
  paid: fill('paid'),
};

/**
 * The variants of a `byAnswers` view (src/firstPaint/paths.ts), by the key firstViewVariant picks them with in the
 * page, each as the app renders that page once those answers are in: rendered at build time only
 * (scripts/first-paint.tsx), so the app's chunks do not carry them.
 */
export function firstViewVariants(pathname: string): Record<string, ReactNode> {
  if (pathname === '/log')
    // How long the shop's plan keeps the entries, above a skeleton for the list.
    return Object.fromEntries(
      PLANS.map((plan) => [
        planViewKey(plan),
        <>
          <Loading />
          <LogPageFrame plan={plan}>
            <Card>
              <SkeletonBodyText lines={4} />
            </Card>
          </LogPageFrame>
        </>,
      ]),
    );
  if (pathname === '/orders/audit')
    // A month without a report yet, as AuditPage shows it.
    return {
      none: (
        <Page {...PAGE_HEADERS.audit}>
          <Layout>
            <Layout.Section>
              <AuditMonthCard month={fill('month')} valid running={false} hasReport={false} csvLoading={false} />
            </Layout.Section>
            <Layout.Section>
              <NoReportBanner />
            </Layout.Section>
          </Layout>
        </Page>
      ),
    };
  if (pathname === '/partner')
    // The partner area is the partner remote's; the shell renders its overview from the kit, as the remote does.
    return {
      partner: (
        <PartnerOverviewPage>
          <PartnerFigures texts={PARTNER_TEXTS} basePath="/partner" />
        </PartnerOverviewPage>
      ),
    };
  if (pathname === '/admin')
    // The admin remote's list of shops while the list loads, with who is working here (from GET /api/shop).
    return {
      staff: (
        <AdminShopListPage
          tabs={<AdminTabs selected={0} />}
          staffLine={<StaffLineView text={fill('staff')} />}
          search={<AdminShopSearch value="" disabled={false} />}
        >
          <ShapeSkeleton shape={ADMIN_SHOP_SKELETON} card />
        </AdminShopListPage>
      ),
    };
  throw new Error(`Für ${pathname} gibt es keine Varianten des ersten Anblicks`);
}
