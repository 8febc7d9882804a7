import { formatDate, formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { BlockStack, Button, Card, Text } from '@shopify/polaris';

/** The plan's own quota; a bought import's 30-day raise is named as such, not passed off as the plan's. */
export function transfersLine(credits: Shop['plan']['credits']): string {
  const boost = credits.importBoost;
  if (!boost) return `${formatNumber(credits.quota)} Übertragungen pro Monat`;
  return `${formatNumber(boost.planQuota)} Übertragungen pro Monat, bis ${formatDate(boost.until)} ${formatNumber(credits.quota)} durch den Import`;
}

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
        <Text as="p">{transfersLine(plan.credits)}</Text>
        <div>
          <Button url="/plan">Tarife vergleichen</Button>
        </div>
      </BlockStack>
    </Card>
  );
}
