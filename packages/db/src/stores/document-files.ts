import type { DocumentFileLimits } from '@belegfluss/shared/settings';
import type { Db } from '../connection';

/** The PDF of a document, or an e-invoice's XML. */
export type DocumentFileKind = 'pdf' | 'xml';

export interface DocumentFile {
  contentType: string;
  content: Buffer;
}

/** Which document a file belongs to: our row, its shop, and the Lexware voucher the file came from. */
export interface DocumentFileOwner {
  id: string;
  shopId: string;
  lexwareId: string;
}

const DAY_MS = 86_400_000;

/** The kept file, unless it is older than the age limit or came from another voucher than the row's. */
export async function keptDocumentFile(
  db: Db,
  owner: DocumentFileOwner,
  kind: DocumentFileKind,
  maxAgeDays: number,
  now = new Date(),
): Promise<DocumentFile | undefined> {
  const row = await db('document_files')
    .where({ document_id: owner.id, kind, shop_id: owner.shopId, lexware_id: owner.lexwareId })
    .where('stored_at', '>', new Date(now.getTime() - maxAgeDays * DAY_MS))
    .first('content_type', 'content');
  return row ? { contentType: String(row.content_type), content: row.content as Buffer } : undefined;
}

/**
 * Keeps a file and holds the shop to its bound in the same transaction: files past the age limit go,
 * then the oldest stored until the shop's files fit the byte cap again. The shop's advisory lock makes
 * two downloads at once count each other's files. False when the file alone exceeds the cap.
 */
export async function keepDocumentFile(
  db: Db,
  owner: DocumentFileOwner,
  kind: DocumentFileKind,
  file: DocumentFile,
  limits: DocumentFileLimits,
): Promise<boolean> {
  const size = file.content.byteLength;
  if (size > limits.maxBytesPerShop || limits.maxAgeDays <= 0) return false;
  await db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtextextended('document_files:' || ?, 0))`, [owner.shopId]);
    await trx('document_files')
      .insert({
        document_id: owner.id,
        kind,
        shop_id: owner.shopId,
        lexware_id: owner.lexwareId,
        content_type: file.contentType,
        size,
        content: file.content,
        // the time of the write, after the lock: a download that waited for it still counts as the newest
        stored_at: trx.raw('clock_timestamp()'),
      })
      .onConflict(['document_id', 'kind'])
      .merge();
    await trx('document_files')
      .where({ shop_id: owner.shopId })
      .whereRaw(`stored_at <= now() - make_interval(secs => ?)`, [(limits.maxAgeDays * DAY_MS) / 1000])
      .delete();
    await trx.raw(
      `delete from document_files f using (
         select document_id, kind,
                sum(size) over (order by stored_at desc, document_id desc, kind desc) as kept
           from document_files where shop_id = ?
       ) r
       where f.document_id = r.document_id and f.kind = r.kind and r.kept > ?`,
      [owner.shopId, limits.maxBytesPerShop],
    );
  });
  return true;
}

/** Every shop's files past the age limit (the daily housekeeping); a shop that stops downloading keeps none for long. */
export async function pruneExpiredDocumentFiles(db: Db, now: Date, maxAgeDays: number): Promise<number> {
  return db('document_files')
    .where('stored_at', '<=', new Date(now.getTime() - maxAgeDays * DAY_MS))
    .delete();
}
