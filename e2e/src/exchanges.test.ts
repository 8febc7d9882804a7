import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastClosedMonth } from '@belegfluss/shared';
import {
  documentsTable,
  eventLogTable,
  shopsTable,
  transferLedgerTable,
  webhookInboxTable,
} from '@belegfluss/db/testing';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';

/**
 * Returns and exchanges through the whole stack: Shopify's returns in the sandbox, their webhooks through the
 * gateway, the order workflow, and the documents in the sandbox's Lexware. An exchange gives one credit note for
 * what came back and one invoice for what went out, whose difference is the money that moved; its refund makes
 * no credit note of its own. A plain return's refund is credited as every refund is.
 */
let stack: Stack;
const shop = 'umtausch.myshopify.com';
const m = () => merchant(stack, shop);

interface Voucher {
  id: string;
  voucherStatus: string;
  title?: string;
  introduction?: string;
  relatedVouchers: { id: string; voucherType: string }[];
  totalPrice: { totalGrossAmount: number };
  lineItems: { name: string; quantity: number }[];
}
interface SandboxOrder {
  id: number;
  name: string;
  financial_status: string;
  total_outstanding: string;
  current_total_price: string;
  line_items: { id: number; title: string; quantity: number; current_quantity: number }[];
  refunds: { transactions: { kind: string; amount: string }[] }[];
}

const control = () => stack.sandbox.urls.control;
const post = <T>(url: string, body: unknown) =>
  m().json(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }) as Promise<T>;
const vouchers = async (kind: 'invoices' | 'credit-notes') =>
  (await (await fetch(`${control()}/control/lexware/${kind}`)).json()) as Voucher[];
const cents = (v: number | string) => Math.round(Number(v) * 100);

/** The order's documents we made, each with its Lexware voucher. */
async function documentsOf(orderId: number) {
  const rows = await documentsTable.list(
    stack.db,
    { shopId: shop, orderId: String(orderId) },
    { notNull: ['lexwareId'] },
  );
  const all = [...(await vouchers('invoices')), ...(await vouchers('credit-notes'))];
  return rows.map((r: { id: string; type: string; intentKey: string; lexwareId: string | null }) => ({
    ...r,
    voucher: all.find((v) => v.id === r.lexwareId)!,
  }));
}

/**
 * A paid, shipped order of a shirt (40 €, 19 %) and two mugs (12.50 € each, 7 %) with 10 % off, invoiced; placed
 * at `createdAt` when given.
 */
async function invoicedOrder(createdAt?: string): Promise<SandboxOrder> {
  const { order } = (await m().createOrder({
    scenario: 'de_b2c',
    ...(createdAt ? { createdAt } : {}),
    lineItems: [
      { title: 'Hemd M', price: 40, quantity: 1, taxRate: 0.19 },
      { title: 'Tasse', price: 12.5, quantity: 2, taxRate: 0.07 },
    ],
  })) as unknown as { order: SandboxOrder };
  await m().payOrder(order.id);
  await post(`${control()}/control/shops/${shop}/orders/${order.id}/fulfil`, {});
  await eventually(
    async () => (await documentsOf(order.id)).some((d) => d.intentKey === `invoice:${order.id}`),
    60_000,
  );
  return order;
}

const returns = (orderId: number) => `${control()}/control/shops/${shop}/orders/${orderId}/returns`;

/** The order's exchange: its two documents once both exist. */
async function exchangeDocuments(orderId: number, returnId: number) {
  return eventually(async () => {
    const docs = await documentsOf(orderId);
    const credit = docs.find((d) => d.intentKey === `exchange-credit:${returnId}`);
    const invoice = docs.find((d) => d.intentKey === `exchange-invoice:${returnId}`);
    return credit?.voucher && invoice?.voucher && { docs, credit, invoice };
  }, 90_000);
}

/** The order's workflow has settled every webhook Shopify sent about it (none waits or failed). */
async function allSettled(orderId: number) {
  await eventually(async () => {
    const rows = await webhookInboxTable.select(stack.db, ['status', 'body'], { shopId: shop });
    const mine = rows.filter((r: { body: { id?: number; order_id?: number; order?: { id?: number } } }) =>
      [r.body.id, r.body.order_id, r.body.order?.id].includes(orderId),
    );
    return (
      mine.length > 0 && mine.every((r: { status: string }) => r.status === 'successful' || r.status === 'skipped')
    );
  }, 60_000);
}

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
});
afterAll(async () => {
  await stack?.stop();
});

