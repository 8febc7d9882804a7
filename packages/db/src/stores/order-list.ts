import type { Db } from '../connection';
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
  /** Lexware's electronicDocumentProfile: NONE, EN16931 (ZUGFeRD) or XRechnung; null before issue 19. */
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
  const rows = await base
    .clone()
    .select(
      'o.order_id',
      'o.name',
      'o.created_at',
      'o.financial_status',
      'o.fulfillment_status',
      'o.gateway',
      'o.total',
      'o.currency',
      'o.customer_email',
      'o.customer_name',
      'o.tags',
    )
    .orderByRaw(`${SORT_COLUMNS[q.sortBy]} ${q.sortDir} nulls last, o.order_id ${q.sortDir}`)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const ids = rows.map((r: { order_id: string }) => r.order_id);
  const docs = ids.length
    ? await db('documents')
        .where({ shop_id: shopId })
        .whereIn('order_id', ids)
        .whereNotNull('lexware_id')
        .orderBy('created_at')
    : [];
  const waiting = await ordersWaitingForTransfers(db, shopId, ids);
  const byOrder = new Map<string, ReceiptListEntry[]>();
  for (const d of docs) {
    const list = byOrder.get(d.order_id) ?? [];
    list.push({
      id: d.lexware_id,
      type: d.type,
      number: d.number ?? null,
      title: d.title ?? null,
      status: d.status,
      total: d.total ?? null,
      cancelled: d.cancelled,
      hintedAt: d.hinted_at ? (d.hinted_at as Date).toISOString() : null,
      emailedAt: d.emailed_at ? (d.emailed_at as Date).toISOString() : null,
      pdfToken: d.pdf_token ? String(d.pdf_token) : null,
      profile: d.profile ?? null,
      createdAt: (d.created_at as Date).toISOString(),
    });
    byOrder.set(d.order_id, list);
  }
  return {
    total: Number(counted?.count ?? 0),
    items: rows.map((r: Record<string, unknown>) => ({
      id: r.order_id as string,
      name: r.name as string,
      createdAt: (r.created_at as Date).toISOString(),
      financialStatus: (r.financial_status as string | null) ?? null,
      fulfillmentStatus: (r.fulfillment_status as string | null) ?? null,
      gateway: (r.gateway as string | null) ?? null,
      total: r.total as number,
      currency: r.currency as string,
      customer: {
        name: (r.customer_name as string | null) ?? null,
        email: (r.customer_email as string | null) ?? null,
      },
      tags: r.tags as string,
      receipts: byOrder.get(r.order_id as string) ?? [],
      waitingForTransfers: waiting.has(r.order_id as string),
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
