import { formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris';

export function DocumentsCard({ stat }: { stat: Shop['stat'] }) {
  const invoices = stat.invoice.created;
  const credits = stat.credit.created;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          Erstellte Belege
        </Text>
        <Text as="p" variant="headingXl">
          {formatNumber(invoices + credits)}
        </Text>
        <InlineStack gap="400">
          <Text as="span">Rechnungen: {formatNumber(invoices)}</Text>
          <Text as="span">Gutschriften: {formatNumber(credits)}</Text>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
