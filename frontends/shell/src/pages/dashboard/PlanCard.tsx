import { formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { BlockStack, Button, Card, Text } from '@shopify/polaris';

export function PlanCard({ plan }: { plan: Shop['plan'] }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          Aktiver Tarif
        </Text>
        <Text as="p" variant="headingXl">
          {plan.name}
        </Text>
        <Text as="p">{formatNumber(plan.credits.quota)} Übertragungen pro Monat</Text>
        <div>
          <Button url="/plan">Tarife vergleichen</Button>
        </div>
      </BlockStack>
    </Card>
  );
}
