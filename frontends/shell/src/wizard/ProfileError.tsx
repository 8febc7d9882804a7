import { describeError } from '@belegfluss/frontend-kit';
import { Banner } from '@shopify/polaris';

export function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Banner
      tone="critical"
      title="Das Lexware-Profil konnte nicht geladen werden"
      action={{ content: 'Erneut versuchen', onAction: onRetry }}
    >
      <p>{describeError(error)}</p>
    </Banner>
  );
}
