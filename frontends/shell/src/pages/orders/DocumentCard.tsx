import { formatDate, formatMoney } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Button, Card, InlineStack, Text, Tooltip } from '@shopify/polaris';
import { receiptStatus } from './orders';
import { canDownload, downloadUrl, numberNeedsTooltip, type OrderDocument } from './documents';

/** Spec 1 §2: a document with preview frame, open and download; drafts cannot be downloaded. */
export function DocumentCard({ document, kind }: { document: OrderDocument; kind: 'invoice' | 'credit' }) {
  const status = receiptStatus(document.status);
  const label = kind === 'credit' ? 'Gutschrift' : 'Rechnung';
  const number = document.number ?? 'ohne Nummer';
  const heading = (
    <Text as="h3" variant="headingSm" textDecorationLine={document.cancelled ? 'line-through' : undefined}>
      {`${label} ${number}`}
    </Text>
  );
  const isDraft = document.status.toLowerCase() === 'draft';
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          {numberNeedsTooltip(document.number) ? <Tooltip content={`${label}snummer ${number}`}>{heading}</Tooltip> : heading}
          <Badge tone={status.tone}>{status.label}</Badge>
          {document.cancelled ? <Badge tone="critical">Storniert</Badge> : null}
          {document.hintedAt && document.status.toLowerCase() === 'open' ? <Badge tone="info">Zuordnen</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {[document.title, formatDate(document.date ?? document.createdAt), document.total != null ? formatMoney(document.total, document.currency ?? 'EUR') : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {document.pdf ? (
          <iframe title={`Vorschau ${label} ${number}`} src={document.pdf} style={{ width: '100%', height: 320, border: '1px solid var(--p-color-border)', borderRadius: 8 }} />
        ) : (
          <Text as="p" tone="subdued">
            Für diesen Beleg gibt es noch kein PDF.
          </Text>
        )}
        <InlineStack gap="200" blockAlign="center">
          <Button url={document.pdf ?? undefined} external disabled={!document.pdf}>
            Öffnen
          </Button>
          <Button url={document.pdf && canDownload(document) ? downloadUrl(document.pdf) : undefined} download disabled={!canDownload(document)}>
            Herunterladen
          </Button>
          {isDraft ? (
            <Text as="span" tone="subdued">
              Entwürfe musst du erst in Lexware Office festschreiben.
            </Text>
          ) : null}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
