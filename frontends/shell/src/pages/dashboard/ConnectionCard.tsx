import { formatDate, type Shop } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Button, Card, Text } from '@shopify/polaris';

/** The URL that opens the connect wizard over the dashboard; remotes navigate to it too. */
export const CONNECT_WIZARD_URL = '/home?assistant=connect';

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
            <div>
              <Button variant="primary" url={CONNECT_WIZARD_URL}>
                Jetzt verbinden
              </Button>
            </div>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
