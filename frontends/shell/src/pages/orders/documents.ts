import type { OrderFactsData } from './OrderFacts';
import type { OrderRow } from './orders';

/** A document (invoice or credit note) as the order detail shows it. */
export interface OrderDocument {
  _key: string;
  number?: string | null;
  title?: string | null;
  status: string;
  date?: string | null;
  createdAt?: string | null;
  total?: number | null;
  currency?: string | null;
  cancelled?: boolean;
  hintedAt?: string | null;
  emailedAt?: string | null;
  /** App-host path of the PDF; `{pdf}/download` downloads it. */
  pdf?: string | null;
  /** The document's page in Lexware Office, for the actions its API can't do. */
  lexwareUrl?: string | null;
  /** Lexware's electronicDocumentProfile: NONE, EN16931 (ZUGFeRD) or XRechnung. */
  profile?: string | null;
}

export interface OrderDetailData extends OrderRow, Omit<OrderFactsData, 'customer'> {
  fulfillmentStatus?: string | null;
  invoices?: OrderDocument[];
  credits?: OrderDocument[];
}

/** Drafts must be finalised in Lexware Office before they can be downloaded. */
export function canDownload(document: OrderDocument): boolean {
  return Boolean(document.pdf) && document.status.toLowerCase() !== 'draft';
}

export function downloadUrl(pdf: string): string {
  return `${pdf.replace(/\/+$/, '')}/download`;
}

/** A document number gets a tooltip when it has 8 characters or fewer. */
export function numberNeedsTooltip(number: string | null | undefined): boolean {
  return typeof number === 'string' && number.length > 0 && number.length <= 8;
}
