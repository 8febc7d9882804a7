import type { Db } from '../connection';
import { fromRow } from '../rows';
import { toRef, type DocumentRef } from './document-lookup';

/** The states of one document the routes and activities read and change beside its creation. */
export interface DocumentState {
  id: string;
  type: 'invoice' | 'credit';
  status: string;
  orderId: string;
  orderName: string | null;
  cancelled: boolean;
  hintedAt: Date | null;
}

const stateOf = (row: Record<string, unknown> | undefined) => (row ? fromRow<DocumentState>(row) : undefined);
const STATE_COLUMNS = ['id', 'type', 'status', 'order_id', 'order_name', 'cancelled', 'hinted_at'];

export async function documentState(db: Db, documentId: string): Promise<DocumentState | undefined> {
  return stateOf(await db('documents').where({ id: documentId }).first(STATE_COLUMNS));
}

/** One of the shop's documents by its Lexware id. */
export async function documentStateByLexwareId(
  db: Db,
  shopId: string,
  lexwareId: string,
): Promise<DocumentState | undefined> {
  return stateOf(await db('documents').where({ shop_id: shopId, lexware_id: lexwareId }).first(STATE_COLUMNS));
}

/** The invoice was cancelled by a credit note over all its positions: it shows struck through. */
export async function markCancelled(db: Db, documentId: string): Promise<void> {
  await db('documents').where({ id: documentId }).update({ cancelled: true, updated_at: db.fn.now() });
}

/** Lexware changed one of our documents: the new status, counted as stat.invoice.updated / stat.credit.updated. */
export async function recordLexwareStatus(
  db: Db,
  shopId: string,
  doc: Pick<DocumentState, 'id' | 'type'>,
  status: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('documents').where({ id: doc.id }).update({ status, updated_at: trx.fn.now() });
    await trx('shops')
      .where({ id: shopId })
      .increment(doc.type === 'invoice' ? 'invoices_updated' : 'credits_updated', 1);
  });
}

/** A document of an order by the receipt (Lexware id) the merchant picked. */
export async function documentOfOrderByReceipt(
  db: Db,
  shopId: string,
  orderId: string,
  type: 'invoice' | 'credit',
  lexwareId: string,
): Promise<DocumentRef | undefined> {
  const row = await db('documents').where({ shop_id: shopId, order_id: orderId, type, lexware_id: lexwareId }).first();
  return row ? toRef(row) : undefined;
}

/** The download token of the shop's newest finalised invoice (the metafield preview shows a real link). */
export async function latestInvoicePdfToken(db: Db, shopId: string): Promise<string | undefined> {
  const row = await db('documents')
    .where({ shop_id: shopId, type: 'invoice' })
    .whereNotNull('pdf_token')
    .whereNot({ status: 'draft' })
    .orderBy('created_at', 'desc')
    .first('pdf_token');
  return row ? String(row.pdf_token) : undefined;
}
