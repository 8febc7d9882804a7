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
export function PageNotices({ shop, pathname, children }: { shop: Shop; pathname: string; children: ReactNode }) {
  const { config } = useShell();
  const active = downtimeOf(shop, 'active');
  if (active && !isMaintenanceExempt(pathname)) return <MaintenancePage downtime={active} />;

  const warning = downtimeOf(shop, 'warning');
  const missing = missingScopes(shop);
  const banners = [
    warning ? (
      <Banner key="maintenance" tone="info" title="Geplante Wartungsarbeiten">
        <p>{warning.message}</p>
      </Banner>
    ) : null,
    missing.length > 0 ? (
      <PermissionBanner
        key="scopes"
        missing={missing}
        onGrant={() => redirectTop(authUrl(config.apiUrl, shop.shop, missing))}
      />
    ) : null,
  ].filter(Boolean);

  return (
    <>
      {banners.length > 0 ? (
        <Box paddingInline="400" paddingBlockStart="400">
          <BlockStack gap="200">{banners}</BlockStack>
        </Box>
      ) : null}
      {isUnder(pathname, '/plan') ? null : (
        <TransfersExhaustedModal key={shop.plan.credits.resetAt} credits={shop.plan.credits} />
      )}
      {children}
    </>
  );
}
