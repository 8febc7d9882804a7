import { setTimeout as sleep } from 'node:timers/promises';
import { heartbeat } from '@temporalio/activity';
import type { Db, SecretBox } from '@belegfluss/db';
import { ourDocumentsByLexwareId, installedShopIds, orderIdsByName, saveAuditReport } from '@belegfluss/db';
import {
  LexwareError,
  type LexwareClient,
  type LexwareCreditNote,
  type LexwareInvoice,
  type VoucherListEntry,
} from '@belegfluss/lexware';
import {
  auditCounts,
  auditMonth,
  decideInvoice,
  EXCHANGE_CREDIT_INTENT,
  EXCHANGE_INVOICE_INTENT,
  germanDayBounds,
  orderNamesIn,
  refundReturnId,
  refundGrossCents,
  ShopifyRefundSchema,
  toCents,
  editedOrder,
  type AuditFindingKind,
  type AuditOrder,
  type AuditVoucher,
  type ShopifyRefund,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { loadShopContext } from './context';
import { lexwareOf, shopifyOf } from './clients';
import type { ShopifyDeps } from './paid';
import {
  bulkOrdersQuery,
  bulkQueryStatus,
  orderPage,
  ordersFromBulkWithRefunds,
  readBulkResult,
  startBulkQuery,
} from '@belegfluss/shopify';
import type { ActivityDeps } from './deps';

/** The first instant of a German month and of the month after it. */
export function germanMonthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: germanDayBounds(`${month}-01`).from, to: germanDayBounds(`${next}-01`).from };
}

/**
 * The month's orders through one bulk export, as Shopify recommends for this much data: paging costs 150 points a
 * page of 5 orders, so a month of 200 orders waited minutes for Shopify's budget. Another bulk operation of the
 * shop's (an import day) or a failed export makes it page instead.
 */
async function monthOrders(
  db: Db,
  box: SecretBox,
  shopify: ShopifyDeps,
  shopId: string,
  month: string,
): Promise<ShopifyOrder[]> {
  const graphql = (await shopifyOf(db, box, shopify, shopId)).graphql;
  const range = germanMonthBounds(month);
  const exported = await startBulkQuery(graphql, bulkOrdersQuery(range.from, range.to)).catch((error: unknown) => {
    if (String(error).includes('OPERATION_IN_PROGRESS')) return null;
    throw error;
  });
  let status = exported;
  while (status && (status.status === 'CREATED' || status.status === 'RUNNING')) {
    await sleep(1000);
    heartbeat();
    status = await bulkQueryStatus(graphql, status.id);
  }
  if (status?.status === 'COMPLETED')
    return status.url ? ordersFromBulkWithRefunds(graphql, await readBulkResult(status.url)) : [];
  const orders: ShopifyOrder[] = [];
  let after: string | null = null;
  do {
    const page = await orderPage(graphql, range, after);
    orders.push(...page.orders);
    after = page.next;
    heartbeat();
  } while (after);
  return orders;
}

/** The month's last day (YYYY-MM-DD): Lexware's voucher date filters take whole days, both ends included. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The month's vouchers only: an audit of a far-past month must not read every voucher made since. */
async function monthVouchers(api: LexwareClient, month: string): Promise<VoucherListEntry[]> {
  const list: VoucherListEntry[] = [];
  for (let page = 0; ; page++) {
    const res = await api.voucherList({
      voucherType: 'invoice,creditnote',
      voucherStatus: 'draft,open,paid,paidoff,voided',
      voucherDateFrom: `${month}-01`,
      voucherDateTo: lastDayOf(month),
      page,
      size: 250,
    });
    list.push(...res.content);
    heartbeat();
    if (res.last || res.content.length === 0) return list;
  }
}

/**
 * Our credit notes and exchange invoices for the month's orders that are dated later (a refund, an exchange or a
 * repair after the month closed), read one by one from our records instead of listing every voucher since; one
 * deleted in Lexware is missing.
 */
async function laterOwnDocuments(
  api: LexwareClient,
  ours: Map<string, { orderId: string; type: string; intentKey: string }>,
  monthIds: Set<string>,
  listed: Set<string>,
): Promise<{ entry: VoucherListEntry; detail: LexwareCreditNote | LexwareInvoice }[]> {
  const found: { entry: VoucherListEntry; detail: LexwareCreditNote | LexwareInvoice }[] = [];
  for (const [id, doc] of ours) {
    const exchangeInvoice = doc.intentKey.startsWith(EXCHANGE_INVOICE_INTENT);
    if ((doc.type !== 'credit' && !exchangeInvoice) || !monthIds.has(doc.orderId) || listed.has(id)) continue;
    const detail = await (exchangeInvoice ? api.invoice(id) : api.creditNote(id)).catch((error: unknown) => {
      if (error instanceof LexwareError && error.status === 404) return null;
      throw error;
    });
    heartbeat();
    if (!detail) continue;
    found.push({
      entry: {
        id,
        voucherType: exchangeInvoice ? 'invoice' : 'creditnote',
        voucherStatus: detail.voucherStatus,
        voucherNumber: detail.voucherNumber ?? '',
        voucherDate: detail.voucherDate,
        totalAmount: detail.totalPrice.totalGrossAmount,
        openAmount: 0,
        currency: detail.totalPrice.currency,
      },
      detail,
    });
  }
  return found;
}

