import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface DocumentRef {
  id: string;
  shopId: string;
  orderId: string;
  orderName: string | null;
  type: 'invoice' | 'credit' | 'delivery';
  lexwareId: string | null;
  number: string | null;
  status: string;
  pdfToken: string | null;
  /** Lexware's e-invoice profile where we read it: XRechnung, EN16931 (ZUGFeRD) or NONE. */
  profile: string | null;
}

const REF_COLUMNS = [
  'id',
  'shop_id',
  'order_id',
  'order_name',
  'type',
  'lexware_id',
  'number',
  'status',
  'profile',
] as const;
export const toRef = (r: Record<string, unknown>): DocumentRef => ({
  ...fromRow<DocumentRef>(r, REF_COLUMNS),
  pdfToken: r.pdf_token ? String(r.pdf_token) : null,
});

/**
 * The document behind a download link; the token alone identifies it (links go out in mails and metafields).
 * Only while the shop has the app installed: after app/uninstalled the links stop (shop/redact deletes the rows).
 */
export async function documentByPdfToken(db: Db, token: string): Promise<DocumentRef | undefined> {
  const row = await db('documents as d')
    .join('shops as s', 's.id', 'd.shop_id')
    .where({ 'd.pdf_token': token })
    .whereNull('s.uninstalled_at')
    .first('d.*');
  return row ? toRef(row) : undefined;
}

/** Documents Lexware reports an event for; the organisation narrows it to the shops connected to it. */
export async function documentsByLexwareId(db: Db, lexwareId: string, organizationId?: string): Promise<DocumentRef[]> {
  const query = db('documents as d').where('d.lexware_id', lexwareId).select('d.*');
  if (organizationId)
    query.join('lexware_connections as l', 'l.shop_id', 'd.shop_id').where('l.organization_id', organizationId);
  return (await query).map(toRef);
}

/** One of the shop's documents by our id. */
export async function documentOfShop(db: Db, shopId: string, documentId: string): Promise<DocumentRef | undefined> {
  const row = await db('documents').where({ id: documentId, shop_id: shopId }).first();
  return row ? toRef(row) : undefined;
}

/** The newest document of a type for an order (the preview shows it). */
export async function latestDocumentOfOrder(
  db: Db,
  shopId: string,
  orderId: string,
  type: 'invoice' | 'credit',
): Promise<DocumentRef | undefined> {
  const row = await db('documents')
    .where({ shop_id: shopId, order_id: orderId, type })
    .whereNotNull('lexware_id')
    .orderBy('created_at', 'desc')
    .first();
  return row ? toRef(row) : undefined;
}
