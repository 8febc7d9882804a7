import { formatDate, type Shop } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Card, Text } from '@shopify/polaris';

export function ConnectionCard({ lexoffice }: { lexoffice: Shop['lexoffice'] }) {
  const company = lexoffice.profile?.companyName;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          Lexware Office
        </Text>
        {lexoffice.isConnected ? (
          <>
            <Text as="p" variant="headingXl">
              Verbunden seit {formatDate(lexoffice.connectedAt)}
            </Text>
            {company ? <Text as="p">{company}</Text> : null}
          </>
        ) : (
          <>
            <div>
              <Badge tone="attention">nicht verbunden</Badge>
            </div>
            <Text as="p" tone="subdued">
              Verbinde dein Lexware-Office-Konto, damit Belegfluss Rechnungen und Gutschriften erstellen kann.
            </Text>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
