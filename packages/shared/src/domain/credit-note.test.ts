import { describe, expect, it } from 'vitest';
import { sandboxOrder, lexwareTotalCents } from './fixtures/sandbox-orders';
import { buildCreditNote, refundGrossCents, refundTransactionsCents } from './credit-note';
import { decideCreditNote, type CreditSettings } from './credit-decision';
import { buildInvoice } from './invoice-draft';
import { chooseTaxRegime } from './tax-regime';
import { orderBalance } from './order-balance';
import {
  CreditPreferencesSchema,
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
} from '../preferences';
import { cents } from './money';
import type { LexwareLineItem } from './lexware-types';

const custom = (items: LexwareLineItem[]) =>
  items.filter((i): i is Extract<LexwareLineItem, { type: 'custom' }> => i.type === 'custom');

describe('buildCreditNote', () => {
  it('full refund: every item and the shipping, totalling the money returned', () => {
    const { order, refunds } = sandboxOrder('refund_full');
    const built = buildCreditNote(order, refunds[0]!, { contactId: 'c' });
    const lines = custom(built.creditNote.lineItems);
    expect(lines.map((l) => [l.name, l.quantity, l.unitPrice.grossAmount, l.unitPrice.taxRatePercentage])).toEqual([
      ['Bio-Baumwoll T-Shirt', 2, 26.91, 19],
      ['Keramiktasse „Morgenkaffee“', 1, 11.25, 19],
      ['Versand', 1, 4.9, 19],
    ]);
    expect(lexwareTotalCents(built.creditNote)).toBe(cents(order.total_price));
    expect(built.transactionDiffCents).toBe(0);
    expect('shippingConditions' in built.creditNote).toBe(false);
    expect(built.creditNote.remark).toContain(`Bestellung ${order.name}`);
    expect(built.creditNote.title).toBe('Gutschrift');
  });

  it('partial refund: only the refunded quantity', () => {
    const { order, refunds } = sandboxOrder('refund_partial');
    const built = buildCreditNote(order, refunds[0]!);
    const lines = custom(built.creditNote.lineItems);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      name: 'Bio-Baumwoll T-Shirt',
      quantity: 1,
      unitPrice: { grossAmount: 26.91, taxRatePercentage: 19 },
    });
    expect(lexwareTotalCents(built.creditNote)).toBe(refundTransactionsCents(refunds[0]!));
  });

  it("amount-only refund: an adjustment line at the items' rate", () => {
    const { order, refunds } = sandboxOrder('refund_amount');
    const built = buildCreditNote(order, refunds[0]!);
    expect(custom(built.creditNote.lineItems)).toEqual([
      {
        type: 'custom',
        name: 'Erstattung',
        description: 'Refund discrepancy',
        quantity: 1,
        unitName: 'Pos',
        unitPrice: { currency: 'EUR', grossAmount: 10, taxRatePercentage: 19 },
      },
    ]);
    expect(lexwareTotalCents(built.creditNote)).toBe(1000);
  });

  it('an amount refund on a mixed-rate order is split over the rates in proportion', () => {
    const { order, refunds } = sandboxOrder('multi_rate', { refunds: [{ mode: 'amount', amount: 10 }] });
    const built = buildCreditNote(order, refunds[0]!);
    const lines = custom(built.creditNote.lineItems);
    expect(lines.map((l) => l.unitPrice.taxRatePercentage)).toEqual([19, 7]);
    expect(lexwareTotalCents(built.creditNote)).toBe(1000);
  });

  it('items plus shipping in one refund, net, with several refunds on one order', () => {
    const first = sandboxOrder('multi_rate', { refunds: [{ mode: 'items', lineItems: [], shipping: true }] });
    const lineItems = [{ lineItemId: first.order.line_items[1]!.id, quantity: 1 }];
    const { order, refunds } = sandboxOrder('multi_rate', {
      refunds: [{ mode: 'items', lineItems, shipping: true }, { mode: 'full' }],
    });
    for (const refund of refunds) {
      const built = buildCreditNote(order, refund, { regime: { ...buildRegime(order), taxType: 'net' } });
      expect(lexwareTotalCents(built.creditNote)).toBe(refundGrossCents(order, refund));
      expect(built.transactionDiffCents).toBe(0);
    }
    expect(
      custom(buildCreditNote(order, refunds[0]!).creditNote.lineItems).map((l) => l.unitPrice.taxRatePercentage),
    ).toEqual([7, 19]);
  });

  it('intra-community credit notes stay at 0 % and carry the legal note', () => {
    const { order } = sandboxOrder('eu_b2b_vat', { refunds: [{ mode: 'full' }] });
    const { refunds } = sandboxOrder('eu_b2b_vat', { refunds: [{ mode: 'full' }] });
    const regime = buildRegime(order);
    const built = buildCreditNote(order, refunds[0]!, { contactId: 'c', regime });
    expect(built.creditNote.taxConditions.taxType).toBe('intraCommunitySupply');
    expect(custom(built.creditNote.lineItems).every((l) => l.unitPrice.taxRatePercentage === 0)).toBe(true);
    expect(lexwareTotalCents(built.creditNote)).toBe(cents(order.total_price));
  });

  it('layout texts and finalize come from the credit preferences', () => {
    const { order, refunds } = sandboxOrder('refund_partial');
    const prefs = CreditPreferencesSchema.parse({
      creditFinalize: false,
      creditLayoutTitle: 'Korrektur {ORDER.NAME}',
      creditReferencePlaces: ['introduction'],
    });
    const built = buildCreditNote(order, refunds[0]!, { prefs });
    expect(built.finalize).toBe(false);
    expect(built.creditNote.title).toBe(`Korrektur ${order.name}`);
    expect(built.creditNote.introduction).toContain(`Bestellung ${order.name}`);
  });

  it("prints with the chosen print layout (creditLayoutPrintLayout), and with Lexware's default when none is chosen", () => {
    const { order, refunds } = sandboxOrder('refund_partial');
    const prefs = CreditPreferencesSchema.parse({ creditLayoutPrintLayout: 'layout-2' });
    expect(buildCreditNote(order, refunds[0]!, { prefs }).creditNote.printLayoutId).toBe('layout-2');
    expect('printLayoutId' in buildCreditNote(order, refunds[0]!).creditNote).toBe(false);
  });
});

