import { FeatureLock as Lock, type Shop } from '@belegfluss/frontend-kit';
import type { PlanFeature } from '@belegfluss/shared';
import type { ReactNode } from 'react';
import { useShell } from '../session/ShellContext';
import { authUrl, redirectTop } from './redirect';

/** The kit's feature lock, with the shell's way to ask Shopify for missing permissions. */
export function FeatureLock({
  shop,
  feature,
  children,
}: {
  shop: Shop | undefined;
  feature: PlanFeature;
  children: ReactNode;
}) {
  const { config } = useShell();
  return (
    <Lock
      shop={shop}
      feature={feature}
      onGrant={(missing) => shop && redirectTop(authUrl(config.apiUrl, shop.shop, missing))}
    >
      {children}
    </Lock>
  );
}
