import { randomBytes } from 'node:crypto';
import type { ChargeResult, Db, DocumentRow, DocumentType } from '@belegfluss/db';
import {
  chargeTransfer,
  claimIntent,
  clearAttempted,
  completeDocument,
  countShopEvent,
  documentByIntent,
  documentsOfOrder,
  inTransaction,
  knownLexwareIds,
  markAttempted,
  markTransfersExhausted,
  markWaiting,
  reserveTransfer,
  writeLog,
} from '@belegfluss/db';
import {
  closingCreditNote,
  LexwareError,
  type LexwareClient,
  type LexwareCreditNote,
  type LexwareInvoice,
  type VoucherListEntry,
} from '@belegfluss/lexware';
import {
  closingIntentKey,
  transfersNotification,
  hasOrderReference,
  lexwareTotals,
  type LexwareCreditNoteInput,
  type LexwareInvoiceInput,
  type ShopifyOrder,
} from '@belegfluss/shared';
import type { Notifier } from './notify';

export type IssueResult =
  | {
      outcome: 'created' | 'matched' | 'existing';
      documentId: string;
      lexwareId: string;
      number: string | null;
      status: string;
      contactId?: string | null;
    }
  | { outcome: 'NO_CREDITS' };

export type DocumentBody =
  | { type: 'invoice'; body: LexwareInvoiceInput }
  | { type: 'credit'; body: LexwareCreditNoteInput; precedingInvoiceId: string };

/** What a document needs of its order: the id it is filed under and the name its texts (and orphan search) carry. */
export type OrderRef = Pick<ShopifyOrder, 'name'> & { id: number | string };

export interface IssueRequest {
  shopId: string;
  order: OrderRef;
  /** invoice:{orderId} or credit:{refundId}: one document per intent, ever. */
  intentKey: string;
  document: DocumentBody;
  finalize: boolean;
  contactId: string | null;
}

/** What the order list and the order's log say about a document refused for want of transfers. */
export const WAITING_TEXT = 'wartet auf Übertragungen';

type Voucher = LexwareInvoice | LexwareCreditNote;

const LEXWARE_TYPE: Record<DocumentType, string> = {
  invoice: 'invoice',
  credit: 'creditnote',
  delivery: 'deliverynote',
};

/**
 * A crashed attempt may have created the document in Lexware without our record of it.
 * Lexware has no idempotency key, so we look for a voucher of this order (its reference
 * sits in the title, introduction or remark) that none of our rows knows yet.
 */
async function findOrphan(
  db: Db,
  api: LexwareClient,
  req: IssueRequest,
  attemptedAt: Date,
): Promise<Voucher | undefined> {
  const day = req.document.body.voucherDate.slice(0, 10);
  const list = await api.voucherList({
    voucherType: LEXWARE_TYPE[req.document.type],
    voucherStatus: 'draft,open,paid,paidoff,voided',
    ...(req.contactId ? { contactId: req.contactId } : { voucherDateFrom: day, voucherDateTo: day }),
    size: 250,
  });
  const known = new Set(await knownLexwareIds(db, req.shopId));
  // The orphan has the total we sent, up to Lexware rounding differently from lexwareTotals: at most half a cent
  // per line and per tax rate. A voucher further off than a cent for each, and than 1 % of the total, is another
  // document and is not read (a wider bound only costs a read: the reference decides). The closest totals are
  // read first, and of equal totals the one Lexware made closest to our attempt: so the orphan is usually the first
  // voucher read (one call, not one per unknown voucher that day).
  const d = req.document;
  const totals = lexwareTotals(d.body.taxConditions.taxType, d.body.lineItems);
  const tolerance = Math.max(
    d.body.lineItems.length + totals.perRate.length,
    Math.ceil(Math.abs(totals.totalGrossCents) / 100),
  );
  // Compared without sign: the list's total of a credit note is taken as it comes, positive or negative.
  const distance = (e: VoucherListEntry) =>
    Math.abs(Math.abs(Math.round(e.totalAmount * 100)) - Math.abs(totals.totalGrossCents));
  const sinceAttempt = (e: VoucherListEntry) => {
    const made = e.createdDate ? Date.parse(e.createdDate) : NaN;
    return Number.isNaN(made) ? Infinity : Math.abs(made - attemptedAt.getTime());
  };
  const unknown = list.content
    .filter((e) => !known.has(e.id) && distance(e) <= tolerance)
    .sort((a, b) => distance(a) - distance(b) || sinceAttempt(a) - sinceAttempt(b));
  for (const entry of unknown) {
    const voucher = req.document.type === 'invoice' ? await api.invoice(entry.id) : await api.creditNote(entry.id);
    if ([voucher.title, voucher.introduction, voucher.remark].some((t) => hasOrderReference(t, req.order)))
      return voucher;
  }
  return undefined;
}

