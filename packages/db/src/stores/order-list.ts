import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { ordersWaitingForTransfers } from './billing';

export type OrderSortField = 'name' | 'createdAt' | 'total' | 'financialStatus' | 'fulfillmentStatus' | 'customer';
const SORT_COLUMNS: Record<OrderSortField, string> = {
  name: 'o.created_at', // order names grow with time; sorting by text would put #999 after #1000
  createdAt: 'o.created_at',
  total: 'o.total',
  financialStatus: 'o.financial_status',
  fulfillmentStatus: 'o.fulfillment_status',
  customer: 'o.customer_name',
};

export interface OrderListQuery {
  sortBy: OrderSortField;
  sortDir: 'asc' | 'desc';
  search?: string;
  orderId?: string;
  page: number;
  pageSize: number;
}

export interface ReceiptListEntry {
  id: string;
  type: 'invoice' | 'credit';
  number: string | null;
  title: string | null;
  status: string;
  total: number | null;
  cancelled: boolean;
  hintedAt: string | null;
  emailedAt: string | null;
  pdfToken: string | null;
  /** Lexware's electronicDocumentProfile: NONE, EN16931 (ZUGFeRD) or XRechnung; null for documents made before e-invoices were read. */
  profile: string | null;
  createdAt: string;
}

export interface OrderListEntry {
  id: string;
  name: string;
  createdAt: string;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  gateway: string | null;
  total: number;
  currency: string;
  customer: { name: string | null; email: string | null };
  tags: string;
  receipts: ReceiptListEntry[];
  /** A document of the order was refused for want of transfers and waits for the next ones. */
  waitingForTransfers: boolean;
}

type Raw = Record<string, unknown>;

interface ReceiptRow extends Omit<ReceiptListEntry, 'id' | 'hintedAt' | 'emailedAt' | 'createdAt'> {
  lexwareId: string;
  orderId: string;
  hintedAt: Date | null;
  emailedAt: Date | null;
  createdAt: Date;
}
const RECEIPT_COLUMNS = [
  'lexware_id',
  'order_id',
  'type',
  'number',
  'title',
  'status',
  'total',
  'cancelled',
  'hinted_at',
  'emailed_at',
  'pdf_token',
  'profile',
  'created_at',
] as const;
/** A document of the list, with the order it belongs to. */
const receiptFromRow = (r: Raw): { orderId: string; receipt: ReceiptListEntry } => {
  const { lexwareId, orderId, ...row } = fromRow<ReceiptRow>(r, RECEIPT_COLUMNS);
  return {
    orderId,
    receipt: {
      id: lexwareId,
      ...row,
      number: row.number ?? null,
      title: row.title ?? null,
      total: row.total ?? null,
      hintedAt: isoOf(row.hintedAt),
      emailedAt: isoOf(row.emailedAt),
      pdfToken: row.pdfToken ? String(row.pdfToken) : null,
      profile: row.profile ?? null,
      createdAt: isoOf(row.createdAt),
    },
  };
};

interface OrderRow extends Omit<OrderListEntry, 'id' | 'createdAt' | 'customer' | 'receipts' | 'waitingForTransfers'> {
  orderId: string;
  createdAt: Date;
  customerName: string | null;
  customerEmail: string | null;
}
const ORDER_COLUMNS = [
  'order_id',
  'name',
  'created_at',
  'financial_status',
  'fulfillment_status',
  'gateway',
  'total',
  'currency',
  'customer_email',
  'customer_name',
  'tags',
] as const;
const orderFromRow = (r: Raw): Omit<OrderListEntry, 'receipts' | 'waitingForTransfers'> => {
  const { orderId, customerName, customerEmail, ...row } = fromRow<OrderRow>(r, ORDER_COLUMNS);
  return {
    id: orderId,
    ...row,
    createdAt: isoOf(row.createdAt),
    financialStatus: row.financialStatus ?? null,
    fulfillmentStatus: row.fulfillmentStatus ?? null,
    gateway: row.gateway ?? null,
    customer: { name: customerName ?? null, email: customerEmail ?? null },
  };
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the shop's orders (latest snapshots) with the documents we made for each. */
export async function listOrders(
  db: Db,
  shopId: string,
  q: OrderListQuery,
): Promise<{ items: OrderListEntry[]; total: number }> {
  const base = db('orders as o').where('o.shop_id', shopId);
  if (q.orderId) base.where('o.order_id', q.orderId);
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    base.where((w) => {
      w.whereILike('o.name', like)
        .orWhereILike('o.customer_email', like)
        .orWhereILike('o.customer_name', like)
        .orWhere('o.order_id', q.search!)
        .orWhereExists(
          db('documents as d')
            .whereRaw('d.shop_id = o.shop_id and d.order_id = o.order_id')
            .whereILike('d.number', like),
        );
    });
  }
  const [counted] = await base.clone().count<{ count: number }[]>({ count: '*' });
  const rows = (
    await base
      .clone()
      .select(ORDER_COLUMNS.map((c) => `o.${c}`))
      .orderByRaw(`${SORT_COLUMNS[q.sortBy]} ${q.sortDir} nulls last, o.order_id ${q.sortDir}`)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
  ).map(orderFromRow);
  const ids = rows.map((r) => r.id);
  const docs = ids.length
    ? await db('documents')
        .where({ shop_id: shopId })
        .whereIn('order_id', ids)
        .whereNotNull('lexware_id')
        .orderBy('created_at')
    : [];
  const waiting = await ordersWaitingForTransfers(db, shopId, ids);
  const byOrder = new Map<string, ReceiptListEntry[]>();
  for (const { orderId, receipt } of docs.map(receiptFromRow)) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), receipt]);
  }
  return {
    total: Number(counted?.count ?? 0),
    items: rows.map((order) => ({
      ...order,
      receipts: byOrder.get(order.id) ?? [],
      waitingForTransfers: waiting.has(order.id),
    })),
  };
}

export async function getOrderSnapshot(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await db('orders').where({ shop_id: shopId, order_id: orderId }).first('snapshot');
  return row?.snapshot as Record<string, unknown> | undefined;
}

export async function latestOrderSnapshot(db: Db, shopId: string): Promise<Record<string, unknown> | undefined> {
  const row = await db('orders').where({ shop_id: shopId }).orderBy('created_at', 'desc').first('snapshot');
  return row?.snapshot as Record<string, unknown> | undefined;
}

/** One order of the shop with its documents, for the order detail. */
export async function orderWithDocuments(db: Db, shopId: string, orderId: string): Promise<OrderListEntry | undefined> {
  const { items } = await listOrders(db, shopId, {
    sortBy: 'createdAt',
    sortDir: 'desc',
    orderId,
    page: 1,
    pageSize: 1,
  });
  return items[0];
}
