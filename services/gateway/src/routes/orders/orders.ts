import type Router from '@koa/router';
import { listOrders, orderWithDocuments, type OrderListEntry, type ReceiptListEntry } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { query, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { documentUrl } from '../documents/documents';
import { ORDER_PAGE_SIZE, OrderIdParam, OrderListQuery } from './schema';
import { requireFeature } from '../../plan-gate';
import { orderDetails } from './detail';

const LEXWARE_PATH: Record<string, string> = { invoice: 'invoices', credit: 'credit-notes', delivery: 'delivery-notes' };

/** Receipts as the screens read them: `_key` is the Lexware id, `pdf` the app-host link (`{pdf}/download`). */
function present(gw: GatewayContext, order: OrderListEntry) {
  // Lexware Office's own page of the document, for the actions its API can't do (spec 2 §4).
  const app = new URL(gw.settings.lexoffice.oauth.oauthUrl).origin;
  const lexwareUrl = (r: ReceiptListEntry) => `${app}/permalink/${LEXWARE_PATH[r.type] ?? 'credit-notes'}/${r.status.toLowerCase() === 'draft' ? 'edit' : 'view'}/${r.id}`;
  const receipt = ({ pdfToken, ...r }: ReceiptListEntry) => ({ ...r, _key: r.id, pdf: pdfToken ? documentUrl(gw.settings.appUrl, pdfToken) : null, lexwareUrl: lexwareUrl({ pdfToken, ...r }) });
  const receipts = order.receipts.map(receipt);
  return { ...order, receipts, invoices: receipts.filter((r) => r.type === 'invoice'), credits: receipts.filter((r) => r.type === 'credit') };
}

export function orderRoutes(gw: GatewayContext, api: Router): void {
  /** The order list: latest snapshots with their receipts (status, hint and cancellation badges). */
  api.get('/api/orders', requireFeature(gw, 'orders'), async (ctx) => {
    const q = query(ctx, OrderListQuery);
    const { items, total } = await listOrders(gw.db, sessionOf(ctx).shop, { ...q, pageSize: ORDER_PAGE_SIZE });
    ctx.body = {
      items: items.map((o) => present(gw, o)), total, page: q.page, pageSize: ORDER_PAGE_SIZE,
      hasPrevious: q.page > 1, hasNext: q.page * ORDER_PAGE_SIZE < total,
    };
  });

  api.get('/api/orders/:id', async (ctx) => {
    const order = await orderWithDocuments(gw.db, sessionOf(ctx).shop, validate(OrderIdParam, ctx.params.id));
    if (!order) throw NotFound('Bestellung nicht gefunden');
    ctx.body = { ...present(gw, order), ...(await orderDetails(gw.db, sessionOf(ctx).shop, order)) };
  });
}
