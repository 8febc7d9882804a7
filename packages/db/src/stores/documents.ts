import type { Db } from '../connection';
import { fromRow } from '../rows';

export type DocumentType = 'invoice' | 'credit' | 'delivery';

export interface DocumentRow {
  id: string;
  shopId: string;
  orderId: string;
  orderName: string | null;
  type: DocumentType;
  intentKey: string;
  lexwareId: string | null;
  contactId: string | null;
  number: string | null;
  title: string | null;
  status: string;
  total: number | null;
  attemptedAt: Date | null;
  pdfToken: string | null;
  /** Lexware's electronicDocumentProfile: NONE, EN16931 (ZUGFeRD) or XRechnung. */
  profile: string | null;
  createdAt: Date;
}

const DOCUMENT_COLUMNS = [
  'id',
  'shop_id',
  'order_id',
  'order_name',
  'type',
  'intent_key',
  'lexware_id',
  'contact_id',
  'number',
  'title',
  'status',
  'total',
  'attempted_at',
  'pdf_token',
  'profile',
  'created_at',
] as const;
const documentFromRow = (r: Record<string, unknown>): DocumentRow => {
  const row = fromRow<DocumentRow>(r, DOCUMENT_COLUMNS);
  return { ...row, pdfToken: r.pdf_token ? String(r.pdf_token) : null };
};

/**
 * Records the intent to create a document before any Lexware call. The unique
 * (shop, intent) key means a retry or a duplicate webhook gets the same row back.
 */
export async function claimIntent(
  db: Db,
  input: { shopId: string; type: DocumentType; intentKey: string; orderId: string; orderName: string },
): Promise<DocumentRow> {
  // A new intent answers with its row; only an intent claimed before is read again (the insert returns nothing).
  const [made] = await db('documents')
    .insert({
      shop_id: input.shopId,
      type: input.type,
      intent_key: input.intentKey,
      order_id: input.orderId,
      order_name: input.orderName,
    })
    .onConflict(['shop_id', 'intent_key'])
    .ignore()
    .returning('*');
  const row = made ?? (await db('documents').where({ shop_id: input.shopId, intent_key: input.intentKey }).first());
  return documentFromRow(row);
}

/** Set just before the create call: a later retry that sees it must look in Lexware first. */
export async function markAttempted(db: Db, documentId: string): Promise<void> {
  await db('documents').where({ id: documentId }).update({ attempted_at: db.fn.now(), updated_at: db.fn.now() });
}

/** The create was answered and surely not performed (a 429, a refusal): a retry need not look for an orphan. */
export async function clearAttempted(db: Db, documentId: string): Promise<void> {
  await db('documents')
    .where({ id: documentId })
    .whereNull('lexware_id')
    .update({ attempted_at: null, updated_at: db.fn.now() });
}

export async function completeDocument(
  db: Db,
  documentId: string,
  input: {
    lexwareId: string;
    contactId: string | null;
    number: string | null;
    title: string | null;
    status: string;
    total: number | null;
    voucherDate: string;
    pdfToken: string;
    profile?: string | null;
  },
): Promise<DocumentRow> {
  const [row] = await db('documents')
    .where({ id: documentId })
    .update({
      lexware_id: input.lexwareId,
      contact_id: input.contactId,
      number: input.number,
      title: input.title,
      status: input.status,
      total: input.total,
      voucher_date: input.voucherDate.slice(0, 10),
      pdf_token: input.pdfToken,
      profile: input.profile ?? null,
      waiting_since: null,
      updated_at: db.fn.now(),
    })
    .returning('*');
  return documentFromRow(row);
}

export async function documentsOfOrder(db: Db, shopId: string, orderId: string): Promise<DocumentRow[]> {
  const rows = await db('documents').where({ shop_id: shopId, order_id: orderId }).orderBy('created_at');
  return rows.map(documentFromRow);
}

/** The Lexware ids of the shop's documents, to tell an orphan (created, but not recorded) from a known one. */
export async function knownLexwareIds(db: Db, shopId: string): Promise<Set<string>> {
  return new Set(
    (await db('documents').where({ shop_id: shopId }).whereNotNull('lexware_id').pluck('lexware_id')) as string[],
  );
}

/** A made document whose number Lexware has not told us yet (the create call answers only the id). */
export interface UnnumberedDocument {
  id: string;
  lexwareId: string;
  type: DocumentType;
  voucherDate: string | null;
}

/** Finalised documents without their number, oldest voucher date first; drafts have none to learn. */
export async function documentsWithoutNumber(db: Db, shopId: string): Promise<UnnumberedDocument[]> {
  const rows = await db('documents')
    .where({ shop_id: shopId })
    .whereNull('number')
    .whereNotNull('lexware_id')
    .whereNot('status', 'draft')
    .orderByRaw('voucher_date nulls first')
    .select('id', 'lexware_id', 'type', db.raw(`to_char(voucher_date, 'YYYY-MM-DD') as day`));
  return rows.map((r: Record<string, unknown>) => {
    const { day, ...row } = fromRow<Omit<UnnumberedDocument, 'voucherDate'> & { day: string | null }>(r, [
      'id',
      'lexware_id',
      'type',
      'day',
    ]);
    return { ...row, voucherDate: day };
  });
}

/** Stores the numbers learned from Lexware's voucher list in one statement; a number once set is never overwritten. */
export async function setDocumentNumbers(
  db: Db,
  shopId: string,
  numbers: Array<{ lexwareId: string; number: string }>,
): Promise<void> {
  if (numbers.length === 0) return;
  await db.raw(
    `update documents d set number = v.number, updated_at = now()
       from (values ${numbers.map(() => '(?, ?)').join(', ')}) as v(lexware_id, number)
      where d.shop_id = ? and d.lexware_id = v.lexware_id and d.number is null`,
    [...numbers.flatMap((n) => [n.lexwareId, n.number]), shopId],
  );
}

export async function documentNumberOf(db: Db, shopId: string, lexwareId: string): Promise<string | null> {
  const row = await db('documents').where({ shop_id: shopId, lexware_id: lexwareId }).first('number');
  return (row?.number as string | null | undefined) ?? null;
}

/** Our document of one intent (invoice:{order}, credit:{refund}, close:{invoice}), if it was ever claimed. */
export async function documentByIntent(db: Db, shopId: string, intentKey: string): Promise<DocumentRow | undefined> {
  const row = await db('documents').where({ shop_id: shopId, intent_key: intentKey }).first(DOCUMENT_COLUMNS);
  return row ? documentFromRow(row) : undefined;
}

/**
 * Frees an intent for a repair of the completeness audit: the row stays, with its transfer and its history,
 * under `{intent}#{reason}:{lexwareId}`, so the order workflow can claim the intent for a new document.
 * `gone`: Lexware no longer has the voucher (it is marked voided); `closed`: a credit note closed it.
 */
export async function releaseIntent(db: Db, doc: DocumentRow, reason: 'gone' | 'closed'): Promise<void> {
  await db('documents')
    .where({ id: doc.id, intent_key: doc.intentKey })
    .update({
      intent_key: `${doc.intentKey}#${reason}:${doc.lexwareId ?? doc.id}`,
      ...(reason === 'gone' ? { status: 'voided' } : {}),
      updated_at: db.fn.now(),
    });
}
