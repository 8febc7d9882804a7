import { describe, expect, it } from 'vitest';
import { TransactionPreferencesSchema } from '../preferences/transactions';
import {
  buildBankTransaction,
  gatewayEnabled,
  hintDecision,
  paymentFee,
  paymentReference,
  paymentsOf,
  transactionSettings,
  type ShopifyPayment,
} from './transactions';

const tx = (over: Partial<ShopifyPayment> & { amount?: string } = {}): ShopifyPayment => ({
  id: 'gid://shopify/OrderTransaction/9001',
  kind: 'SALE',
  status: 'SUCCESS',
  gateway: 'shopify_payments',
  amountSet: { shopMoney: { amount: over.amount ?? '53.80', currencyCode: 'EUR' } },
  processedAt: '2026-11-21T10:05:00Z',
  createdAt: '2026-11-21T10:05:00Z',
  ...over,
});
const prefs = (p: Record<string, unknown>) => TransactionPreferencesSchema.parse(p);
const shop = { connected: true, automationEnabled: true, invoiceCreate: true };

describe('transactionSettings on the server', () => {
  it('gives fees and hints only while transactions are on', () => {
    expect(
      transactionSettings(prefs({ transactionCreate: true, transactionFees: true, transactionHints: true }), shop),
    ).toEqual({ ok: true, settings: { create: true, fees: true, hints: true, gateways: {} } });
    expect(
      transactionSettings(prefs({ transactionCreate: false, transactionFees: true, transactionHints: true }), shop),
    ).toEqual({ ok: false, reason: 'DISABLED_TRANSACTION_CREATE' });
  });

  it('turns everything off while invoices are off, whatever the section says', () => {
    expect(
      transactionSettings(prefs({ transactionCreate: 'all', transactionHints: true }), {
        ...shop,
        invoiceCreate: false,
      }),
    ).toEqual({ ok: false, reason: 'DISABLED_INVOICE_CREATE' });
  });

  it('does nothing while not connected or while the master switch is off', () => {
    const on = prefs({ transactionCreate: true });
    expect(transactionSettings(on, { ...shop, connected: false })).toEqual({ ok: false, reason: 'NOT_CONNECTED' });
    expect(transactionSettings(on, { ...shop, automationEnabled: false })).toEqual({ ok: false, reason: 'DISABLED' });
  });
});

describe('gatewayEnabled', () => {
  it('never books PayPal, books manual only when chosen, and others unless turned off', () => {
    expect(gatewayEnabled({ paypal: true }, 'paypal')).toBe(false);
    expect(gatewayEnabled({}, 'manual')).toBe(false);
    expect(gatewayEnabled({ manual: true }, 'manual')).toBe(true);
    expect(gatewayEnabled({}, 'shopify_payments')).toBe(true);
    expect(gatewayEnabled({ shopify_payments: false }, 'shopify_payments')).toBe(false);
  });

  it('refuses PayPal in the preferences', () => {
    expect(TransactionPreferencesSchema.safeParse({ transactionGateway: { paypal: true } }).success).toBe(false);
  });
});

describe('paymentsOf', () => {
  it('keeps successful sales and captures, not refunds, authorisations or failures', () => {
    const list = [
      tx({ id: 'gid://shopify/OrderTransaction/1', kind: 'AUTHORIZATION' }),
      tx({ id: 'gid://shopify/OrderTransaction/2', kind: 'CAPTURE' }),
      tx({ id: 'gid://shopify/OrderTransaction/3', kind: 'sale', status: 'success' }),
      tx({ id: 'gid://shopify/OrderTransaction/4', kind: 'REFUND' }),
      tx({ id: 'gid://shopify/OrderTransaction/5', status: 'FAILURE' }),
      tx({ id: 'gid://shopify/OrderTransaction/6', amount: '0.00' }),
    ];
    expect(paymentsOf(list).map(paymentReference)).toEqual(['2', '3']);
  });
});

describe('fees and the bank transaction', () => {
  it('sums the fees and finds their tax rate', () => {
    expect(
      paymentFee(tx({ fees: [{ amount: { amount: '1.06', currencyCode: 'EUR' }, taxAmount: { amount: '0.00' } }] })),
    ).toEqual({ amount: 1.06, taxRatePercentage: 0 });
    expect(
      paymentFee(tx({ fees: [{ amount: { amount: '1.19', currencyCode: 'EUR' }, taxAmount: { amount: '0.19' } }] })),
    ).toEqual({ amount: 1.19, taxRatePercentage: 19 });
    expect(paymentFee(tx())).toBeNull();
  });

  it('books the gross amount, with the fee as its own amount only when fees are on', () => {
    const payment = tx({ fees: [{ amount: { amount: '1.06', currencyCode: 'EUR' } }] });
    const order = { name: '#1001', customerName: 'Erika Muster' };
    const withFee = buildBankTransaction(payment, order, {
      financialAccountId: 'acc',
      fees: true,
      today: '2026-11-22',
    });
    expect(withFee).toMatchObject({
      amount: 53.8,
      feeAmount: 1.06,
      feeTaxRatePercentage: 0,
      externalReference: '9001',
      financialAccountId: 'acc',
      valueDate: '2026-11-21',
      transactionDate: '2026-11-21',
      bookingDate: '2026-11-22',
      purpose: 'Zahlung zu Bestellung #1001',
      recipientOrSenderName: 'Erika Muster',
    });
    const without = buildBankTransaction(payment, order, {
      financialAccountId: 'acc',
      fees: false,
      today: '2026-11-22',
    });
    expect(without).not.toHaveProperty('feeAmount');
  });
});

describe('hintDecision', () => {
  const on = { create: true, fees: false, hints: true, gateways: {} };
  it('hints a finalised invoice once', () => {
    expect(hintDecision({ lexwareId: 'x', status: 'open', hinted: false }, on)).toEqual({ action: 'hint' });
    expect(hintDecision({ lexwareId: 'x', status: 'open', hinted: true }, on)).toEqual({
      action: 'skip',
      reason: 'EXISTING',
    });
  });
  it('needs a finalised invoice and the hint switch', () => {
    expect(hintDecision({ lexwareId: 'x', status: 'draft', hinted: false }, on)).toEqual({
      action: 'skip',
      reason: 'DRAFT_INVOICE',
    });
    expect(hintDecision(null, on)).toEqual({ action: 'skip', reason: 'WAIT_FOR_INVOICE' });
    expect(hintDecision({ lexwareId: 'x', status: 'open', hinted: false }, { ...on, hints: false })).toEqual({
      action: 'skip',
      reason: 'DISABLED_HINTS',
    });
  });
});
