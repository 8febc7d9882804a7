import type { VatRegimeChoice } from '@belegfluss/shared';
import { Banner, BlockStack, Button, InlineStack, Link, List, SkeletonBodyText, Text } from '@shopify/polaris';
import { useLexwareProfile } from './profile';
import { ProfileError } from './ProfileError';
import { hasInvoicing } from './wizard';

const INSTRUCTIONS: Record<VatRegimeChoice, string[]> = {
  '0': [
    'Öffne in Shopify „Einstellungen › Steuern und Abgaben“.',
    'Deaktiviere die Steuererhebung für Deutschland, damit Shopify keine Umsatzsteuer berechnet.',
    'Belegfluss druckt auf jeder Rechnung den Hinweis auf § 19 UStG.',
  ],
  '1': [
    'Öffne in Shopify „Einstellungen › Steuern und Abgaben“ und wähle Deutschland.',
    'Aktiviere die Steuererhebung mit 19 % als Standardsatz.',
    'Lege für ermäßigt besteuerte Produkte eine Steuerüberschreibung mit 7 % an.',
  ],
  oss: [
    'Öffne in Shopify „Einstellungen › Steuern und Abgaben“ und wähle „Europäische Union“.',
    'Aktiviere „One-Stop-Shop (OSS)“, damit Shopify die Sätze der Bestimmungsländer berechnet.',
    'Stelle in Lexware Office das Bestimmungslandprinzip ein.',
  ],
};

/** Step 5: taxes in Shopify; needs at least Lexware Office L (INVOICING). */
export function TaxSetupStep({ choice, onNext }: { choice: VatRegimeChoice | null; onNext: () => void }) {
  const profile = useLexwareProfile(false);
  if (profile.isPending) return <SkeletonBodyText lines={4} />;
  if (profile.isError && !profile.data)
    return <ProfileError error={profile.error} onRetry={() => void profile.refetch()} />;
  const allowed = hasInvoicing(profile.data);
  return (
    <BlockStack gap="400">
      {allowed ? null : (
        <Banner tone="critical" title="Erfordert mindestens Lexware Office L">
          <p>
            Mit deiner Version von Lexware Office kann Belegfluss keine Rechnungen anlegen. Wechsle in Lexware Office
            auf L oder XL.
          </p>
        </Banner>
      )}
      <Text as="p">So richtest du die Steuern in Shopify passend zu deiner Auswahl ein:</Text>
      <List type="number">
        {INSTRUCTIONS[choice ?? '1'].map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text as="p" tone="subdued">
        Mehr dazu in der{' '}
        <Link url="/help/setup/connect" target="_blank">
          Anleitung zur Einrichtung
        </Link>
        .
      </Text>
      <InlineStack align="end">
        <Button variant="primary" disabled={!allowed} onClick={onNext}>
          Weiter
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
