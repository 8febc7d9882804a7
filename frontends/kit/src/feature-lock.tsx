import {
  FEATURE_INFO,
  featureRequiredMessage,
  orderImportPrice,
  PLANS,
  planIncludes,
  scopesText,
  type PlanFeature,
} from '@belegfluss/shared';
import { BlockStack, Box, Button, Card, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from './api';
import { formatMoney } from './format';
import { missingScopes, shopQuery, type Shop } from './shop';

/**
 * The four states of the feature lock, and `open` when nothing blocks. `feature`: the
 * plan does not include it (upgrade); `purchase`: a one-time unlock at a numeric price; `scopes`:
 * Shopify permissions missing. The plan part reads the one feature map in `@belegfluss/shared`,
 * the same the gateway answers 402 from.
 */
export type FeatureLockState =
  | { kind: 'loading' }
  | { kind: 'feature' }
  | { kind: 'purchase'; price: number }
  | { kind: 'scopes'; missing: string[] }
  | { kind: 'open' };

/** The Shopify permissions a feature needs beyond the plan. */
export const FEATURE_SCOPES: Partial<Record<PlanFeature, string[]>> = {
  orderImport: ['read_all_orders'],
  shopifyPlus: ['read_companies'],
};

export function featureLockState(shop: Shop | undefined, feature: PlanFeature): FeatureLockState {
  if (!shop) return { kind: 'loading' };
  // A plan this build does not know yet is the gateway's to judge (it answers 402 if need be).
  if (!PLANS.some((plan) => plan.id === shop.plan?.id)) return { kind: 'open' };
  if (!planIncludes(shop.plan.id, feature)) return { kind: 'feature' };
  if (feature === 'orderImport') {
    const price = orderImportPrice(shop.plan.id);
    // A purchase counts only on a paid plan: on free the feature is locked again (above).
    if (price !== null && !(shop.plan.purchase ?? []).includes(feature)) return { kind: 'purchase', price };
  }
  const missing = missingScopes(shop, FEATURE_SCOPES[feature] ?? []);
  if (missing.length > 0) return { kind: 'scopes', missing };
  return { kind: 'open' };
}

interface Props {
  shop: Shop | undefined;
  feature: PlanFeature;
  children: ReactNode;
  /** Starts Shopify's permission grant; without it the lock says where to find „Zugriff erteilen“. */
  onGrant?: (missing: string[]) => void;
}

/** The upgrade or feature-lock overlay over a feature the shop cannot use yet. */
export function FeatureLock({ shop, feature, children, onGrant }: Props) {
  const state = featureLockState(shop, feature);
  if (state.kind === 'open') return <>{children}</>;
  if (state.kind === 'loading') {
    return (
      <Card>
        <SkeletonBodyText lines={3} />
      </Card>
    );
  }
  const { title } = FEATURE_INFO[feature];
  let text: string;
  let action: ReactNode = null;
  if (state.kind === 'feature') {
    text = featureRequiredMessage(feature);
    action = (
      <Button variant="primary" url="/plan#pricing">
        Tarif upgraden
      </Button>
    );
  } else if (state.kind === 'purchase') {
    text = `${title} ist eine einmalige Freischaltung für ${formatMoney(state.price)}.`;
    action = (
      <Button
        variant="primary"
        url={`/plan/purchase/${feature}`}
      >{`Für ${formatMoney(state.price)} freischalten`}</Button>
    );
  } else {
    text = `Dafür braucht Belegfluss in Shopify noch die Berechtigung ${scopesText(state.missing)}.${onGrant ? '' : ' Erteile ihn über „Zugriff erteilen“ oben in der App.'}`;
    if (onGrant)
      action = (
        <Button variant="primary" onClick={() => onGrant(state.missing)}>
          Zugriff erteilen
        </Button>
      );
  }
  return (
    // The feature and the lock share one grid cell: the cell is as tall as the taller of the two, so a lock
    // message longer than a small locked card makes the card area grow instead of spilling over what follows.
    <div
      style={{ display: 'grid', gridTemplate: '1fr / minmax(0, 1fr)', minHeight: 180 }}
      data-feature-lock={state.kind}
      data-feature={feature}
    >
      {/* The feature shows through, blurred and out of reach, so the merchant sees what the unlock brings. */}
      <div
        aria-hidden
        ref={(element) => {
          if (element) element.inert = true;
        }}
        // A grid again so a locked card stretches to the cell's height: the lock then sits within the card itself.
        style={{
          gridArea: '1 / 1',
          display: 'grid',
          filter: 'blur(3px)',
          opacity: 0.5,
          pointerEvents: 'none',
          userSelect: 'none',
        }}
      >
        {children}
      </div>
      <div
        data-feature-lock-overlay
        style={{
          gridArea: '1 / 1',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 'var(--p-space-400)',
          minWidth: 0,
        }}
      >
        <Box maxWidth="28rem" width="100%">
          <Card>
            <BlockStack gap="300" inlineAlign="center">
              <Text as="h3" variant="headingMd" alignment="center">
                {state.kind === 'scopes' ? 'Fehlende Shopify-Berechtigung' : title}
              </Text>
              <Text as="p" alignment="center">
                {text}
              </Text>
              {action}
            </BlockStack>
          </Card>
        </Box>
      </div>
    </div>
  );
}

/** The lock for a remote's page: reads the shop from the shared cache itself. */
export function GatedFeature({
  api,
  feature,
  children,
}: {
  api: ApiClient;
  feature: PlanFeature;
  children: ReactNode;
}) {
  const shop = useQuery(shopQuery(api));
  // Without the shop the shell shows its own error page; the gateway still refuses what the plan lacks.
  if (shop.isError) return <>{children}</>;
  return (
    <FeatureLock shop={shop.data} feature={feature}>
      {children}
    </FeatureLock>
  );
}
