import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsTable, eventLogTable, transferLedgerTable } from '@belegfluss/db/testing';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';

/**
 * Orders edited after their finalised invoice (Shopify's order editing), through the whole stack: the sandbox edits
 * the order and sends orders/edited then orders/updated, the gateway hands both to the order's workflow, and the
 * workflow corrects the documents the way the merchant chose. After every edit the Lexware documents of the order
 * (invoices minus credit notes) equal the order's current total to the cent, per tax rate.
 */
let stack: Stack;
const shop = 'aenderungen.myshopify.com';
const m = () => merchant(stack, shop);

interface Voucher {
  id: string;
  voucherStatus: string;
  title?: string;
  relatedVouchers: { id: string; voucherType: string }[];
  totalPrice: { totalGrossAmount: number };
  taxAmounts: { taxRatePercentage: number; taxAmount: number; netAmount: number }[];
}
interface Line {
  id: number;
  variant_id: number;
  price: string;
  quantity: number;
  current_quantity: number;
  tax_lines: { price: string }[];
  discount_allocations: { amount: string }[];
}
interface Order {
  id: number;
  name: string;
  email: string;
  taxes_included: boolean;
  current_total_price: string;
  line_items: (Line & { tax_lines: { price: string; rate: number }[] })[];
  shipping_lines: { id: number; discounted_price: string; is_removed: boolean; tax_lines: { rate: number }[] }[];
}

const control = <T>(path: string, body?: unknown) =>
  m().json<T>(`${stack.sandbox.urls.control}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const vouchers = (kind: 'invoices' | 'credit-notes') => control<Voucher[]>(`/control/lexware/${kind}`);
const cents = (n: number | string) => Math.round(Number(n) * 100);
/** Cents as the log writes an amount: "2,01 €". */
const euro = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;

/** The order's documents in Lexware, by our records: invoices and credit notes. */
async function documentsOf(orderId: number) {
  const rows = await documentsTable.select(stack.db, ['type', 'lexwareId'], { shopId: shop, orderId: String(orderId) });
  const ids = new Set(rows.map((r) => r.lexwareId).filter(Boolean));
  const mine = (list: Voucher[]) => list.filter((v) => ids.has(v.id));
  return { invoices: mine(await vouchers('invoices')), credits: mine(await vouchers('credit-notes')) };
}

/** Gross cents per rate of some vouchers, signed. */
function byRate(list: Voucher[], sign: 1 | -1, into: Record<string, number> = {}) {
  for (const v of list.filter((x) => x.voucherStatus !== 'voided'))
    for (const t of v.taxAmounts) {
      const rate = String(t.taxRatePercentage);
      into[rate] = (into[rate] ?? 0) + sign * (cents(t.netAmount) + cents(t.taxAmount));
    }
  return Object.fromEntries(Object.entries(into).filter(([, c]) => c !== 0));
}

/** The order as it now is, gross cents per rate: what is left of each line, and the shipping not removed. */
function currentByRate(order: Order): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (rate: number, c: number) => {
    const key = String(Math.round(rate * 1000) / 10);
    out[key] = (out[key] ?? 0) + c;
  };
  const share = (c: number, l: Line) => Math.round((c * l.current_quantity) / l.quantity);
  for (const l of order.line_items) {
    const discount = l.discount_allocations.reduce((a, d) => a + cents(d.amount), 0);
    const tax = l.tax_lines.reduce((a, t) => a + cents(t.price), 0);
    const gross = cents(l.price) * l.quantity - discount + (order.taxes_included ? 0 : tax);
    add(l.tax_lines[0]?.rate ?? 0, share(gross, l));
  }
  for (const s of order.shipping_lines.filter((x) => !x.is_removed))
    add(s.tax_lines[0]?.rate ?? 0, cents(s.discounted_price));
  return Object.fromEntries(Object.entries(out).filter(([, c]) => c !== 0));
}

/** Waits until the order's documents cover it exactly, per rate, with `count` documents; returns them. */
async function balanced(orderId: number, count: number) {
  const order = await control<Order>(`/control/shops/${shop}/orders/${orderId}`);
  const want = currentByRate(order);
  expect(Object.values(want).reduce((a, b) => a + b, 0)).toBe(cents(order.current_total_price));
  let seen = {};
  const docs = await eventually(
    async () => {
      const d = await documentsOf(orderId);
      seen = { count: d.invoices.length + d.credits.length, have: byRate(d.credits, -1, byRate(d.invoices, 1)) };
      return d.invoices.length + d.credits.length === count && d;
    },
    120_000,
    async () => `expected ${count} documents covering ${JSON.stringify(want)}, saw ${JSON.stringify(seen)}`,
  );
  expect(byRate(docs.credits, -1, byRate(docs.invoices, 1))).toEqual(want);
  return docs;
}

const edit = (orderId: number, change: Record<string, unknown>) =>
  control<{ order: Order; deliveries: { topic: string }[] }>(`/control/shops/${shop}/orders/${orderId}/edit`, change);

/** An unpaid order: two shirts at 19 %, a cookbook at 7 %, shipping. */
async function newOrder(): Promise<Order> {
  const { order } = (await m().createOrder({
    scenario: 'de_b2c',
    lineItems: [
      { title: 'Bio-Shirt', price: 29.9, quantity: 2, taxRate: 0.19 },
      { title: 'Kochbuch', price: 24, quantity: 1, taxRate: 0.07 },
    ],
  })) as unknown as { order: Order };
  return order;
}

async function paidOrder(): Promise<Order> {
  const order = await newOrder();
  await m().payOrder(order.id);
  await balanced(order.id, 1);
  return order;
}

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  // The customer gets every document by mail, the corrections too (mail is a feature of the paid plans).
  await openAllFeatures(stack, shop);
  for (const [section, body] of [
    ['invoices', { invoiceSendMail: { enabled: true } }],
    ['credits', { creditSendMailEnabled: true }],
  ] as const)
    await m().api(`/api/preferences/${section}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  // A bound, never a wait: the stack starts slowly on a loaded machine.
}, 600_000);
afterAll(async () => {
  await stack?.stop();
});

