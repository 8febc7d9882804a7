import { describeError } from '@belegfluss/frontend-kit';
import { BlockStack, Box, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';

/** Spec 1 §8: the full page shown when the shop cannot be loaded. */
export function Teapot({ error, onRetry, onSwitchShop }: { error: unknown; onRetry: () => void; onSwitchShop?: () => void }) {
  const detail = describeError(error);
  const contactUrl = `/help/contact?${new URLSearchParams({ subject: 'Shop lässt sich nicht laden', message: `Fehler: ${detail}` }).toString()}`;
  return (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card>
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="heading2xl" alignment="center">
              418 — I'm a teapot
            </Text>
            <Text as="p" alignment="center">
              Dein Shop konnte nicht geladen werden. Versuche es gleich noch einmal oder schreib uns, dann sehen wir nach.
            </Text>
            <Text as="p" tone="subdued" alignment="center">
              {detail}
            </Text>
            <InlineStack gap="200" align="center">
              <Button variant="primary" url={contactUrl}>
                Kontakt aufnehmen
              </Button>
              <Button onClick={onRetry}>Erneut versuchen</Button>
              {onSwitchShop ? <Button onClick={onSwitchShop}>Anderen Shop wählen</Button> : null}
            </InlineStack>
          </BlockStack>
        </Card>
      </Box>
    </Page>
  );
}
