import { applyAutomationDependencies } from '../preferences/automation';
import {
  GATEWAYS_OFF_BY_DEFAULT,
  UNSELECTABLE_GATEWAYS,
  type TransactionPreferences,
} from '../preferences/transactions';
import { cents, euros, sumOf } from './money';

/** One Shopify order transaction, as Admin GraphQL returns it (`order.transactions`). */
export interface ShopifyPayment {
  /** gid://shopify/OrderTransaction/{id} */
  id: string;
  kind: string;
  status: string;
  gateway: string | null;
  amountSet: { shopMoney: { amount: string; currencyCode: string } };
  processedAt: string | null;
  createdAt: string;
  fees?: { amount: { amount: string; currencyCode: string }; taxAmount?: { amount: string } | null }[];
}

/** What the worker may do for a shop, §4's dependencies. */
export interface TransactionSettings {
  create: boolean;
  fees: boolean;
  hints: boolean;
  gateways: Record<string, boolean>;
}

export type TransactionsOff = 'DISABLED' | 'NOT_CONNECTED' | 'DISABLED_INVOICE_CREATE' | 'DISABLED_TRANSACTION_CREATE';

/**
 * The switches as stored may disagree (an older save, a hand edit): the worker applies
 * the automation's dependencies again, so invoices off means no transactions and no hints, and
 * transactions off means no fees and no hints, whatever the section says.
 */
export function transactionSettings(
  prefs: TransactionPreferences,
  shop: { connected: boolean; automationEnabled: boolean; invoiceCreate: boolean },
): { ok: true; settings: TransactionSettings } | { ok: false; reason: TransactionsOff } {
  if (!shop.connected) return { ok: false, reason: 'NOT_CONNECTED' };
  if (!shop.automationEnabled) return { ok: false, reason: 'DISABLED' };
  const { value } = applyAutomationDependencies({
    invoiceCreate: shop.invoiceCreate,
    creditCreate: false,
    transactionCreate: prefs.transactionCreate,
    transactionFees: prefs.transactionFees,
    transactionHints: prefs.transactionHints,
  });
  if (!value.transactionCreate)
    return { ok: false, reason: shop.invoiceCreate ? 'DISABLED_TRANSACTION_CREATE' : 'DISABLED_INVOICE_CREATE' };
  return {
    ok: true,
    settings: {
      create: true,
      fees: value.transactionFees,
      hints: value.transactionHints,
      gateways: prefs.transactionGateway,
    },
  };
}

/** Whether payments of this gateway become bank transactions: PayPal never, manual only when chosen, others unless turned off. */
export function gatewayEnabled(gateways: Record<string, boolean>, gateway: string): boolean {
  if ((UNSELECTABLE_GATEWAYS as readonly string[]).includes(gateway)) return false;
  return gateways[gateway] ?? !(GATEWAYS_OFF_BY_DEFAULT as readonly string[]).includes(gateway);
}

/** The payments of an order: successful sales and captures. Refunds and authorisations are not payments. */
export function paymentsOf(transactions: readonly ShopifyPayment[]): ShopifyPayment[] {
  return transactions.filter(
    (t) =>
      ['SALE', 'CAPTURE'].includes(t.kind.toUpperCase()) &&
      t.status.toUpperCase() === 'SUCCESS' &&
      cents(t.amountSet.shopMoney.amount) > 0,
  );
}

/** Shopify's numeric id of a transaction: the reference Lexware matches bank transaction and invoice by. */
export const paymentReference = (payment: Pick<ShopifyPayment, 'id'>): string =>
  payment.id.split('/').pop() ?? payment.id;

/** The fee the provider kept, and its tax rate (0, 7 or 19 %, as Lexware books them). */
export function paymentFee(payment: ShopifyPayment): { amount: number; taxRatePercentage: number } | null {
  const fees = payment.fees ?? [];
  const feeCents = sumOf(fees.map((f) => cents(f.amount.amount)));
  if (feeCents <= 0) return null;
  const taxCents = sumOf(fees.map((f) => cents(f.taxAmount?.amount)));
  const net = feeCents - taxCents;
  const rate = net > 0 ? (taxCents / net) * 100 : 0;
  const taxRatePercentage = [0, 7, 19].reduce((best, r) => (Math.abs(r - rate) < Math.abs(best - rate) ? r : best), 0);
  return { amount: euros(feeCents), taxRatePercentage };
}

export interface BankTransactionInput {
  valueDate: string;
  bookingDate: string;
  transactionDate: string;
  purpose: string;
  amount: number;
  additionalInfo?: string;
  recipientOrSenderName?: string;
  financialAccountId: string;
  externalReference: string;
  feeAmount?: number;
  feeTaxRatePercentage?: number;
}

/**
 * The bank transaction for one payment. The booking date is the day we book it (so the
 * account's latest transaction is always the newest booking), the value date the day
 * Shopify processed the payment.
 */
export function buildBankTransaction(
  payment: ShopifyPayment,
  order: { name: string; customerName?: string | null },
  opts: { financialAccountId: string; fees: boolean; today: string },
): BankTransactionInput {
  const processed = (payment.processedAt ?? payment.createdAt).slice(0, 10);
  const fee = opts.fees ? paymentFee(payment) : null;
  return {
    valueDate: processed,
    bookingDate: opts.today,
    transactionDate: processed,
    purpose: `Zahlung zu Bestellung ${order.name}`,
    amount: euros(cents(payment.amountSet.shopMoney.amount)),
    ...(order.customerName ? { recipientOrSenderName: order.customerName } : {}),
    additionalInfo: `Shopify-Transaktion ${paymentReference(payment)} (${payment.gateway ?? 'unbekannt'})`,
    financialAccountId: opts.financialAccountId,
    externalReference: paymentReference(payment),
    ...(fee ? { feeAmount: fee.amount, feeTaxRatePercentage: fee.taxRatePercentage } : {}),
  };
}

/** Lexware allows one hint per voucher, and only for a finalised one. */
export function hintDecision(
  invoice: { lexwareId: string; status: string; hinted: boolean } | null,
  settings: TransactionSettings,
):
  | { action: 'hint' }
  | { action: 'skip'; reason: 'DISABLED_HINTS' | 'WAIT_FOR_INVOICE' | 'DRAFT_INVOICE' | 'EXISTING' } {
  if (!settings.hints) return { action: 'skip', reason: 'DISABLED_HINTS' };
  if (!invoice) return { action: 'skip', reason: 'WAIT_FOR_INVOICE' };
  if (invoice.hinted) return { action: 'skip', reason: 'EXISTING' };
  if (invoice.status === 'draft' || invoice.status === 'pending') return { action: 'skip', reason: 'DRAFT_INVOICE' };
  return { action: 'hint' };
}