describe('returns and exchanges', () => {
  it('an exchange for a dearer shirt: one credit note, one invoice, the customer pays the difference', async () => {
    const order = await invoicedOrder();
    const shirt = order.line_items.find((l) => l.title === 'Hemd M')!;
    const made = await post<{
      return: { id: number; status: string };
      order: SandboxOrder;
      deliveries: { topic: string }[];
    }>(returns(order.id), {
      returnLineItems: [{ lineItemId: shirt.id, quantity: 1, returnReason: 'SIZE_TOO_SMALL' }],
      exchangeLineItems: [{ title: 'Hemd L Premium', price: 55, quantity: 1, taxRate: 0.19 }],
      requested: true,
    });
    expect(made.return.status).toBe('requested');
    await post(`${returns(order.id)}/${made.return.id}/approve`, {});
    const processed = await post<{ order: SandboxOrder; deliveries: { topic: string }[] }>(
      `${returns(order.id)}/${made.return.id}/process`,
      {},
    );
    // Shopify leaves the difference outstanding; no refund goes out.
    expect(processed.order.financial_status).toBe('partially_paid');
    // The shirt came back at the 36 € it was sold for after the discount.
    expect(processed.order.total_outstanding).toBe('19.00');
    expect(processed.deliveries.map((d) => d.topic)).toEqual(['returns/process', 'orders/updated', 'returns/close']);
    const payment = cents(processed.order.total_outstanding);
    const paid = (await m().payOrder(order.id)) as { order: SandboxOrder };
    expect(paid.order.financial_status).toBe('paid');

    const { docs, credit, invoice } = await exchangeDocuments(order.id, made.return.id);
    const orderInvoice = docs.find((d) => d.intentKey === `invoice:${order.id}`)!;
    expect(credit.voucher.relatedVouchers).toEqual([
      expect.objectContaining({ id: orderInvoice.lexwareId, voucherType: 'invoice' }),
    ]);
    expect(credit.voucher.lineItems.map((l) => [l.name, l.quantity])).toEqual([['Hemd M', 1]]);
    expect(invoice.voucher.lineItems.map((l) => [l.name, l.quantity])).toEqual([['Hemd L Premium', 1]]);
    expect(`${invoice.voucher.title ?? ''} ${invoice.voucher.introduction ?? ''}`).toContain(order.name);
    expect(cents(credit.voucher.totalPrice.totalGrossAmount)).toBe(3600);
    expect(cents(invoice.voucher.totalPrice.totalGrossAmount)).toBe(5500);
    expect(cents(invoice.voucher.totalPrice.totalGrossAmount) - cents(credit.voucher.totalPrice.totalGrossAmount)).toBe(
      payment,
    );
    await allSettled(order.id);
    expect((await documentsOf(order.id)).map((d) => d.intentKey).sort()).toEqual(
      [`exchange-credit:${made.return.id}`, `exchange-invoice:${made.return.id}`, `invoice:${order.id}`].sort(),
    );
  });

  it('an exchange for a cheaper shirt: one credit note, one invoice, the difference refunded and not credited twice', async () => {
    const order = await invoicedOrder();
    const shirt = order.line_items.find((l) => l.title === 'Hemd M')!;
    const made = await post<{
      return: { id: number; status: string };
      order: SandboxOrder;
      deliveries: { topic: string }[];
    }>(returns(order.id), {
      returnLineItems: [{ lineItemId: shirt.id, quantity: 1 }],
      exchangeLineItems: [{ title: 'Hemd S Basic', price: 29.9, quantity: 1, taxRate: 0.19 }],
      process: true,
    });
    expect(made.deliveries.map((d) => d.topic)).toEqual([
      'returns/approve',
      'refunds/create',
      'returns/process',
      'orders/updated',
      'returns/close',
    ]);
    const refund = made.order.refunds.at(-1)!.transactions[0]!;
    expect(refund.amount).toBe('6.10');
    expect(made.order.financial_status).toBe('partially_refunded');

    const { credit, invoice } = await exchangeDocuments(order.id, made.return.id);
    expect(cents(credit.voucher.totalPrice.totalGrossAmount)).toBe(3600);
    expect(cents(invoice.voucher.totalPrice.totalGrossAmount)).toBe(2990);
    expect(cents(credit.voucher.totalPrice.totalGrossAmount) - cents(invoice.voucher.totalPrice.totalGrossAmount)).toBe(
      cents(refund.amount),
    );
    // The refund belongs to the exchange: every webhook settled, and still only the exchange's credit note.
    await allSettled(order.id);
    const docs = await documentsOf(order.id);
    expect(docs.filter((d) => d.type === 'credit').map((d) => d.intentKey)).toEqual([
      `exchange-credit:${made.return.id}`,
    ]);
    // Each document one transfer.
    const charged = await transferLedgerTable.list(
      stack.db,
      { shopId: shop },
      { in: { documentId: docs.map((d) => d.id) } },
    );
    expect(charged).toHaveLength(docs.length);
    const log = await eventLogTable.select(stack.db, ['event', 'body'], { shopId: shop, orderId: String(order.id) });
    expect(log.map((l: { event: string }) => l.event)).toContain('exchange.created');
    expect(log.some((l: { body: { reason?: string } | null }) => l.body?.reason === 'EXCHANGE')).toBe(true);
  });

  it('a plain return ending in a refund still gives the one credit note of the refund', async () => {
    const order = await invoicedOrder();
    const mug = order.line_items.find((l) => l.title === 'Tasse')!;
    const made = await post<{ return: { id: number }; order: SandboxOrder }>(returns(order.id), {
      returnLineItems: [{ lineItemId: mug.id, quantity: 1 }],
      process: true,
    });
    const refund = made.order.refunds.at(-1)!.transactions[0]!;
    expect(refund.amount).toBe('11.25');
    const credit = await eventually(async () => {
      const docs = await documentsOf(order.id);
      return docs.find((d) => d.type === 'credit' && d.voucher);
    }, 60_000);
    expect(credit.intentKey).toMatch(/^credit:\d+$/);
    expect(cents(credit.voucher.totalPrice.totalGrossAmount)).toBe(1125);
    await allSettled(order.id);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.type).sort()).toEqual(['credit', 'invoice']);
  });

  it('refuses what Shopify refuses: more than was shipped, and processing a return twice', async () => {
    const { order } = (await m().createOrder({ scenario: 'de_b2c' })) as unknown as { order: SandboxOrder };
    await m().payOrder(order.id);
    const item = order.line_items[0]!;
    // Nothing shipped yet: nothing to return.
    const early = await fetch(returns(order.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnLineItems: [{ lineItemId: item.id, quantity: 1 }] }),
    });
    expect(early.status).toBe(422);
    await post(`${control()}/control/shops/${shop}/orders/${order.id}/fulfil`, {});
    const made = await post<{ return: { id: number } }>(returns(order.id), {
      returnLineItems: [{ lineItemId: item.id, quantity: 1 }],
      process: true,
    });
    const again = await fetch(`${returns(order.id)}/${made.return.id}/process`, { method: 'POST' });
    expect(again.status).toBe(422);
  });
  it("the audit of the exchanges' month finds nothing missing, doubled or wrong", async () => {
    // Only a closed month can be audited: the orders are placed on its last day, their exchanges happen today.
    const month = lastClosedMonth(new Date().toISOString());
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const placedAt = `${month}-${new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()}T12:00:00+01:00`;
    await openAllFeatures(stack, shop);
    // Installed before the month, so its orders count as live ones; the tests before used up the free transfers.
    await shopsTable.update(
      stack.db,
      { id: shop },
      { installedAt: new Date(`${month}-01T00:00:00+01:00`), transfersQuota: 100 },
    );
    const exchanged = async (title: string, price: number) => {
      const order = await invoicedOrder(placedAt);
      const shirt = order.line_items.find((l) => l.title === 'Hemd M')!;
      const made = await post<{ return: { id: number } }>(returns(order.id), {
        returnLineItems: [{ lineItemId: shirt.id, quantity: 1 }],
        exchangeLineItems: [{ title, price, quantity: 1, taxRate: 0.19 }],
        process: true,
      });
      // The dearer exchange leaves the difference outstanding; the customer pays it.
      if (price > 36) await m().payOrder(order.id);
      await exchangeDocuments(order.id, made.return.id);
      await allSettled(order.id);
      return order;
    };
    const dearer = await exchanged('Hemd L Premium', 55);
    const cheaper = await exchanged('Hemd S Basic', 29.9);
    expect(cheaper.id).not.toBe(dearer.id);

    await m().api('/api/audits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ month }),
    });
    const report = await eventually(async () => {
      const r = await m().api<{ status: string; report: { orders: number; findings: unknown[] } | null }>(
        `/api/audits/${month}`,
      );
      return r.status === 'done' ? (r.report ?? undefined) : undefined;
    }, 300_000);
    expect(report.orders).toBe(2);
    expect(report.findings).toEqual([]);
  }, 600_000);
});