/** What we keep of a made document: Lexware's voucher when we read one, or what we sent and the id it answered. */
export interface Made {
  id: string;
  voucherNumber?: string | null;
  voucherStatus: string;
  /** Null for a delivery note, which has no amounts. */
  total: number | null;
  voucherDate: string;
  title?: string | null;
  /** Lexware's e-invoice profile (XRechnung, EN16931 for ZUGFeRD, NONE), known only where we read the voucher. */
  profile?: string | null;
}

const fromVoucher = (v: Voucher): Made => ({
  id: v.id,
  voucherNumber: v.voucherNumber,
  voucherStatus: v.voucherStatus,
  total: v.totalPrice.totalGrossAmount,
  voucherDate: v.voucherDate,
  title: v.title,
  profile: 'electronicDocumentProfile' in v ? (v.electronicDocumentProfile ?? null) : null,
});

/**
 * Lexware settles a finalised credit note against the invoice it follows (all of ours follow one) at once:
 * it is never open, and storing 'open' showed "Offen" beside an invoice the refund had paid off.
 */
const FINALIZED_CREDIT_NOTE_STATUS = 'paidoff';

/**
 * One Lexware call: the create answers only the id, and the document is what we sent, so we don't read it
 * back. Its number comes later from the voucher list, where it is shown (see fillDocumentNumbers).
 */
async function create(api: LexwareClient, req: IssueRequest): Promise<Made> {
  const d = req.document;
  const { id } =
    d.type === 'invoice'
      ? await api.createInvoice(d.body, req.finalize)
      : await api.createCreditNote(d.body, req.finalize, d.precedingInvoiceId);
  // Only a finalised net document can become an e-invoice, and Lexware decides which: an invoice XRechnung or
  // ZUGFeRD, a credit note ZUGFeRD at most. Those few are read back once for their profile, which tells the
  // merchant what the buyer receives; every other document costs the one call.
  if (req.finalize && d.body.taxConditions.taxType === 'net')
    return fromVoucher(d.type === 'invoice' ? await api.invoice(id) : await api.creditNote(id));
  const total = lexwareTotals(d.body.taxConditions.taxType, d.body.lineItems).totalGrossCents / 100;
  return {
    id,
    voucherNumber: null,
    voucherStatus: !req.finalize ? 'draft' : d.type === 'credit' ? FINALIZED_CREDIT_NOTE_STATUS : 'open',
    total,
    voucherDate: d.body.voucherDate,
    title: d.body.title ?? null,
  };
}

/** One document to make exactly once, whatever its kind: how to find it after a lost answer and how to create it. */
export interface OnceSpec {
  shopId: string;
  type: DocumentType;
  /** invoice:{orderId}, credit:{refundId}, cancel:{invoice}, delivery:{fulfillmentId}: one document per intent, ever. */
  intentKey: string;
  order: OrderRef;
  contactId: string | null;
  /** Whether it costs a transfer: then it is charged in the transaction that completes its row. */
  charged: boolean;
  /** Lexware has no idempotency key: a voucher of this order that none of our rows knows yet, made by our attempt. */
  findOrphan(attemptedAt: Date): Promise<Made | undefined>;
  create(): Promise<Made>;
  /**
   * Asked before a create (never before a match): true when it took the right to create and marked the attempt
   * (a charged document reserves its transfer under the shop's lock); false leaves the intent unmade for now,
   * nothing attempted. Without it the attempt is simply marked.
   */
  mayCreate?(documentId: string): Promise<boolean>;
}

