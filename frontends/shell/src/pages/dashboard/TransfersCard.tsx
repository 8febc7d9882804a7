import { transfersLeft, formatDate, formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Card, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useId } from 'react';

const BADGE_TONE = { critical: 'critical', warning: 'warning', success: 'success' } as const;
const BAR_TONE = { critical: 'critical', warning: 'highlight', success: 'success' } as const;

/** Transfers left, in percent, with the reset date; critical < 20 %, warning < 40 %. */
export function TransfersCard({ credits }: { credits: Shop['plan']['credits'] }) {
  const left = transfersLeft(credits);
  const headingId = useId();
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingSm" tone="subdued" id={headingId}>
            Verbleibende Übertragungen
          </Text>
          <Badge tone={BADGE_TONE[left.tone]}>{`${left.percent} %`}</Badge>
        </InlineStack>
        <Text as="p" variant="headingXl">
          {`${formatNumber(left.remaining)} von ${formatNumber(left.quota)}`}
        </Text>
        <ProgressBar progress={left.percent} tone={BAR_TONE[left.tone]} size="small" ariaLabelledBy={headingId} />
        <Text as="p" tone="subdued">
          Wird am {formatDate(credits.resetAt)} zurückgesetzt
        </Text>
      </BlockStack>
    </Card>
  );
}
