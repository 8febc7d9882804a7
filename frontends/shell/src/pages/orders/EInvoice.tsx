import { creditNoteDelivery } from '@belegfluss/shared';
import { Badge, Button, Text } from '@shopify/polaris';
import type { OrderDocument } from './documents';

/** What Lexware made of the document, from its electronicDocumentProfile. */
const LABELS: Record<string, string> = { XRechnung: 'E-Rechnung (XRechnung)', EN16931: 'E-Rechnung (ZUGFeRD)' };

export function eInvoiceLabel(document: Pick<OrderDocument, 'profile'>): string | null {
  return LABELS[document.profile ?? ''] ?? null;
}

/** The e-invoice badge of a document card. */
export function EInvoiceBadge({ document }: { document: OrderDocument }) {
  const label = eInvoiceLabel(document);
  return label ? <Badge tone="success">{label}</Badge> : null;
}

/**
 * The XML of an e-invoice (`{pdf}/xml`): an XRechnung's own file, or the XML a ZUGFeRD PDF carries, which the
 * gateway takes out of the PDF for the merchant's accounting or the buyer's system.
 */
export function EInvoiceXmlButton({ document }: { document: OrderDocument }) {
  if (!eInvoiceLabel(document) || !document.pdf) return null;
  return (
    <Button url={`${document.pdf}/xml`} download>
      XML herunterladen
    </Button>
  );
}

/**
 * What the buyer receives of a credit note, where it or the invoice it corrects is an e-invoice: a ZUGFeRD PDF,
 * or a plain PDF since Lexware makes no XRechnung of a credit note.
 */
export function CreditNoteDelivery({
  document,
  invoiceProfile,
}: {
  document: OrderDocument;
  invoiceProfile: string | null | undefined;
}) {
  const delivery = creditNoteDelivery(document.profile, invoiceProfile);
  return delivery ? (
    <Text as="p" tone="subdued">
      {delivery}
    </Text>
  ) : null;
}
