import { randomBytes } from 'node:crypto';
import { heartbeat } from '@temporalio/activity';
import type { Db, SecretBox } from '@belegfluss/db';
import { claimIntent, completeDocument, finishWizardImport, ordersByName, upsertOrder } from '@belegfluss/db';
import { type LexwareClient, type LexwareDeps, type VoucherListEntry } from '@belegfluss/lexware';
import { DEFAULT_ORDER_NUMBER_FORMAT, orderNamesIn, type OrderNumberFormat } from '@belegfluss/shared';
import {
  bulkOrdersQuery,
  bulkQueryStatus,
  ordersFromBulk,
  readBulkResult,
  startBulkQuery,
  type AdminClient,
  type BulkOperationStatus,
  ADMIN_DOCUMENTS,
} from '@belegfluss/shopify';
import { lexwareOf, shopifyOf } from './clients';
import type { ShopifyDeps } from './paid';

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
 * Records a Lexware document for the order its texts name (spec 2 §5: the shop's order number
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
 * The connect wizard's import (spec 1 §4 steps 2–3): the last 60 days of orders through a bulk
 * operation, then every Lexware document matched to the order it names. Each step repeats
 * safely: orders are upserted, documents claimed by their intent key.
 */
export function createWizardActivities({
  db,
  box,
  shopify,
  lexware,
}: {
  db: Db;
  box: SecretBox;
  shopify: ShopifyDeps;
  lexware: LexwareDeps;
}) {
  return {
    async startOrderExport(shopId: string, from: string): Promise<BulkOperationStatus> {
      return startBulkQuery((await shopifyOf(db, box, shopify, shopId)).graphql, bulkOrdersQuery(from));
    },

    async orderExportStatus(shopId: string, id: string): Promise<BulkOperationStatus> {
      return bulkQueryStatus((await shopifyOf(db, box, shopify, shopId)).graphql, id);
    },

    /** Stores every order of the export; the count is what the wizard's toast reports. */
    async storeExportedOrders(shopId: string, url: string | null): Promise<number> {
      if (!url) return 0;
      const orders = ordersFromBulk(await readBulkResult(url));
      for (const [i, order] of orders.entries()) {
        await upsertOrder(db, shopId, order);
        if (i % 20 === 0) heartbeat(i);
      }
      return orders.length;
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

    async finishWizardImport(
      shopId: string,
      workflowId: string,
      result: { status: 'completed' | 'failed'; orders: number; documents: number; linked: number },
    ): Promise<void> {
      await finishWizardImport(db, shopId, workflowId, result);
    },
  };
}
