import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, transferLedgerTable } from '@belegfluss/db/testing';

/**
 * Delivery notes: an order shipped in two parts gets two delivery notes in Lexware,
 * each with only its shipment's items, once each although every webhook arrives twice.
 */
let stack: Stack;
const shop = 'lieferscheine.myshopify.com';
const m = () => merchant(stack, shop);

interface DeliveryNote {
  id: string;
  voucherNumber: string;
  voucherStatus: string;
  introduction: string;
  lineItems: { name: string; quantity: number; unitPrice?: unknown }[];
}
const deliveryNotes = async () =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/delivery-notes`)).json()) as DeliveryNote[];
const post = (url: string, body: unknown) =>
  m().json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await m().api('/api/preferences/orderHandling', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ deliveryNoteCreate: true }),
  });
  // Every webhook twice: the delivery note must still be made once per shipment.
  await fetch(`${stack.sandbox.urls.control}/control/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shopify: { duplicateRate: 1 } }),
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('delivery notes', () => {
  it('fulfils an order in two parts and finds two delivery notes with the right items', async () => {
    const { order } = (await m().createOrder({ scenario: 'de_b2c' })) as unknown as {
      order: {
        id: number;
        name: string;
        line_items: { id: number; title: string; variant_title: string | null; quantity: number }[];
      };
    };
    await m().payOrder(order.id);
    const [shirt, mug] = order.line_items;
    expect(shirt!.quantity).toBe(2);
    const orders = `${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}`;

    const first = (await post(`${orders}/fulfil`, { lineItems: [{ lineItemId: shirt!.id, quantity: 1 }] })) as {
      order: { fulfillment_status: string };
      deliveries: { topic: string }[];
    };
    expect(first.order.fulfillment_status).toBe('partial');
    expect(first.deliveries.map((d) => d.topic)).toContain('orders/partially_fulfilled');
    await eventually(async () => (await deliveryNotes()).length === 1, 60_000);

    const second = (await post(`${orders}/fulfil`, {})) as { order: { fulfillment_status: string } };
    expect(second.order.fulfillment_status).toBe('fulfilled');
    const notes = await eventually(async () => {
      const list = await deliveryNotes();
      return list.length === 2 && list;
    }, 60_000);

    const shirtName = `${shirt!.title} – ${shirt!.variant_title}`;
    const items = (n: DeliveryNote) => n.lineItems.map((l) => [l.name, l.quantity]).sort();
    const [one, two] = [...notes].sort((a, b) => a.voucherNumber.localeCompare(b.voucherNumber));
    expect(items(one!)).toEqual([[shirtName, 1]]);
    expect(items(two!)).toEqual(
      [
        [shirtName, 1],
        [mug!.title, 1],
      ].sort(),
    );
    expect(notes.every((n) => n.voucherStatus === 'open' && n.introduction.includes(`Bestellung ${order.name}`))).toBe(
      true,
    );
    // A delivery note shows quantities, not prices.
    expect(notes.flatMap((n) => n.lineItems).every((l) => l.unitPrice === undefined)).toBe(true);

    // Duplicated webhooks and later order updates leave it at two; delivery notes cost no transfer.
    await post(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/refund`, {
      mode: 'amount',
      amount: 1,
    });
    await eventually(
      async () =>
        (await documentsTable.list(stack.db, { shopId: shop, type: 'credit' }, { notNull: ['lexwareId'] })).length ===
        1,
      60_000,
    );
    expect(await deliveryNotes()).toHaveLength(2);
    const rows = await documentsTable.list(stack.db, { shopId: shop, type: 'delivery' }, { notNull: ['lexwareId'] });
    expect(rows.map((r) => r.lexwareId).sort()).toEqual(notes.map((n) => n.id).sort());
    const charged = await transferLedgerTable.list(
      stack.db,
      { shopId: shop },
      { in: { documentId: rows.map((r: { id: string }) => r.id) } },
    );
    expect(charged).toHaveLength(0);
    const log = await eventLogTable.select(stack.db, ['event'], { shopId: shop, origin: 'delivery' });
    expect(log.map((l: { event: string }) => l.event)).toEqual(['delivery.created', 'delivery.created']);

    // The order page lists them beside the invoice, and each opens as a PDF.
    const detail = await m().api<{ receipts: { type: string; number: string; pdf: string | null }[] }>(
      `/api/orders/${order.id}`,
    );
    const listed = detail.receipts.filter((r) => r.type === 'delivery');
    expect(listed.map((r) => r.number).sort()).toEqual(notes.map((n) => n.voucherNumber).sort());
    const pdf = await fetch(`${listed[0]!.pdf!}`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
