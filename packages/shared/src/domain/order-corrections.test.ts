import { describe, expect, it } from 'vitest';
import { DEFAULT_INVOICE_PREFERENCES, DEFAULT_ORDER_HANDLING } from '../preferences/typed-defaults';
import { ShopifyOrderSchema, type ShopifyOrder } from '../shopify-order';
import { cents, sumOf } from './money';
import { defaultRegime } from './invoice-draft';
import { buildPlannedInvoice } from './plan-invoice';
import { DEFAULT_CONTACT_PREFERENCES } from '../preferences/typed-defaults';
import {
  addCoverage,
  coverageByRate,
  editedOrder,
  orderCoverage,
  planOrderCorrection,
  sameThings,
  type Coverage,
} from './order-corrections';

const tax = (price: string, rate: number) => [{ title: 'MwSt', rate, price }];
const line = (id: number, title: string, price: string, quantity: number, rate: number, taxCents: string) => ({
  id,
  title,
  price,
  quantity,
  current_quantity: quantity,
  tax_lines: tax(taxCents, rate),
});

/** A paid order with gross prices: 2 shirts at 19 %, a book at 7 %, shipping at 19 %; 74,90 EUR. */
const paid = (): Record<string, unknown> => ({
  id: 5001,
  name: '#1001',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  currency: 'EUR',
  financial_status: 'paid',
  taxes_included: true,
  total_price: '74.90',
  current_total_price: '74.90',
  line_items: [line(11, 'Shirt', '25.00', 2, 0.19, '7.98'), line(12, 'Buch', '20.00', 1, 0.07, '1.31')],
  shipping_lines: [{ id: 21, title: 'DHL', price: '4.90', discounted_price: '4.90', tax_lines: tax('0.78', 0.19) }],
  refunds: [],
});

const parse = (json: Record<string, unknown>) => ShopifyOrderSchema.parse(json);
const options = (order: ShopifyOrder) => ({
  layout: DEFAULT_INVOICE_PREFERENCES.invoiceLayout,
  useDiscount: false,
  orderHandling: DEFAULT_ORDER_HANDLING,
  regime: defaultRegime(order),
});
const coverage = (order: ShopifyOrder) => orderCoverage(order, options(order));
const invoiced = coverage(parse(paid()));

/** What the documents cover once a plan's documents are made. */
function afterPlan(covered: Coverage, current: Coverage, same?: ReadonlyMap<string, string>): Coverage {
  const plan = planOrderCorrection('difference', covered, current, same);
  if (plan.action !== 'difference') return covered;
  return addCoverage(addCoverage(covered, plan.supplement, 1), plan.credit, -1);
}

function edit(change: (o: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => void) {
  const json = paid() as Record<string, unknown> & { line_items: Record<string, unknown>[] };
  change(json);
  return parse(json);
}

describe('order corrections: the order as edited', () => {
  it('an order never edited is its own edited order and needs no correction', () => {
    const order = parse(paid());
    expect(editedOrder(order)).toBe(order);
    expect(planOrderCorrection('difference', invoiced, coverage(order))).toEqual({ action: 'none' });
    expect(sumOf(Object.values(coverageByRate(invoiced)))).toBe(7490);
  });

  it('a lowered quantity keeps the line with its share of tax, and the total follows', () => {
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 1;
      o.current_total_price = '49.90';
    });
    const edited = editedOrder(order);
    expect(edited.line_items[0]).toMatchObject({ quantity: 1, tax_lines: [{ price: '3.99' }] });
    expect(cents(edited.total_price)).toBe(4990);
  });

  it('refunded pieces stay in the edited order: their credit note exists already', () => {
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 1;
      o.refunds = [refundOfOneShirt];
    });
    expect(editedOrder(order).line_items[0]!.quantity).toBe(2);
    expect(planOrderCorrection('difference', invoiced, coverage(order))).toEqual({ action: 'none' });
  });
});

const refundOfOneShirt = {
  id: 7001,
  created_at: '2026-11-21T10:00:00Z',
  refund_line_items: [{ id: 1, line_item_id: 11, quantity: 1, subtotal: '25.00', total_tax: '3.99' }],
  order_adjustments: [],
  transactions: [],
};

describe('an invoice made after an edit', () => {
  it('shows the order as it is then: current quantities, no removed item, the edited total', () => {
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 1;
      o.line_items[1]!.current_quantity = 0;
      o.current_total_price = '29.90';
    });
    const prefs = {
      invoice: DEFAULT_INVOICE_PREFERENCES,
      contact: DEFAULT_CONTACT_PREFERENCES,
      orderHandling: DEFAULT_ORDER_HANDLING,
    };
    const built = buildPlannedInvoice(order, prefs, defaultRegime(order), [], null);
    expect(built.invoice.lineItems.map((l) => [l.name, 'quantity' in l ? l.quantity : null])).toEqual([
      ['Shirt', 1],
      [expect.any(String), 1],
    ]);
    expect(built.rounding.totalCents).toBe(2990);
    expect(built.orderDiffCents).toBe(0);
  });
});

