import { BlockStack, Box, Button, Card, InlineStack, Text } from '@shopify/polaris';

/** Every settings page below /preferences, with what the merchant finds there. */
export const SETTINGS_PAGES = [
  {
    path: '/invoices',
    title: 'Rechnungen',
    description: 'Erstellung, Festschreibung, Datum, Texte und Positionen deiner Rechnungen.',
  },
  {
    path: '/credits',
    title: 'Gutschriften',
    description: 'Gutschriften aus Erstattungen: Festschreibung, Texte, Rabatte und E-Mail-Versand.',
  },
  {
    path: '/contacts',
    title: 'Kontakte',
    description: 'Wie Kunden als Kontakte in Lexware Office angelegt und wiedergefunden werden.',
  },
  {
    path: '/orders',
    title: 'Bestellungen',
    description: 'Welche Bestellungen verarbeitet werden, Steuerkorrekturen und der Zahlungsstatus.',
  },
  {
    path: '/transactions',
    title: 'Umsätze',
    description: 'Zahlungen als Umsätze buchen, mit Gebühren und Zuordnungshinweisen je Zahlungsart.',
  },
  {
    path: '/metafields',
    title: 'Metafelder',
    description: 'Shopify-Metafelder in Belegtexten lesen und Belegdaten in Shopify schreiben.',
  },
  {
    path: '/mail',
    title: 'E-Mail-Versand',
    description: 'Eigener Absender und automatischer Versand deiner Belege per E-Mail.',
  },
] as const;

/** The settings home's way to every settings page. */
export function SettingsNav({ basePath, navigate }: { basePath: string; navigate: (to: string) => void }) {
  return (
    <Card padding="0">
      <nav aria-label="Einstellungsseiten">
        {SETTINGS_PAGES.map(({ path, title, description }, i) => (
          <Box key={path} padding="400" borderBlockStartWidth={i === 0 ? '0' : '025'} borderColor="border">
            <InlineStack align="space-between" blockAlign="center" gap="400" wrap={false}>
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  {title}
                </Text>
                <Text as="p" tone="subdued">
                  {description}
                </Text>
              </BlockStack>
              <Button accessibilityLabel={`${title} öffnen`} onClick={() => navigate(`${basePath}${path}`)}>
                Öffnen
              </Button>
            </InlineStack>
          </Box>
        ))}
      </nav>
    </Card>
  );
}
