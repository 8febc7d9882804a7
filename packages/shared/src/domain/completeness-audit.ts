/**
 * The completeness audit of one shop and month: does every order have its documents,
 * exactly once, with the right amounts? Pure: the activity gathers Shopify's orders and refunds and
 * Lexware's vouchers, this decides what is wrong. Whether an order should have an invoice is the
 * order workflow's own rule (`decideInvoice`), applied by the caller, so the audit never has a second one.
 */

import { germanDay } from './invoice-decision';
import { EXCHANGE_CREDIT_INTENT, EXCHANGE_INVOICE_INTENT, exchangeIntentKey } from './exchange';
import { CORRECTION_INTENT, SUPPLEMENT_INTENT } from './order-corrections';

/** The German month before the one `now` falls in: the last one that can no longer change. */
export function lastClosedMonth(now: string): string {
  const [y, m] = germanDay(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The months a shop's audit may check (YYYY-MM): from its first order or its installation, whichever came
 * first, to the last closed month. Before that there is nothing to find, and an open month still changes;
 * each audit reads Lexware at 2 requests a second, so months that cannot hold findings are not worth it.
 * `first` is after `last` while the shop has no closed month yet.
 */
export function auditableMonths(
  shop: { installedAt: string; firstOrderAt: string | null },
  now: string,
): { first: string; last: string } {
  const months = [shop.installedAt, shop.firstOrderAt ?? shop.installedAt].map((at) => germanDay(at).slice(0, 7));
  return { first: months.sort()[0]!, last: lastClosedMonth(now) };
}

export type AuditFindingKind =
  'missing_invoice' | 'missing_credit' | 'duplicate' | 'total_mismatch' | 'unlinked_credit' | 'unknown_order';

export interface AuditOrder {
  id: string;
  name: string;
  totalCents: number;
  /** decideInvoice said the order is due an invoice today. */
  invoiceDue: boolean;
  /** returnId: the return the refund pays out for, when Shopify ties it to one. */
  refunds: { id: string; amountCents: number; returnId?: string | null }[];
  /** The order's exchanges, by return id: each has its own credit note and invoice, and its refund none. */
  exchanges?: string[];
}

/** A Lexware voucher of the month, tied to an order by our records or by the order named in its texts. */
export interface AuditVoucher {
  lexwareId: string;
  type: 'invoice' | 'credit';
  number: string | null;
  status: string;
  totalCents: number;
  /** The order it belongs to (our document row, else the order named in its texts); null when it names none. */
  orderId: string | null;
  /** An order name found in its texts that none of the shop's orders carries. */
  unknownOrderName?: string | null;
  /** Our intent key (`invoice:{order}`, `credit:{refund}`), when we made it. */
  intentKey: string | null;
  /** Credit notes: the invoice it follows (relatedVouchers). */
  precedingInvoiceId?: string | null;
}

export interface AuditFinding {
  kind: AuditFindingKind;
  orderId: string | null;
  orderName: string | null;
  /** The refund (missing_credit) or the voucher concerned. */
  refundId?: string;
  /** The exchange (its return) whose credit note or invoice is missing. */
  returnId?: string;
  lexwareId?: string;
  number?: string | null;
  expectedCents?: number;
  actualCents?: number;
}

export const AUDIT_FINDING_LABELS: Record<AuditFindingKind, string> = {
  missing_invoice: 'Rechnung fehlt',
  missing_credit: 'Gutschrift fehlt',
  duplicate: 'Doppelter Beleg',
  total_mismatch: 'Betrag weicht ab',
  unlinked_credit: 'Gutschrift nicht mit der Rechnung verknüpft',
  unknown_order: 'Beleg nennt eine unbekannte Bestellung',
};

/**
 * The intent of a credit note that closes an invoice, one per invoice ever: the merchant's cancel
 * and the audit's repair of a doubled or wrong invoice make the same document.
 */
const CLOSING = 'cancel:';
export const closingIntentKey = (invoiceLexwareId: string) => `${CLOSING}${invoiceLexwareId}`;

const live = (v: AuditVoucher) => v.status !== 'voided';

/**
 * What one click does about a finding. A missing document is made by the order workflow under
 * every rule; a duplicate or a wrong total is closed with a credit note linked to it (the merchant confirms
 * first), and a wrong total then gets a fresh invoice. The other kinds need a person in Lexware Office.
 */
export type AuditRepair = 'recreate' | 'close';
export const AUDIT_REPAIRS: Partial<Record<AuditFindingKind, AuditRepair>> = {
  missing_invoice: 'recreate',
  missing_credit: 'recreate',
  duplicate: 'close',
  total_mismatch: 'close',
};

/** A finding's stable name within its month's report, for repairing it by click. */
export const auditFindingKey = (f: AuditFinding) =>
  [f.kind, f.orderId ?? '', f.lexwareId ?? f.refundId ?? (f.returnId ? `return-${f.returnId}` : '')].join(':');

/**
 * The repair one click may make for a finding, if any. An exchange's missing document is made by the exchange's
 * own step, not by the order's invoice or a refund's credit note: recreating either would be a wrong document.
 */
export const auditRepairOf = (f: AuditFinding): AuditRepair | undefined =>
  f.returnId ? undefined : AUDIT_REPAIRS[f.kind];

/**
 * Vouchers as the audit weighs them: voided ones and the invoices a repair closed with a credit note
 * (intent `cancel:{invoice}`) no longer count, and neither do those closing credit notes.
 */
function counted(vouchers: readonly AuditVoucher[]): AuditVoucher[] {
  const closed = new Set(
    vouchers.filter((v) => v.intentKey?.startsWith(CLOSING)).map((v) => v.intentKey!.slice(CLOSING.length)),
  );
  return vouchers.filter((v) => live(v) && !closed.has(v.lexwareId) && !v.intentKey?.startsWith(CLOSING));
}

export function auditMonth(orders: readonly AuditOrder[], vouchers: readonly AuditVoucher[]): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const byOrder = new Map<string, AuditVoucher[]>();
  for (const v of counted(vouchers)) {
    if (v.orderId) byOrder.set(v.orderId, [...(byOrder.get(v.orderId) ?? []), v]);
    else if (v.unknownOrderName)
      findings.push({
        kind: 'unknown_order',
        orderId: null,
        orderName: v.unknownOrderName,
        lexwareId: v.lexwareId,
        number: v.number,
      });
  }
  for (const order of orders) {
    const docs = byOrder.get(order.id) ?? [];
    const ref = { orderId: order.id, orderName: order.name };
    // The first invoice (ours, else the oldest) is the order's; any further one is a duplicate.
    // Supplementary invoices and correction credit notes follow edits of the order: they are neither duplicates
    // nor refunds, and with the invoice they add up to the order as it now is.
    // An exchange's credit note and invoice stand beside the order's invoice as a refund's credit note does:
    // Shopify's order total is the one before returns, so neither enters its check, and its invoice is no duplicate.
    const supplement = (d: AuditVoucher) => d.intentKey?.startsWith(SUPPLEMENT_INTENT) === true;
    const exchangeDoc = (d: AuditVoucher) =>
      d.intentKey?.startsWith(EXCHANGE_INVOICE_INTENT) === true ||
      d.intentKey?.startsWith(EXCHANGE_CREDIT_INTENT) === true;
    const correction = (d: AuditVoucher) => d.intentKey?.startsWith(CORRECTION_INTENT) === true;
    const corrected =
      docs.filter(supplement).reduce((a, d) => a + Math.abs(d.totalCents), 0) -
      docs.filter(correction).reduce((a, d) => a + Math.abs(d.totalCents), 0);
    const invoices = docs
      .filter((d) => d.type === 'invoice' && !supplement(d) && !exchangeDoc(d))
      .sort((a, b) => Number(b.intentKey !== null) - Number(a.intentKey !== null));
    const [invoice, ...extra] = invoices;
    if (!invoice && order.invoiceDue)
      findings.push({ kind: 'missing_invoice', ...ref, expectedCents: order.totalCents });
    for (const dup of extra)
      findings.push({
        kind: 'duplicate',
        ...ref,
        lexwareId: dup.lexwareId,
        number: dup.number,
        actualCents: dup.totalCents,
      });
    if (invoice && Math.abs(invoice.totalCents + corrected - order.totalCents) > 1) {
      findings.push({
        kind: 'total_mismatch',
        ...ref,
        lexwareId: invoice.lexwareId,
        number: invoice.number,
        expectedCents: order.totalCents,
        actualCents: invoice.totalCents,
      });
    }
    const credits = docs.filter((d) => d.type === 'credit');
    const exchanges = order.exchanges ?? [];
    // The refund of an exchange's difference is settled by the exchange's credit note, so it has none of its own.
    for (const refund of order.refunds.filter((r) => r.amountCents > 0 && !exchanges.includes(r.returnId ?? ''))) {
      if (!credits.some((c) => c.intentKey === `credit:${refund.id}`))
        findings.push({ kind: 'missing_credit', ...ref, refundId: refund.id, expectedCents: refund.amountCents });
    }
    for (const returnId of exchanges) {
      if (!credits.some((c) => c.intentKey === exchangeIntentKey('credit', returnId)))
        findings.push({ kind: 'missing_credit', ...ref, returnId });
      if (!docs.some((d) => d.type === 'invoice' && d.intentKey === exchangeIntentKey('invoice', returnId)))
        findings.push({ kind: 'missing_invoice', ...ref, returnId });
    }
    for (const credit of credits) {
      if (
        invoice &&
        credit.precedingInvoiceId !== invoice.lexwareId &&
        !extra.some((d) => d.lexwareId === credit.precedingInvoiceId)
      ) {
        findings.push({ kind: 'unlinked_credit', ...ref, lexwareId: credit.lexwareId, number: credit.number });
      }
    }
  }
  return findings;
}

/** The report's counts per kind, every kind present (0 when clean). */
export function auditCounts(findings: readonly AuditFinding[]): Record<AuditFindingKind, number> {
  const counts = Object.fromEntries(Object.keys(AUDIT_FINDING_LABELS).map((k) => [k, 0])) as Record<
    AuditFindingKind,
    number
  >;
  for (const f of findings) counts[f.kind] += 1;
  return counts;
}

const quoted = (s: string) => (/[";\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
/**
 * Order names, voucher numbers and texts come from the shop, its customers and Lexware: one that starts
 * like a formula would run as one when the accountant opens the file, so it gets a leading quote (OWASP's
 * advice for CSV injection) and shows as the text it is.
 */
const textCell = (v: unknown) => {
  const s = v == null ? '' : String(v);
  return quoted(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
};
/**
 * Amounts are ours, written from cents as digits with a decimal comma, so they can't carry a formula and
 * stay without the quote: a spreadsheet reads -12,50 as the number it is, and sums it.
 */
const euro = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** The CSV the accountant downloads: semicolons and decimal commas, as German spreadsheets expect. */
export function auditCsv(findings: readonly AuditFinding[]): string {
  const head = ['Befund', 'Bestellung', 'Beleg', 'Erstattung', 'Soll (EUR)', 'Ist (EUR)'].map(textCell);
  const rows = findings.map((f) => [
    ...[
      AUDIT_FINDING_LABELS[f.kind],
      f.orderName,
      f.number,
      f.refundId ?? (f.returnId && `Umtausch ${f.returnId}`),
    ].map(textCell),
    euro(f.expectedCents),
    euro(f.actualCents),
  ]);
  return [head, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n';
}
