import { randomBytes } from 'node:crypto';
import { heartbeat } from '@temporalio/activity';
import type { Db } from '@belegfluss/db';
import {
  claimIntent,
  completeDocument,
  finishWizardImport,
  importedOrdersToHandOver,
  markHandedOver,
  markWizardImported,
  ordersByName,
  upsertOrder,
  writeLog,
} from '@belegfluss/db';
import { type LexwareClient, type VoucherListEntry } from '@belegfluss/lexware';
import {
  DEFAULT_ORDER_NUMBER_FORMAT,
  importedOrdersToInvoice,
  orderNamesIn,
  type OrderNumberFormat,
} from '@belegfluss/shared';
import {
  bulkOrdersQuery,
  bulkQueryStatus,
  ordersFromBulkWithRefunds,
  readBulkResult,
  startBulkQuery,
  type AdminClient,
  type BulkOperationStatus,
  ADMIN_DOCUMENTS,
} from '@belegfluss/shopify';
import { wizardHandOverWorkflowId } from '../api';
import { handOver } from './import';
import { loadShopContext } from './context';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';
import { lexwareOf, shopifyOf } from './clients';

/** Vouchers a page: each needs its own GET for its texts, at 2 requests/s about 13 s a page. */
export const VOUCHERS_PER_PAGE = 25;

async function orderFormat(graphql: AdminClient): Promise<OrderNumberFormat> {
  const data: { shop: { orderNumberFormatPrefix: string; orderNumberFormatSuffix: string } } = await graphql(
    ADMIN_DOCUMENTS.OrderFormat,
  );
  return {
    prefix: data.shop.orderNumberFormatPrefix ?? DEFAULT_ORDER_NUMBER_FORMAT.prefix,
    suffix: data.shop.orderNumberFormatSuffix ?? '',
  };
}

/**
 * Records a Lexware document for the order its texts name (the shop's order number
 * format). True when the document is linked to an order now, whether by this call or by an
 * earlier attempt of the same page; a document of an order that already has another is not.
 */
async function linkVoucher(
  db: Db,
  api: LexwareClient,
  shopId: string,
  entry: VoucherListEntry,
  format: OrderNumberFormat,
): Promise<boolean> {
  const credit = entry.voucherType === 'creditnote';
  const voucher = credit ? await api.creditNote(entry.id) : await api.invoice(entry.id);
  const orders = await ordersByName(
    db,
    shopId,
    orderNamesIn([voucher.title, voucher.introduction, voucher.remark], format),
  );
  const order = orders[0];
  if (!order || orders.length > 1) return false;
  const doc = await claimIntent(db, {
    shopId,
    type: credit ? 'credit' : 'invoice',
    intentKey: credit ? `credit:matched:${entry.id}` : `invoice:${order.orderId}`,
    orderId: order.orderId,
    orderName: order.name,
  });
  if (doc.lexwareId) return doc.lexwareId === entry.id;
  await completeDocument(db, doc.id, {
    lexwareId: entry.id,
    contactId: 'contactId' in voucher.address ? (voucher.address.contactId ?? null) : null,
    number: voucher.voucherNumber ?? null,
    title: voucher.title ?? null,
    status: voucher.voucherStatus,
    total: voucher.totalPrice.totalGrossAmount,
    voucherDate: voucher.voucherDate,
    pdfToken: randomBytes(16).toString('hex'),
  });
  return true;
}

/**
 * The connect wizard's import: the last 60 days of orders through a bulk
 * operation, then every Lexware document matched to the order it names. Each step repeats
 * safely: orders are upserted, documents claimed by their intent key.
 */
