import { formatDateTime, type Shop } from '@belegfluss/frontend-kit';
import { BlockStack, Box, Button, Card, Page, Text } from '@shopify/polaris';

/** An active downtime replaces the page (except on the exempt paths). */
export function MaintenancePage({ downtime }: { downtime: Shop['downtimes'][number] }) {
  return (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card>
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl" alignment="center">
              Wartungsarbeiten
            </Text>
            <Text as="p" alignment="center">
              {downtime.message ||
                'Belegfluss wird gerade gewartet. Deine Bestellungen gehen nicht verloren; sie werden danach verarbeitet.'}
            </Text>
            {downtime.endsAt ? (
              <Text as="p" tone="subdued" alignment="center">
                Voraussichtlich bis {formatDateTime(downtime.endsAt)}
              </Text>
            ) : null}
            <Button url="/help">Zur Hilfe</Button>
          </BlockStack>
        </Card>
      </Box>
    </Page>
  );
}