describe('an order edited before its invoice', () => {
  it('is invoiced as it is when the invoice is made: one invoice, no correction', async () => {
    const order = await newOrder();
    await edit(order.id, { setQuantities: [{ lineItemId: order.line_items[1]!.id, quantity: 0 }] });
    await m().payOrder(order.id);
    const { invoices } = await balanced(order.id, 1);
    expect(invoices[0]!.taxAmounts.map((t) => t.taxRatePercentage)).toEqual([19]);
  });
});

describe('an order edited four times after its invoice (Differenz)', () => {
  let order: Order;
  let priceDifference = 0;
  let invoiceId: string;

  it('invoices the paid order as it is', async () => {
    order = await paidOrder();
    invoiceId = (await documentsOf(order.id)).invoices[0]!.id;
  });

  it('an item removed: a credit note for it, linked to the invoice', async () => {
    const { deliveries } = await edit(order.id, {
      setQuantities: [{ lineItemId: order.line_items[1]!.id, quantity: 0 }],
    });
    // Shopify's order: the edit first, then the order.
    expect(deliveries.map((d) => d.topic)).toEqual(['orders/edited', 'orders/updated']);
    const { credits } = await balanced(order.id, 2);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.relatedVouchers).toEqual([expect.objectContaining({ id: invoiceId, voucherType: 'invoice' })]);
    expect(byRate(credits, 1)).toEqual({ '7': 2160 });
  });

  it('an item added: a supplementary invoice for it, the first invoice untouched', async () => {
    await edit(order.id, { addItems: [{ title: 'Tasse', price: 12.5, quantity: 1, taxRate: 0.19 }] });
    const { invoices } = await balanced(order.id, 3);
    const supplement = invoices.find((v) => v.id !== invoiceId)!;
    expect(supplement.title).toBe('Nachtragsrechnung');
    expect(supplement.totalPrice.totalGrossAmount).toBe(12.5);
  });

  it('shipping changed and a quantity lowered in one edit: a credit note and a supplementary invoice', async () => {
    await edit(order.id, {
      removeShipping: [order.shipping_lines[0]!.id],
      addShipping: [{ title: 'Express', price: 9.9, taxRate: 0.19 }],
      setQuantities: [{ lineItemId: order.line_items[0]!.id, quantity: 1 }],
    });
    const { invoices, credits } = await balanced(order.id, 5);
    expect(invoices).toHaveLength(3);
    expect(credits).toHaveLength(2);
  });

  it('a price lowered (the shirt removed and added again with a discount): one credit note for the difference', async () => {
    const shirt = order.line_items[0]!;
    const { order: after } = await edit(order.id, {
      setQuantities: [{ lineItemId: shirt.id, quantity: 0 }],
      addVariants: [{ variantId: shirt.variant_id, quantity: 1, discount: { amount: 5, description: 'Kulanz' } }],
    });
    // The one shirt left was invoiced at its price less the order's discount; it now costs 5,00 € less than its price.
    const old = after.line_items.find((l) => l.id === shirt.id)!;
    const invoicedPiece = (cents(old.price) * old.quantity - cents(old.discount_allocations[0]?.amount ?? 0)) / 2;
    const difference = Math.round(invoicedPiece) - (cents(old.price) - 500);
    const { credits } = await balanced(order.id, 6);
    expect(credits).toHaveLength(3);
    const latest = credits.find((c) => cents(c.totalPrice.totalGrossAmount) === difference);
    expect(latest?.relatedVouchers).toEqual([expect.objectContaining({ id: invoiceId, voucherType: 'invoice' })]);
    priceDifference = difference;
  });

  it('made every document once, each charged as one transfer, and logged each correction in German', async () => {
    const docs = await documentsTable.select(stack.db, ['id', 'intentKey', 'lexwareId'], {
      shopId: shop,
      orderId: String(order.id),
    });
    const ledger = await transferLedgerTable.list(stack.db, { shopId: shop });
    expect(
      docs
        .filter((d) => d.lexwareId)
        .map((d) => d.intentKey)
        .sort(),
    ).toEqual(
      [
        `invoice:${order.id}`,
        `correction:${order.id}:1`,
        `supplement:${order.id}:2`,
        `correction:${order.id}:3`,
        `supplement:${order.id}:4`,
        `correction:${order.id}:5`,
      ].sort(),
    );
    expect(ledger.filter((l) => docs.some((d) => d.id === l.documentId))).toHaveLength(6);
    const log = await eventually(async () => {
      const entries = await eventLogTable.select(stack.db, ['event', 'body'], { shopId: shop, event: 'order.edited' });
      return entries.length === 5 && entries;
    });
    const messages = log.map((e) => String(e.body?.message));
    // The customer got each of the six documents once, as a PDF named by its number.
    const mailed = await eventually(async () => {
      const all = await control<{ subject: string; attachments: { filename: string }[] }[]>(
        `/control/mail?to=${encodeURIComponent(order.email)}`,
      );
      const mine = all.filter((x) => x.subject.endsWith(` ${order.name}`));
      return mine.length >= 6 && mine;
    });
    expect(mailed).toHaveLength(6);
    expect(new Set(mailed.map((x) => x.attachments[0]?.filename)).size).toBe(6);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Gutschrift zu Rechnung \S+ über 21,60 € \(7 %: 21,60 €\)$/),
        expect.stringMatching(/^Nachtragsrechnung zu Rechnung \S+ über 12,50 € \(19 %: 12,50 €\)$/),
        expect.stringMatching(/^Nachtragsrechnung zu Rechnung \S+ über 5,00 € \(19 %: 5,00 €\)$/),
        expect.stringMatching(
          new RegExp(
            `^Gutschrift zu Rechnung \\S+ über ${euro(priceDifference)} \\(19 %: ${euro(priceDifference)}\\)$`,
          ),
        ),
      ]),
    );
  });
});

describe('an order edited after its invoice with "Storno und neue Rechnung"', () => {
  it('closes the invoice with a full credit note and invoices the order as it now is', async () => {
    await m().api('/api/preferences/invoices', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoiceCorrection: 'reissue' }),
    });
    const order = await paidOrder();
    const [first] = (await documentsOf(order.id)).invoices;
    await edit(order.id, { setQuantities: [{ lineItemId: order.line_items[0]!.id, quantity: 1 }] });
    const { invoices, credits } = await balanced(order.id, 3);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.relatedVouchers).toEqual([expect.objectContaining({ id: first!.id })]);
    expect(credits[0]!.totalPrice.totalGrossAmount).toBe(first!.totalPrice.totalGrossAmount);
    const fresh = invoices.find((v) => v.id !== first!.id)!;
    expect(cents(fresh.totalPrice.totalGrossAmount)).toBe(
      cents((await control<Order>(`/control/shops/${shop}/orders/${order.id}`)).current_total_price),
    );
    const row = await documentsTable.first(stack.db, { shopId: shop, lexwareId: first!.id });
    expect(row?.cancelled).toBe(true);
  });
});
