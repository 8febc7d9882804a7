import type Router from '@koa/router';
import { listOrders, orderWithDocuments, type OrderListEntry, type ReceiptListEntry } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { query, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { documentUrl } from '../documents/documents';
import { OrderIdParam } from '../documents/schema';
import { ORDER_PAGE_SIZE, OrderListQuery } from './schema';
import { requireFeature } from '../../plan-gate';
import { orderDetails } from './detail';
import { fillShownNumbers, numberPending } from '../documents/numbers';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'orders.list': '?sortBy&sortDir&search&page: 50 orders a page with their receipts',
  'orders.get': 'One order with its invoices and credit notes',
});

/** What a screen shows for a finalised document whose number Lexware has not named to us yet. */
export const NUMBER_PENDING_TEXT = 'Nummer folgt';

const LEXWARE_PATH: Record<string, string> = {
  invoice: 'invoices',
  credit: 'credit-notes',
  delivery: 'delivery-notes',
};

/** Receipts as the screens read them: `_key` is the Lexware id, `pdf` the app-host link (`{pdf}/download`). */
function present(gw: GatewayContext, order: OrderListEntry) {
  // Lexware Office's own page of the document, for the actions its API can't do.
  const app = new URL(gw.settings.lexware.oauth.oauthUrl).origin;
  const lexwareUrl = (r: ReceiptListEntry) =>
    `${app}/permalink/${LEXWARE_PATH[r.type] ?? 'credit-notes'}/${r.status.toLowerCase() === 'draft' ? 'edit' : 'view'}/${r.id}`;
  const receipt = ({ pdfToken, ...r }: ReceiptListEntry) => ({
    ...r,
    _key: r.id,
    pdf: pdfToken ? documentUrl(gw.settings.appUrl, pdfToken) : null,
    lexwareUrl: lexwareUrl({ pdfToken, ...r }),
    ...(numberPending(r) ? { numberPending: true, numberText: NUMBER_PENDING_TEXT } : {}),
  });
  const receipts = order.receipts.map(receipt);
  return {
    ...order,
    receipts,
    invoices: receipts.filter((r) => r.type === 'invoice'),
    credits: receipts.filter((r) => r.type === 'credit'),
  };
}

export function orderRoutes(gw: GatewayContext, api: Router): void {
  /** The order list: latest snapshots with their receipts (status, hint and cancellation badges). */
  api.get('orders.list', '/api/orders', requireFeature(gw, 'orders'), async (ctx) => {
    const q = query(ctx, OrderListQuery);
    const { shop } = sessionOf(ctx);
    const list = () => listOrders(gw.db, shop, { ...q, pageSize: ORDER_PAGE_SIZE });
    let { items, total } = await list();
    if (items.some((o) => o.receipts.some(numberPending)) && (await fillShownNumbers(gw, shop)))
      ({ items, total } = await list());
    ctx.body = {
      items: items.map((o) => present(gw, o)),
      total,
      page: q.page,
      pageSize: ORDER_PAGE_SIZE,
      hasPrevious: q.page > 1,
      hasNext: q.page * ORDER_PAGE_SIZE < total,
    };
  });

  api.get('orders.get', '/api/orders/:id', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const orderId = validate(OrderIdParam, ctx.params.id);
    let order = await orderWithDocuments(gw.db, shop, orderId);
    if (!order) throw NotFound('Bestellung nicht gefunden');
    if (order.receipts.some(numberPending) && (await fillShownNumbers(gw, shop)))
      order = (await orderWithDocuments(gw.db, shop, orderId)) ?? order;
    ctx.body = { ...present(gw, order), ...(await orderDetails(gw.db, sessionOf(ctx).shop, order)) };
  });
}
