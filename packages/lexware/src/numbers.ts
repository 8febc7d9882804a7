import type { LexwareClient } from './client';
import type { DocumentNumberStore } from './store';

/** Lexware's largest voucher-list page; a few pages cover every document a busy shop made since the oldest gap. */
const PAGE_SIZE = 250;
const MAX_PAGES = 8;
const DAY = 86_400_000;

const running = new Map<string, Promise<void>>();

async function readNumbers(store: DocumentNumberStore, api: LexwareClient, shopId: string): Promise<void> {
  const gaps = await store.documentsWithoutNumber(shopId);
  if (gaps.length === 0) return;
  const missing = new Set(gaps.map((d) => d.lexwareId));
  const oldest = gaps[0]!.voucherDate;
  // The list's dates are CET days: one day earlier keeps a document made just after midnight.
  const from = oldest ? new Date(Date.parse(oldest) - DAY).toISOString().slice(0, 10) : undefined;
  for (let page = 0; page < MAX_PAGES && missing.size > 0; page++) {
    const list = await api.voucherList({
      voucherType: 'invoice,creditnote',
      voucherStatus: 'open,paid,paidoff,voided',
      voucherDateFrom: from,
      sort: 'createdDate,DESC',
      page,
      size: PAGE_SIZE,
    });
    const found = list.content
      .filter((e) => missing.has(e.id) && e.voucherNumber)
      .map((e) => ({ lexwareId: e.id, number: e.voucherNumber }));
    await store.setDocumentNumbers(shopId, found);
    for (const f of found) missing.delete(f.lexwareId);
    if (list.last) break;
  }
}

/**
 * Lexware answers a created invoice or credit note with its id only. Its number is read later, and only
 * where it is shown: one voucher-list page names up to 250 documents with their numbers, so one read fills
 * every gap of the shop. Callers of the same shop at the same time share one read; a caller that joined a
 * read begun before its document existed starts one more.
 */
export async function fillDocumentNumbers(
  store: DocumentNumberStore,
  api: LexwareClient,
  shopId: string,
): Promise<void> {
  const current = running.get(shopId);
  if (current) await current.catch(() => undefined);
  const later = running.get(shopId);
  if (later && later !== current) return later;
  const read = readNumbers(store, api, shopId).finally(() => {
    if (running.get(shopId) === read) running.delete(shopId);
  });
  running.set(shopId, read);
  return read;
}

/**
 * The number of one document that needs it now (a mail's subject, a metafield): the shared list read
 * first; if Lexware's list does not show the document yet, the document itself. A draft has no number.
 */
export async function documentNumber(
  store: DocumentNumberStore,
  api: LexwareClient,
  doc: {
    shopId: string;
    lexwareId: string;
    type: 'invoice' | 'credit' | 'delivery';
    number: string | null;
    status: string;
  },
): Promise<string | null> {
  if (doc.number || doc.status === 'draft') return doc.number;
  await fillDocumentNumbers(store, api, doc.shopId);
  const listed = await store.documentNumberOf(doc.shopId, doc.lexwareId);
  if (listed) return listed;
  const voucher = doc.type === 'invoice' ? await api.invoice(doc.lexwareId) : await api.creditNote(doc.lexwareId);
  if (voucher.voucherNumber)
    await store.setDocumentNumbers(doc.shopId, [{ lexwareId: doc.lexwareId, number: voucher.voucherNumber }]);
  return voucher.voucherNumber ?? null;
}