export type OnceResult =
  | { outcome: 'existing'; doc: DocumentRow }
  | { outcome: 'refused' }
  | {
      outcome: 'created' | 'matched';
      documentId: string;
      made: Made;
      saved: DocumentRow;
      charge: ChargeResult | null;
    };

/**
 * The exactly-once protocol of every document we make in Lexware (invoice, credit note, closing credit note,
 * delivery note): the intent row is written before any Lexware call, a retry after an attempt looks for the
 * orphan first, and the row is completed and charged in one transaction, so a retry never makes or charges twice.
 */
export async function makeOnce(db: Db, spec: OnceSpec): Promise<OnceResult> {
  const { shopId, order } = spec;
  const doc = await claimIntent(db, {
    shopId,
    type: spec.type,
    intentKey: spec.intentKey,
    orderId: String(order.id),
    orderName: order.name,
  });
  if (doc.lexwareId) {
    if (spec.charged) await chargeTransfer(db, shopId, doc.id); // a no-op unless a crash came between the two writes
    return { outcome: 'existing', doc };
  }
  const orphan = doc.attemptedAt ? await spec.findOrphan(doc.attemptedAt) : undefined;
  let made = orphan;
  if (!made) {
    if (!spec.mayCreate) await markAttempted(db, doc.id);
    else if (!(await spec.mayCreate(doc.id))) return { outcome: 'refused' };
    try {
      made = await spec.create();
    } catch (error) {
      // Only an answer that may hide a made document (a 504, a lost connection) sends the retry looking for it;
      // under injected faults that search would cost more calls than the document itself.
      if (error instanceof LexwareError && !error.ambiguous) await clearAttempted(db, doc.id);
      throw error;
    }
  }
  const voucher = made;
  // One transaction: the document is never counted without the transfer it costs (the dashboard reads both).
  const { saved, charge } = await inTransaction(db, async (trx) => {
    const completed = await completeDocument(trx, doc.id, {
      lexwareId: voucher.id,
      contactId: spec.contactId,
      number: voucher.voucherNumber ?? null,
      title: voucher.title ?? null,
      status: voucher.voucherStatus,
      total: voucher.total,
      voucherDate: voucher.voucherDate,
      pdfToken: randomBytes(16).toString('hex'),
      profile: voucher.profile ?? null,
    });
    return { saved: completed, charge: spec.charged ? await chargeTransfer(trx, shopId, doc.id) : null };
  });
  return { outcome: orphan ? 'matched' : 'created', documentId: doc.id, made: voucher, saved, charge };
}

/** A credit note's profile and its invoice's, for the log to say what the buyer receives. */
async function creditProfiles(db: Db, req: IssueRequest, profile: string | null) {
  const d = req.document;
  if (d.type !== 'credit') return {};
  const invoice = (await documentsOfOrder(db, req.shopId, String(req.order.id))).find(
    (doc) => doc.lexwareId === d.precedingInvoiceId,
  );
  return { profile, invoiceProfile: invoice?.profile ?? null };
}

