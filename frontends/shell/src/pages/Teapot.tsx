import { describeError, isApiError } from '@belegfluss/frontend-kit';
import { BlockStack, Box, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';

/** The full page shown when the shop cannot be loaded. */
export function Teapot({
  error,
  onRetry,
  onSwitchShop,
}: {
  error: unknown;
  onRetry: () => void;
  onSwitchShop?: () => void;
}) {
  const detail = describeError(error);
  // 404 from /api/shop: the gateway does not know this shop, or the app was uninstalled from it.
  const unknownShop = isApiError(error) && error.status === 404;
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
              {unknownShop
                ? 'Belegfluss kennt diesen Shop nicht: Die App ist in diesem Shop nicht (mehr) installiert. Installiere sie in deinem Shopify-Admin erneut oder wähle, wenn du mehrere Shops hast, den richtigen.'
                : 'Dein Shop konnte nicht geladen werden. Versuche es gleich noch einmal oder schreib uns, dann sehen wir nach.'}
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
