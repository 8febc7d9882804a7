import { Badge, InlineStack, Text } from '@shopify/polaris';
import { receiptStatus, type ReceiptRow } from './orders';

const RECEIPT_KIND: Record<string, string> = { invoice: 'Rechnung', credit: 'Gutschrift', delivery: 'Lieferschein' };

function ReceiptBadge({ receipt }: { receipt: ReceiptRow }) {
  const status = receiptStatus(receipt.status);
  const kind = RECEIPT_KIND[receipt.type] ?? 'Beleg';
  const label = `${kind} ${receipt.number ?? ''}`.trim();
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      {/* A cancelled document stays visible, struck through. */}
      <Text as="span" textDecorationLine={receipt.cancelled ? 'line-through' : undefined}>
        {label}
      </Text>
      {/* Cancelled by its credit note: that is what the merchant needs to read, as on the document card. */}
      {receipt.cancelled ? <Badge tone="critical">Storniert</Badge> : <Badge tone={status.tone}>{status.label}</Badge>}
      {receipt.status.toLowerCase() === 'open' && receipt.hintedAt ? <Badge tone="info">Zuordnen</Badge> : null}
    </InlineStack>
  );
}

export function ReceiptBadges({ receipts, waiting }: { receipts: ReceiptRow[] | undefined; waiting?: boolean }) {
  const waits = waiting ? <Badge tone="attention">wartet auf Übertragungen</Badge> : null;
  if (!receipts || receipts.length === 0)
    return (
      waits ?? (
        <Text as="span" tone="subdued">
          Kein Beleg
        </Text>
      )
    );
  return (
    <InlineStack gap="300">
      {waits}
      {receipts.map((receipt) => (
        <ReceiptBadge key={receipt.id} receipt={receipt} />
      ))}
    </InlineStack>
  );
}
