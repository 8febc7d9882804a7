import { Badge, Button } from '@shopify/polaris';
import type { OrderDocument } from './documents';

/** Issue 19: what Lexware made of the document, from its electronicDocumentProfile. */
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
 * The XML of an e-invoice: an XRechnung's own file (`{pdf}/xml`). A ZUGFeRD invoice carries its XML inside
 * the PDF, which Lexware hands out only as a whole, so the PDF buttons serve it.
 */
export function EInvoiceXmlButton({ document }: { document: OrderDocument }) {
  if (document.profile !== 'XRechnung' || !document.pdf) return null;
  return (
    <Button url={`${document.pdf}/xml`} download>
      XML herunterladen
    </Button>
  );
}