function buildRegime(order: Parameters<typeof chooseTaxRegime>[0]) {
  const r = chooseTaxRegime(
    order,
    { smallBusiness: false, distanceSalesPrinciple: 'ORIGIN', businessFeatures: ['INVOICING'] },
    { ...DEFAULT_INVOICE_PREFERENCES, ...DEFAULT_CONTACT_PREFERENCES },
  );
  if (!r.ok) throw new Error(r.reason);
  return r.regime;
}

describe('decideCreditNote', () => {
  const s: CreditSettings = {
    connected: true,
    automationEnabled: true,
    creditCreate: true,
    skipPos: true,
    skipFree: true,
    posName: 'pos',
  };
  const { order, refunds } = sandboxOrder('refund_partial');
  const refund = refunds[0]!;
  const open = { id: 'inv-1', status: 'open' as const };

  it('creates the credit note after its invoice', () =>
    expect(decideCreditNote(order, refund, s, { invoice: open })).toEqual({
      action: 'create',
      precedingInvoiceId: 'inv-1',
    }));
  it.each([
    ['NOT_CONNECTED', { connected: false }],
    ['DISABLED', { automationEnabled: false }],
    ['DISABLED_CREDIT_CREATE', { creditCreate: false }],
  ] as const)('%s', (reason, patch) =>
    expect(decideCreditNote(order, refund, { ...s, ...patch }, { invoice: open })).toEqual({ action: 'skip', reason }),
  );
  it('SKIP_POS and SKIP_FREE', () => {
    const pos = sandboxOrder('pos', { refunds: [{ mode: 'full' }] });
    expect(decideCreditNote(pos.order, pos.refunds[0]!, s, { invoice: open })).toEqual({
      action: 'skip',
      reason: 'SKIP_POS',
    });
    const free = sandboxOrder('free', { refunds: [{ mode: 'full' }] });
    expect(decideCreditNote(free.order, free.refunds[0]!, s, { invoice: open })).toEqual({
      action: 'skip',
      reason: 'SKIP_FREE',
    });
  });
  it('a refund before the invoice waits for it', () => {
    expect(
      decideCreditNote(order, refund, s, { invoice: null, invoiceDecision: { action: 'skip', reason: 'WAIT' } }),
    ).toEqual({ action: 'wait', reason: 'WAIT_FOR_INVOICE' });
    expect(decideCreditNote(order, refund, s, { invoice: { id: 'd', status: 'draft' } })).toEqual({
      action: 'wait',
      reason: 'WAIT_FOR_FINALIZED_INVOICE',
    });
  });
  it('an order that will never be invoiced needs no credit note', () => {
    expect(
      decideCreditNote(order, refund, s, { invoice: null, invoiceDecision: { action: 'skip', reason: 'SKIP_TAG' } }),
    ).toEqual({ action: 'skip', reason: 'RECEIPT_NOT_FOUND' });
    expect(decideCreditNote(order, refund, s, { invoice: { id: 'v', status: 'voided' } })).toEqual({
      action: 'skip',
      reason: 'RECEIPT_NOT_FOUND',
    });
  });
  it('EXISTING when the refund has its credit note', () =>
    expect(decideCreditNote(order, refund, s, { invoice: open, existingCredit: true })).toEqual({
      action: 'skip',
      reason: 'EXISTING',
    }));
});

describe('orderBalance', () => {
  const doc = (totalCents: number, status = 'open') => ({ totalCents, status });
  const invoiceTotal = (o: Parameters<typeof buildInvoice>[0]) =>
    lexwareTotalCents(buildInvoice(o, { orderHandling: DEFAULT_ORDER_HANDLING }).invoice);

  it('complete when invoice minus credit notes equals the order minus refunds', () => {
    for (const name of ['refund_full', 'refund_partial', 'refund_amount'] as const) {
      const { order, refunds } = sandboxOrder(name);
      const credits = refunds.map((r) => doc(lexwareTotalCents(buildCreditNote(order, r).creditNote)));
      expect(orderBalance(order, [doc(invoiceTotal(order))], credits)).toMatchObject({ diffCents: 0, complete: true });
      expect(orderBalance(order, [doc(invoiceTotal(order))], []).complete).toBe(false);
    }
  });
  it('voided invoices do not count; drafts do', () => {
    const { order } = sandboxOrder('de_b2c');
    expect(orderBalance(order, [doc(6997, 'voided')], []).complete).toBe(false);
    expect(orderBalance(order, [doc(6997, 'draft')], []).complete).toBe(true);
  });
  it('tolerates a difference below 0.02 or below 1 %', () => {
    const { order } = sandboxOrder('de_b2c');
    expect(orderBalance(order, [doc(6996)], []).complete).toBe(true);
    expect(orderBalance(order, [doc(6930)], []).complete).toBe(true);
    expect(orderBalance(order, [doc(6920)], []).complete).toBe(false);
  });
});
