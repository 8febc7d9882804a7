import { scopesText } from '@belegfluss/shared';
import { Banner } from '@shopify/polaris';

/** Missing Shopify scopes block features until access is granted again. */
export function PermissionBanner({ missing, onGrant }: { missing: string[]; onGrant: () => void }) {
  return (
    <Banner
      tone="warning"
      title="Fehlende Shopify-Berechtigung"
      action={{ content: 'Zugriff erteilen', onAction: onGrant }}
    >
      <p>{`Belegfluss braucht in Shopify noch die Berechtigung ${scopesText(missing)}. Ohne sie funktionieren einige Funktionen nicht.`}</p>
    </Banner>
  );
}