/**
 * Gathers one month: Shopify's orders and refunds (Admin GraphQL), Lexware's vouchers dated in the month
 * with our later credit notes for its orders, and our records. Only vouchers we did not make, and credit
 * notes (for their link), are read one by one: Lexware allows 2 requests a second.
 */
export function createAuditActivities({
  db,
  box,
  shopify,
  lexware,
}: Pick<ActivityDeps, 'db' | 'box' | 'shopify' | 'lexware'>) {
  return {
    async auditShops(): Promise<string[]> {
      return installedShopIds(db);
    },

    async runCompletenessAudit(shopId: string, month: string): Promise<Record<AuditFindingKind, number>> {
      const ctx = await loadShopContext(db, shopId);
      const orders = await monthOrders(db, box, shopify, shopId, month);
      const api = lexwareOf(db, box, lexware, shopId, { background: true });
      const entries = await monthVouchers(api, month);
      const ours = await ourDocumentsByLexwareId(db, shopId);
      const monthIds = new Set(orders.map((o) => String(o.id)));
      const later = await laterOwnDocuments(api, ours, monthIds, new Set(entries.map((e) => e.id)));
      const known = new Map(later.map((l) => [l.entry.id, l.detail]));
      const vouchers: AuditVoucher[] = [];
      for (const e of [...entries, ...later.map((l) => l.entry)]) {
        const type = e.voucherType === 'invoice' ? 'invoice' : 'credit';
        const mine = ours.get(e.id);
        const base = {
          lexwareId: e.id,
          type,
          number: e.voucherNumber || null,
          status: e.voucherStatus,
          totalCents: toCents(e.totalAmount),
          intentKey: mine?.intentKey ?? null,
        } as const;
        if (mine && !monthIds.has(mine.orderId)) continue;
        const detail =
          known.get(e.id) ??
          (!mine || type === 'credit'
            ? await (type === 'invoice' ? api.invoice(e.id) : api.creditNote(e.id))
            : undefined);
        heartbeat();
        const preceding =
          (detail as { relatedVouchers?: { id: string }[] } | undefined)?.relatedVouchers?.[0]?.id ?? null;
        if (mine) {
          vouchers.push({ ...base, orderId: mine.orderId, precedingInvoiceId: preceding });
          continue;
        }
        const names = orderNamesIn([detail?.title, detail?.introduction, detail?.remark]);
        const inMonth = orders.find((o) => names.includes(o.name));
        const named = inMonth ? undefined : await orderIdsByName(db, shopId, names);
        if (inMonth) vouchers.push({ ...base, orderId: String(inMonth.id), precedingInvoiceId: preceding });
        // A document of a known order of another month belongs to that month's audit.
        else if (names.length > 0 && named!.size === 0)
          vouchers.push({ ...base, orderId: null, unknownOrderName: names[0], precedingInvoiceId: preceding });
      }
      const notCounted: Record<string, number> = {};
      const exchanges = exchangesByOrder(ours);
      const auditOrders: AuditOrder[] = orders.map((o) => {
        // Today's rule, the one the order workflow applies: nothing is due while it waits or is skipped.
        const decision = decideInvoice(o, ctx.invoice);
        if (decision.action === 'skip') notCounted[decision.reason] = (notCounted[decision.reason] ?? 0) + 1;
        return auditOrder(o, decision.action !== 'skip', exchanges.get(String(o.id)) ?? []);
      });
      const findings = auditMonth(auditOrders, vouchers);
      await saveAuditReport(db, shopId, {
        month,
        orders: orders.length,
        vouchers: vouchers.length,
        findings,
        notCounted,
      });
      return auditCounts(findings);
    },
  };
}

/**
 * The exchanges we made documents for, by order (return ids, from our records): Shopify's order list says nothing
 * of a return's exchange, and our record stays when its document is deleted or voided in Lexware, so that is found.
 */
function exchangesByOrder(ours: Map<string, { orderId: string; intentKey: string }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { orderId, intentKey } of ours.values()) {
    const prefix = [EXCHANGE_CREDIT_INTENT, EXCHANGE_INVOICE_INTENT].find((p) => intentKey.startsWith(p));
    if (!prefix) continue;
    const returnId = intentKey.slice(prefix.length);
    const list = out.get(orderId) ?? [];
    if (!list.includes(returnId)) out.set(orderId, [...list, returnId]);
  }
  return out;
}

function auditOrder(o: ShopifyOrder, invoiceDue: boolean, exchanges: string[]): AuditOrder {
  return {
    id: String(o.id),
    name: o.name,
    // The order as edited: an edit before the invoice is in the invoice, one after it in the corrections.
    totalCents: toCents(editedOrder(o).total_price),
    invoiceDue,
    refunds: o.refunds.flatMap((raw) => {
      const r = ShopifyRefundSchema.safeParse(raw);
      if (!r.success) return [];
      const returnId = refundReturnId(raw as ShopifyRefund);
      return [
        {
          id: String(r.data.id),
          amountCents: refundGrossCents(o, r.data),
          returnId: returnId === null ? null : String(returnId),
        },
      ];
    }),
    exchanges,
  };
}
export type AuditActivities = ReturnType<typeof createAuditActivities>;
