import { isUnder, missingScopes, type Shop } from '@belegfluss/frontend-kit';
import { Banner, Box, BlockStack } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useShell } from '../session/ShellContext';
import { TransfersExhaustedModal } from './TransfersExhaustedModal';
import { downtimeOf, isMaintenanceExempt } from './maintenance';
import { MaintenancePage } from './MaintenancePage';
import { PermissionBanner } from './PermissionBanner';
import { authUrl, redirectTop } from './redirect';

/** Everything around a page: maintenance, missing permissions, the credits dialog. */
export function PageNotices({
  shop,
  pathname,
  children,
}: {
  /** Not known yet while the shop loads: the page shows already (help, a remote), without notices. */
  shop: Shop | undefined;
  pathname: string;
  children: ReactNode;
}) {
  const { config } = useShell();
  const active = shop && downtimeOf(shop, 'active');
  if (active && !isMaintenanceExempt(pathname)) return <MaintenancePage downtime={active} />;

  const warning = shop && downtimeOf(shop, 'warning');
  const missing = shop ? missingScopes(shop) : [];
  const banners = [
    warning ? (
      <Banner key="maintenance" tone="info" title="Geplante Wartungsarbeiten">
        <p>{warning.message}</p>
      </Banner>
    ) : null,
    shop && missing.length > 0 ? (
      <PermissionBanner
        key="scopes"
        missing={missing}
        onGrant={() => redirectTop(authUrl(config.apiUrl, shop.shop, missing))}
      />
    ) : null,
  ].filter(Boolean);

  // One shape whether or not the shop is known yet, so the page keeps its place in the tree when it comes:
  // wrapping the page only then would remount it and drop what the merchant had typed meanwhile.
  return (
    <>
      {banners.length > 0 ? (
        <Box paddingInline="400" paddingBlockStart="400">
          <BlockStack gap="200">{banners}</BlockStack>
        </Box>
      ) : null}
      {!shop || isUnder(pathname, '/plan') ? null : (
        <TransfersExhaustedModal key={shop.plan.credits.resetAt} credits={shop.plan.credits} />
      )}
      {children}
    </>
  );
}
