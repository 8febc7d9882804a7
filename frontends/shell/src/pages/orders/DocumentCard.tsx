import { featureLockState, formatDate, formatMoney, shopQuery } from '@belegfluss/frontend-kit';
import { featureRequiredMessage } from '@belegfluss/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, BlockStack, Button, Card, InlineStack, Link, Text, Tooltip } from '@shopify/polaris';
import { useState, useTransition } from 'react';
import { receiptStatus } from './orders';
import { canDownload, downloadUrl, numberNeedsTooltip, type OrderDocument } from './documents';
import { DocumentActions } from './DocumentActions';
import { EmailDialog } from './EmailDialog';
import { CreditNoteDelivery, EInvoiceBadge, EInvoiceXmlButton } from './EInvoice';
import { useShell } from '../../session/ShellContext';

interface Props {
  document: OrderDocument;
  kind: 'invoice' | 'credit';
  orderId: string;
  /** The customer's address, proposed as the recipient. */
  customerEmail?: string | null;
  /** For a credit note: the e-invoice profile of the order's invoice, to say what the buyer receives. */
  invoiceProfile?: string | null;
}

/** A document with preview frame, open, download and send; drafts can do none of that. */
export function DocumentCard({ document, kind, orderId, customerEmail, invoiceProfile }: Props) {
  const [mailing, setMailing] = useState(false);
  // Opening the dialog (a modal with its form, the page's scroll lock and the focus moved into it) is a long task,
  // longest on a slow phone. As a transition the button answers in the next frame, with its spinner, and React
  // renders the dialog right after instead of before that frame.
  const [opening, startOpening] = useTransition();
  const { api } = useShell();
  const shop = useQuery(shopQuery(api));
  // Sending by e-mail is a plan feature; the gateway answers 402 without it.
  const emails = featureLockState(shop.data, 'emails').kind !== 'feature';
  const status = receiptStatus(document.status);
  const label = kind === 'credit' ? 'Gutschrift' : 'Rechnung';
  const isDraft = document.status.toLowerCase() === 'draft';
  // A draft has no number in Lexware; a finalised document's number is learned from the voucher list.
  const number = document.number ?? (isDraft ? 'ohne Nummer' : 'Nummer folgt');
  const heading = (
    <Text as="h3" variant="headingSm" textDecorationLine={document.cancelled ? 'line-through' : undefined}>
      {`${label} ${number}`}
    </Text>
  );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          {numberNeedsTooltip(document.number) ? (
            <Tooltip content={`${label}snummer ${number}`}>{heading}</Tooltip>
          ) : (
            heading
          )}
          <Badge tone={status.tone}>{status.label}</Badge>
          {document.cancelled ? <Badge tone="critical">Storniert</Badge> : null}
          <EInvoiceBadge document={document} />
          {document.hintedAt && document.status.toLowerCase() === 'open' ? <Badge tone="info">Zuordnen</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {[
            document.title,
            formatDate(document.date ?? document.createdAt),
            document.total != null ? formatMoney(document.total, document.currency ?? 'EUR') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {kind === 'credit' ? <CreditNoteDelivery document={document} invoiceProfile={invoiceProfile} /> : null}
        {document.pdf ? (
          // Chromium's PDF viewer laying out its toolbar and zoom inside the frame made up the order page's
          // whole CLS in Lighthouse (0.078); a preview needs neither, the full viewer is one click on "Öffnen".
          <iframe
            title={`Vorschau ${label} ${number}`}
            src={`${document.pdf}#toolbar=0&view=FitH`}
            style={{ width: '100%', height: 320, border: '1px solid var(--p-color-border)', borderRadius: 8 }}
          />
        ) : (
          <Text as="p" tone="subdued">
            Für diesen Beleg gibt es noch kein PDF.
          </Text>
        )}
        <InlineStack gap="200" blockAlign="center">
          <Button url={document.pdf ?? undefined} external disabled={!document.pdf}>
            Öffnen
          </Button>
          <Button
            url={document.pdf && canDownload(document) ? downloadUrl(document.pdf) : undefined}
            download
            disabled={!canDownload(document)}
          >
            Herunterladen
          </Button>
          <EInvoiceXmlButton document={document} />
          <Button disabled={isDraft || !emails} loading={opening} onClick={() => startOpening(() => setMailing(true))}>
            Per E-Mail senden
          </Button>
          <DocumentActions document={document} kind={kind} orderId={orderId} label={label} />
          {!emails ? (
            <Text as="span" tone="subdued">
              {featureRequiredMessage('emails')} <Link url="/plan#pricing">Tarif upgraden</Link>
            </Text>
          ) : isDraft ? (
            <Text as="span" tone="subdued">
              Entwürfe musst du erst in Lexware Office festschreiben, bevor du sie herunterladen oder versenden kannst.
            </Text>
          ) : document.emailedAt ? (
            <Text as="span" tone="subdued">{`Zuletzt versendet am ${formatDate(document.emailedAt)}`}</Text>
          ) : null}
        </InlineStack>
      </BlockStack>
      {mailing ? (
        <EmailDialog
          orderId={orderId}
          kind={kind}
          document={document}
          label={label}
          defaultRecipient={customerEmail}
          onClose={() => setMailing(false)}
        />
      ) : null}
    </Card>
  );
}