describe('order corrections: Differenz', () => {
  it('a removed item is credited at its rate, nothing invoiced', () => {
    const order = edit((o) => {
      o.line_items[1]!.current_quantity = 0;
      o.current_total_price = '54.90';
    });
    const plan = planOrderCorrection('difference', invoiced, coverage(order));
    expect(plan).toMatchObject({
      action: 'difference',
      supplement: [],
      credit: [{ key: 'item:12', rate: 7, quantity: 1, grossCents: 2000, netCents: 1869 }],
    });
  });

  it('a lower quantity is credited for the pieces that went away', () => {
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 1;
      o.current_total_price = '49.90';
    });
    const plan = planOrderCorrection('difference', invoiced, coverage(order));
    expect(plan).toMatchObject({ credit: [{ key: 'item:11', rate: 19, quantity: 1, grossCents: 2500 }] });
  });

  it('an added item is invoiced on its own, the invoice stays as it is', () => {
    const order = edit((o) => {
      o.line_items.push(line(13, 'Tasse', '12.00', 2, 0.19, '3.83'));
      o.current_total_price = '98.90';
    });
    const plan = planOrderCorrection('difference', invoiced, coverage(order));
    expect(plan).toMatchObject({
      credit: [],
      supplement: [{ key: 'item:13', rate: 19, quantity: 2, grossCents: 2400 }],
    });
  });

  it('changed shipping: one supplementary invoice for what the new method costs more', () => {
    const order = edit((o) => {
      o.shipping_lines = [
        { ...(o.shipping_lines as object[])[0]!, is_removed: true },
        { id: 22, title: 'Express', price: '9.90', discounted_price: '9.90', tax_lines: tax('1.58', 0.19) },
      ];
      o.current_total_price = '79.90';
    });
    const plan = planOrderCorrection('difference', invoiced, coverage(order), sameThings(order));
    expect(plan).toMatchObject({
      credit: [],
      supplement: [{ key: 'shipping:22', quantity: 1, grossCents: 500, description: 'Versandart geändert' }],
    });
    // Without knowing which lines are the same thing, the swap is a credit note and an invoice.
    expect(planOrderCorrection('difference', invoiced, coverage(order))).toMatchObject({
      credit: [{ key: 'shipping:21', grossCents: 490 }],
      supplement: [{ key: 'shipping:22', grossCents: 990 }],
    });
  });

  it('a lower price (the variant removed and added again discounted): one credit note for the difference', () => {
    const withVariants = (o: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => {
      o.line_items[0]!.variant_id = 801;
      o.line_items[1]!.variant_id = 802;
    };
    const covered = coverage(edit(withVariants));
    const order = edit((o) => {
      withVariants(o);
      o.line_items[0]!.current_quantity = 1;
      // One shirt now costs 20,00 instead of 25,00: Shopify's edit discounts only the line it adds.
      o.line_items.push({
        ...line(13, 'Shirt', '25.00', 1, 0.19, '3.19'),
        variant_id: 801,
        discount_allocations: [{ amount: '5.00', discount_application_index: 0 }],
      });
      o.current_total_price = '69.90';
    });
    const same = sameThings(order);
    const plan = planOrderCorrection('difference', covered, coverage(order), same);
    expect(plan).toMatchObject({
      action: 'difference',
      supplement: [],
      credit: [{ kind: 'item', rate: 19, quantity: 1, grossCents: 500, netCents: 420, description: 'Preisänderung' }],
    });
    const after = afterPlan(covered, coverage(order), same);
    expect(coverageByRate(after)).toEqual(coverageByRate(coverage(order)));
    expect(planOrderCorrection('difference', after, coverage(order), same)).toEqual({ action: 'none' });
  });

  it('three edits in a row: after each, the documents cover the order to the cent, per rate', () => {
    let covered = invoiced;
    const steps = [
      (o: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => {
        o.line_items[1]!.current_quantity = 0;
      },
      (o: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => {
        o.line_items[1]!.current_quantity = 0;
        o.line_items.push(line(13, 'Tasse', '12.00', 1, 0.19, '1.92'));
      },
      (o: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => {
        o.line_items[1]!.current_quantity = 0;
        o.line_items[0]!.current_quantity = 1;
        o.line_items.push(line(13, 'Tasse', '12.00', 1, 0.19, '1.92'));
        o.shipping_lines = [
          { ...(o.shipping_lines as object[])[0]!, is_removed: true },
          { id: 22, title: 'Express', price: '9.90', discounted_price: '9.90', tax_lines: tax('1.58', 0.19) },
        ];
        o.current_total_price = '46.90';
      },
    ];
    for (const step of steps) {
      const order = edit(step);
      const current = coverage(order);
      covered = afterPlan(covered, current, sameThings(order));
      expect(coverageByRate(covered)).toEqual(coverageByRate(current));
      expect(planOrderCorrection('difference', covered, current, sameThings(order))).toEqual({ action: 'none' });
    }
    expect(coverageByRate(covered)).toEqual({ '19': 4690 });
  });

  it('an edit after a refund corrects only what the refund left', () => {
    // One shirt refunded (its own credit note), then the other removed by an edit.
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 0;
      o.refunds = [refundOfOneShirt];
    });
    const plan = planOrderCorrection('difference', invoiced, coverage(order));
    expect(plan).toMatchObject({ credit: [{ key: 'item:11', quantity: 1, grossCents: 2500 }], supplement: [] });
  });
});

describe('order corrections: Storno und neue Rechnung', () => {
  it('any change closes the invoice and makes it anew; no change, nothing', () => {
    const order = edit((o) => {
      o.line_items[0]!.current_quantity = 1;
    });
    expect(planOrderCorrection('reissue', invoiced, coverage(order))).toEqual({ action: 'reissue' });
    expect(planOrderCorrection('reissue', invoiced, invoiced)).toEqual({ action: 'none' });
  });
});
