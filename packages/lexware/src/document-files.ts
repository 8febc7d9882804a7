import type { DocumentFileLimits } from '@belegfluss/shared/settings';
import type { LexwareClient } from './client';
import { embeddedInvoiceXml } from './einvoice-xml';
import type { DocumentFileKind, DocumentFileStore } from './store';

/** A document whose file we may fetch: our row, its shop and status, and the Lexware voucher behind it. */
export interface FileDocument {
  id: string;
  shopId: string;
  type: 'invoice' | 'credit' | 'delivery';
  lexwareId: string;
  status: string;
  /** Lexware's e-invoice profile where we read it: XRechnung, EN16931 (ZUGFeRD) or NONE. */
  profile: string | null;
}

/**
 * A draft can still change, and "pending" means we have not heard back; a finalised voucher's file is
 * fixed, whatever happens to its payment later, so only those are kept.
 */
const FINAL_STATUSES = new Set(['open', 'paid', 'paidoff', 'voided', 'overdue']);
export const isFinalised = (status: string) => FINAL_STATUSES.has(status.toLowerCase());

const CONTENT_TYPE: Record<DocumentFileKind, string> = { pdf: 'application/pdf', xml: 'application/xml' };

/**
 * A document's PDF, or its e-invoice XML (null when it has none), from our store when we kept it,
 * else from Lexware. A finalised document's file is kept for the next download, within the shop's bound,
 * because every Lexware call spends the shop's 2 requests per second. Lexware's errors pass through.
 */
export async function documentFile(
  store: DocumentFileStore,
  client: LexwareClient,
  doc: FileDocument,
  kind: DocumentFileKind,
  limits: DocumentFileLimits,
): Promise<Buffer | null> {
  const final = isFinalised(doc.status);
  if (final) {
    const kept = await store.keptDocumentFile(doc, kind, limits.maxAgeDays);
    if (kept) return kept.content;
  }
  const content = kind === 'pdf' ? await fetchPdf(client, doc) : await fetchXml(store, client, doc, limits);
  // A failed write only costs the next download a Lexware call; the file in hand is still served.
  if (content && final)
    await store.keepDocumentFile(doc, kind, { contentType: CONTENT_TYPE[kind], content }, limits).catch(() => false);
  return content;
}

function fetchPdf(client: LexwareClient, doc: FileDocument): Promise<Buffer> {
  if (doc.type === 'invoice') return client.invoicePdf(doc.lexwareId);
  if (doc.type === 'delivery') return client.deliveryNotePdf(doc.lexwareId);
  return client.creditNotePdf(doc.lexwareId);
}

/**
 * A ZUGFeRD document's XML lives inside its PDF (Lexware hands out no separate file), an invoice's or a credit
 * note's alike; an XRechnung's is its own file, and Lexware makes XRechnungen of invoices only.
 */
async function fetchXml(
  store: DocumentFileStore,
  client: LexwareClient,
  doc: FileDocument,
  limits: DocumentFileLimits,
): Promise<Buffer | null> {
  if (doc.type === 'delivery') return null;
  if (doc.profile === 'EN16931') {
    const pdf = await documentFile(store, client, doc, 'pdf', limits);
    return pdf && embeddedInvoiceXml(pdf);
  }
  return doc.type === 'invoice' ? client.invoiceXml(doc.lexwareId) : null;
}