export function createWizardActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'shopify' | 'lexware' | 'mail'>) {
  const { db, box, shopify } = deps;
  // A lost connection found while matching documents mails the merchant, as it does for an order's steps.
  const { lexware } = lexwareAccess(deps);
  return {
    async startOrderExport(shopId: string, from: string): Promise<BulkOperationStatus> {
      return startBulkQuery((await shopifyOf(db, box, shopify, shopId)).graphql, bulkOrdersQuery(from));
    },

    async orderExportStatus(shopId: string, id: string): Promise<BulkOperationStatus> {
      return bulkQueryStatus((await shopifyOf(db, box, shopify, shopId)).graphql, id);
    },

    /**
     * Stores every order of the export, each refunded one with its refunds: once invoices are switched on,
     * the order is invoiced from this snapshot and its refunds become credit notes, as for a live order.
     * The count is what the wizard's toast reports.
     */
    async storeExportedOrders(shopId: string, url: string | null): Promise<number> {
      if (!url) return 0;
      // Beats on a clock: reading the refunds of a refunded order waits for Shopify's query budget.
      const beat = setInterval(() => heartbeat(), 2_000);
      try {
        const { graphql } = await shopifyOf(db, box, shopify, shopId);
        const orders = await ordersFromBulkWithRefunds(graphql, await readBulkResult(url));
        for (const order of orders) await upsertOrder(db, shopId, order);
        // Marked apart from the upsert: an order a webhook stored newer keeps its snapshot but is still imported.
        await markWizardImported(
          db,
          shopId,
          orders.map((o) => String(o.id)),
        );
        return orders.length;
      } finally {
        clearInterval(beat);
      }
    },

    async linkVoucherPage(
      shopId: string,
      page: number,
    ): Promise<{ seen: number; linked: number; totalPages: number; last: boolean }> {
      const api = lexwareOf(db, box, lexware, shopId);
      const format = await orderFormat((await shopifyOf(db, box, shopify, shopId)).graphql);
      const list = await api.voucherList({
        voucherType: 'invoice,creditnote',
        voucherStatus: 'open,paid,paidoff,voided,draft',
        page,
        size: VOUCHERS_PER_PAGE,
      });
      let linked = 0;
      // Beats on a clock, not per voucher: a voucher's GET may wait long for a slot behind live orders.
      const beat = setInterval(() => heartbeat(), 2_000);
      try {
        for (const entry of list.content) if (await linkVoucher(db, api, shopId, entry, format)) linked++;
      } finally {
        clearInterval(beat);
      }
      return {
        seen: list.content.length,
        linked,
        totalPages: list.totalPages,
        last: list.last || list.content.length === 0,
      };
    },

    /**
     * Invoice creation was switched on: each imported order without a document either goes to its order
     * workflow (as background work, behind live orders, at most IN_FLIGHT at a time) or has its reason
     * logged, by the rule the transfers dialog counted with. Each order is marked as it is done, so a
     * retry goes on where the last attempt stopped and a second activation hands none over twice.
     */
    async handOverImportedOrders(shopId: string): Promise<{ handedOver: number; skipped: number }> {
      const beat = setInterval(() => heartbeat(), 2_000);
      try {
        const ctx = await loadShopContext(db, shopId);
        const { due, skipped } = importedOrdersToInvoice(await importedOrdersToHandOver(db, shopId), ctx.invoice);
        for (const { order, reason } of skipped) {
          await writeLog(db, {
            shopId,
            origin: 'invoice',
            event: 'invoice.skipped',
            status: 'warning',
            orderId: String(order.id),
            orderName: order.name,
            body: { reason, import: true },
          });
          await markHandedOver(db, shopId, String(order.id));
        }
        await handOver(db, shopId, due, wizardHandOverWorkflowId(shopId), {
          bounded: true,
          origin: 'import',
          reached: (n) => markHandedOver(db, shopId, String(due[n - 1]!.id)),
        });
        return { handedOver: due.length, skipped: skipped.length };
      } finally {
        clearInterval(beat);
      }
    },

    async finishWizardImport(
      shopId: string,
      workflowId: string,
      result: { status: 'completed' | 'failed'; orders: number; documents: number; linked: number },
    ): Promise<void> {
      await finishWizardImport(db, shopId, workflowId, result);
    },
  };
}