/** Creates one invoice or credit note exactly once (makeOnce), refused while the shop has no transfer left. */
export async function issueDocument(
  db: Db,
  api: LexwareClient,
  req: IssueRequest,
  notifier?: Pick<Notifier, 'credits'>,
): Promise<IssueResult> {
  const { shopId, order } = req;
  const type = req.document.type;
  const base = { shopId, origin: type, orderId: String(order.id), orderName: order.name } as const;
  const once = await makeOnce(db, {
    shopId,
    type,
    intentKey: req.intentKey,
    order,
    contactId: req.contactId,
    charged: true,
    findOrphan: async (attemptedAt) => {
      const orphan = await findOrphan(db, api, req, attemptedAt);
      return orphan ? fromVoucher(orphan) : undefined;
    },
    create: () => create(api, req),
    // Reserving, not only checking: documents handed over together (the wizard's import on activation, a flash
    // sale) would each see the last transfer free and make one more than the plan allows.
    mayCreate: async (documentId) => {
      const credits = await reserveTransfer(db, shopId, documentId);
      if (credits.ok) return true;
      await markTransfersExhausted(db, shopId);
      // It waits visibly; the billing workflow resumes it, oldest first, once transfers are free again.
      await markWaiting(db, documentId);
      await writeLog(db, {
        ...base,
        event: `${type}.skipped`,
        status: 'critical',
        body: { reason: 'NO_CREDITS', message: WAITING_TEXT, remaining: 0, quota: credits.quota },
      });
      await notifier?.credits(shopId, 'creditsExhaustedNow', credits);
      return false;
    },
  });
  if (once.outcome === 'refused') return { outcome: 'NO_CREDITS' };
  if (once.outcome === 'existing') {
    const { doc } = once;
    return {
      outcome: 'existing',
      documentId: doc.id,
      lexwareId: doc.lexwareId!,
      number: doc.number,
      status: doc.status,
    };
  }
  const matched = once.outcome === 'matched';
  if (matched) await countShopEvent(db, shopId, type === 'invoice' ? 'invoices_matched' : 'credits_matched');
  const { made: voucher, saved } = once;
  const charge = once.charge!;
  const usedBefore = charge.charged ? charge.used - 1 : charge.used;
  const notify = transfersNotification(
    { used: usedBefore, quota: charge.quota },
    { used: charge.used, quota: charge.quota },
  );
  await writeLog(db, {
    ...base,
    event: `${type}.${matched ? 'matched' : 'created'}`,
    status: 'success',
    ref: { [type]: voucher.id },
    body: {
      number: saved.number,
      amount: saved.total,
      finalized: voucher.voucherStatus !== 'draft',
      ...(type === 'credit' ? await creditProfiles(db, req, saved.profile) : {}),
      remaining: charge.quota - charge.used,
      quota: charge.quota,
    },
  });
  if (notify)
    await writeLog(db, {
      shopId,
      origin: 'shop',
      event: `credits.${notify}`,
      status: notify === 'creditsExhaustedNow' ? 'critical' : 'warning',
      body: { remaining: charge.quota - charge.used, quota: charge.quota },
    });
  // The "now" mail belongs to the first refused document; the last transfer taken still warns.
  if (notify) await notifier?.credits(shopId, 'creditsExhaustedSoon', charge);
  return {
    outcome: matched ? 'matched' : 'created',
    documentId: once.documentId,
    lexwareId: voucher.id,
    number: saved.number,
    status: voucher.voucherStatus,
  };
}

/** Why no closing credit note was made: Lexware can pursue neither a draft nor a voided invoice. */
export type ClosingRefusal = 'DRAFT' | 'VOIDED';

/**
 * The credit note that takes back a whole invoice, once per invoice (intent cancel:{invoice}), for the merchant's
 * cancel and the audit's repair alike: the invoice is read as Lexware has it, then made like every other document.
 */
export async function issueClosingCreditNote(
  db: Db,
  api: LexwareClient,
  req: { shopId: string; order: OrderRef; lexwareId: string; number?: string | null; remark?: string },
  notifier?: Pick<Notifier, 'credits'>,
): Promise<{ invoice: LexwareInvoice; refused: ClosingRefusal } | { invoice: LexwareInvoice; result: IssueResult }> {
  const { shopId, order, lexwareId } = req;
  const intentKey = closingIntentKey(lexwareId);
  const invoice = await api.invoice(lexwareId);
  if (invoice.voucherStatus === 'draft') return { invoice, refused: 'DRAFT' };
  // Our own closing note may be what voided it: then this is a repeat, and the note is answered as it exists.
  if (invoice.voucherStatus === 'voided' && !(await documentByIntent(db, shopId, intentKey))?.lexwareId)
    return { invoice, refused: 'VOIDED' };
  const result = await issueDocument(
    db,
    api,
    {
      shopId,
      order,
      intentKey,
      document: {
        type: 'credit',
        body: closingCreditNote(invoice, {
          number: invoice.voucherNumber ?? req.number ?? null,
          now: new Date(),
          order,
          ...(req.remark ? { remark: req.remark } : {}),
        }),
        precedingInvoiceId: lexwareId,
      },
      finalize: true,
      contactId: 'contactId' in invoice.address ? (invoice.address.contactId ?? null) : null,
    },
    notifier,
  );
  return { invoice, result };
}
