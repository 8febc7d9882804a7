import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, documentFilesTable, documentsTable } from '../testing';
import { saveShopInstall, type Db } from '../index';
import { keepDocumentFile, keptDocumentFile, pruneExpiredDocumentFiles } from './document-files';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  for (const shopId of ['kept-a.myshopify.com', 'kept-b.myshopify.com'])
    await saveShopInstall(db, { shopId, tokenEnc: 'x', scopes: ['read_orders'] });
});
afterAll(async () => drop());

let next = 0;
async function documentOf(shopId: string) {
  const n = ++next;
  const [row] = await documentsTable.insert(db, {
    shopId,
    orderId: String(n),
    type: 'invoice',
    intentKey: `invoice:${n}`,
    lexwareId: `lx-${n}`,
    status: 'open',
  });
  return { id: row!.id, shopId, lexwareId: `lx-${n}` };
}
const pdf = (bytes: number) => ({ contentType: 'application/pdf', content: Buffer.alloc(bytes, 1) });
const DAY = 86_400_000;

describe('kept document files', () => {
  it("holds a shop to its cap while downloads keep files at once, and leaves other shops' files alone", async () => {
    const other = await documentOf('kept-b.myshopify.com');
    await keepDocumentFile(db, other, 'pdf', pdf(1000), { maxBytesPerShop: 1000, maxAgeDays: 30 });
    const docs = await Promise.all(Array.from({ length: 8 }, () => documentOf('kept-a.myshopify.com')));
    const limits = { maxBytesPerShop: 3500, maxAgeDays: 30 };
    await Promise.all(docs.map((d) => keepDocumentFile(db, d, 'pdf', pdf(1000), limits)));
    const kept = await documentFilesTable.list(db, { shopId: 'kept-a.myshopify.com' });
    expect(kept).toHaveLength(3);
    // One more is the newest: it stays, and the oldest of the three goes.
    const oldest = kept.sort((a, b) => a.storedAt.getTime() - b.storedAt.getTime())[0]!;
    const newest = await documentOf('kept-a.myshopify.com');
    expect(await keepDocumentFile(db, newest, 'pdf', pdf(1000), limits)).toBe(true);
    const after = await documentFilesTable.pluck(db, 'documentId', { shopId: 'kept-a.myshopify.com' });
    expect(after).toHaveLength(3);
    expect(after).toContain(newest.id);
    expect(after).not.toContain(oldest.documentId);
    expect(await documentFilesTable.count(db, { shopId: 'kept-b.myshopify.com' })).toBe(1);
  });

  it('keeps no file larger than the cap', async () => {
    const doc = await documentOf('kept-b.myshopify.com');
    expect(await keepDocumentFile(db, doc, 'pdf', pdf(2000), { maxBytesPerShop: 1999, maxAgeDays: 30 })).toBe(false);
    expect(await documentFilesTable.count(db, { documentId: doc.id })).toBe(0);
  });

  it('serves no file of another voucher or past the age limit, and housekeeping drops those past it', async () => {
    const doc = await documentOf('kept-b.myshopify.com');
    const limits = { maxBytesPerShop: 10_000, maxAgeDays: 30 };
    await keepDocumentFile(db, doc, 'pdf', pdf(10), limits);
    expect((await keptDocumentFile(db, doc, 'pdf', 30))?.content.length).toBe(10);
    expect(await keptDocumentFile(db, { ...doc, lexwareId: 'lx-anderer' }, 'pdf', 30)).toBeUndefined();
    expect(await keptDocumentFile(db, doc, 'xml', 30)).toBeUndefined();

    await documentFilesTable.update(db, { documentId: doc.id }, { storedAt: new Date(Date.now() - 31 * DAY) });
    expect(await keptDocumentFile(db, doc, 'pdf', 30)).toBeUndefined();
    const fresh = await documentFilesTable.count(db);
    expect(await pruneExpiredDocumentFiles(db, new Date(), 30)).toBe(1);
    expect(await documentFilesTable.count(db)).toBe(fresh - 1);
  });
});
