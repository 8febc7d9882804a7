import { formatMoney, type Shop } from '@belegfluss/frontend-kit';
import type { PurchasableFeature } from '@belegfluss/shared';
import { BlockStack, Box, Button, Card, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useShell } from '../session/ShellContext';
import { featureLockState, LOCKED_FEATURES } from './featureLock';
import { authUrl, redirectTop } from './redirect';

/** Spec 1 §2: the upgrade or feature-lock overlay over a feature the shop cannot use yet. */
export function FeatureLock({ shop, feature, children }: { shop: Shop | undefined; feature: PurchasableFeature; children: ReactNode }) {
  const { config } = useShell();
  const state = featureLockState(shop, feature);
  if (state.kind === 'open') return <>{children}</>;
  if (state.kind === 'loading') {
    return (
      <Card>
        <SkeletonBodyText lines={3} />
      </Card>
    );
  }
  const { title } = LOCKED_FEATURES[feature];
  let text: string;
  let action: ReactNode;
  if (state.kind === 'feature') {
    text = `${title} ist in deinem Tarif nicht enthalten. Mit einem bezahlten Tarif kannst du ihn freischalten.`;
    action = <Button variant="primary" url="/plan#pricing">Tarif upgraden</Button>;
  } else if (state.kind === 'purchase') {
    text = `${title} ist eine einmalige Freischaltung für ${formatMoney(state.price)}.`;
    action = <Button variant="primary" url={`/plan/purchase/${feature}`}>{`Für ${formatMoney(state.price)} freischalten`}</Button>;
  } else {
    text = `Dafür braucht Belegfluss noch Zugriff in Shopify auf: ${state.missing.join(', ')}.`;
    action = (
      <Button variant="primary" onClick={() => shop && redirectTop(authUrl(config.apiUrl, shop.shop, state.missing))}>
        Zugriff erteilen
      </Button>
    );
  }
  return (
    <div style={{ position: 'relative' }} data-feature-lock={state.kind}>
      {/* The feature shows through, blurred and out of reach, so the merchant sees what the unlock brings. */}
      <div aria-hidden ref={(element) => { if (element) element.inert = true; }} style={{ filter: 'blur(3px)', opacity: 0.5, pointerEvents: 'none', userSelect: 'none' }}>
        {children}
      </div>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box maxWidth="28rem">
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
