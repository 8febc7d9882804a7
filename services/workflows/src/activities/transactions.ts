import type { Knex } from 'knex';
import type { Db, SecretBox } from '@belegfluss/db';
import {
  claimPayment,
  completePayment,
  markHinted,
  markPaymentAttempted,
  saveFinanceAccount,
  unconfirmedPayments,
  withFinanceAccount,
  writeLog,
  preferenceSections,
  documentState,
} from '@belegfluss/db';
import { LexwareError, type LexwareClient } from '@belegfluss/lexware';
import { ADMIN_DOCUMENTS, unlessNotConnected } from '@belegfluss/shopify';
import { shopifyOf } from './clients';
import {
  buildBankTransaction,
  enforcePlan,
  gatewayEnabled,
  gatewayLabel,
  hintDecision,
  paymentFee,
  paymentReference,
  paymentsOf,
  transactionSettings,
  readStoredSection,
  type ShopifyOrder,
  type ShopifyPayment,
  type TransactionSettings,
} from '@belegfluss/shared';
import { loadShopContext } from './context';
import type { ShopifyDeps } from './paid';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';

export interface TransactionDeps {
  db: Db;
  box: SecretBox;
  shopify: ShopifyDeps;
  api: LexwareClient;
}

/** The invoice the payments belong to, as the workflow knows it. */
export interface PaidInvoice {
  documentId: string;
  lexwareId: string;
  status: string;
}

export interface BookResult {
  booked: number;
  existing: number;
  hinted: boolean;
  skipped?: string;
}

/** Order webhooks carry no transactions, so they are read from Admin GraphQL. */
async function orderPayments(
  d: TransactionDeps,
  shopId: string,
  order: ShopifyOrder,
): Promise<ShopifyPayment[] | 'MISSING_SCOPE'> {
  const shop = await shopifyOf(d.db, d.box, d.shopify, shopId).catch(unlessNotConnected);
  if (!shop?.scopes.some((s) => s === 'read_orders' || s === 'write_orders')) return 'MISSING_SCOPE';
  const { graphql } = shop;
  const id = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const result = await graphql<{ order: { transactions: ShopifyPayment[] } | null }>(ADMIN_DOCUMENTS.OrderPayments, {
    id,
  });
  return result.order?.transactions ?? [];
}

/** The shop's payment-provider account for a gateway: ours from an earlier run, found by its reference, or new. */
async function ensureAccount(
  api: LexwareClient,
  trx: Knex.Transaction,
  shopId: string,
  gateway: string,
): Promise<string> {
  const externalReference = `shopify:${gateway}`;
  const found = (await api.financeAccounts({ externalReference }))[0];
  const account =
    found ??
    (await api.createFinanceAccount({
      type: 'PAYMENT_PROVIDER',
      name: `Shopify – ${gatewayLabel(gateway)}`,
      externalReference,
    }));
  await saveFinanceAccount(trx, shopId, gateway, account.financialAccountId);
  return account.financialAccountId;
}

/**
 * Books one payment exactly once. The intent row is claimed first; the booking itself
 * runs under the account's lock, and first settles any booking whose answer was lost:
 * it is the account's latest transaction in Lexware, since bookings on one account are
 * serialised. Only then is the new transaction sent.
 */
async function bookPayment(
  d: TransactionDeps,
  shopId: string,
  order: ShopifyOrder,
  payment: ShopifyPayment,
  settings: TransactionSettings,
): Promise<'created' | 'matched' | 'existing'> {
  const gateway = payment.gateway ?? 'unknown';
  const fee = settings.fees ? paymentFee(payment) : null;
  const row = await claimPayment(d.db, {
    shopId,
    orderId: String(order.id),
    orderName: order.name,
    paymentId: paymentReference(payment),
    gateway,
    amount: Number(payment.amountSet.shopMoney.amount),
    feeAmount: fee?.amount ?? null,
  });
  if (row.lexwareId) return 'existing';
  const base = { shopId, origin: 'transaction', orderId: String(order.id), orderName: order.name } as const;
  return withFinanceAccount(d.db, shopId, gateway, async (trx, knownAccount) => {
    const accountId = knownAccount ?? (await ensureAccount(d.api, trx, shopId, gateway));
    const unconfirmed = await unconfirmedPayments(trx, shopId, accountId);
    if (unconfirmed.length > 0) {
      const latest = await d.api.latestBankTransaction(accountId);
      const orphan = latest && unconfirmed.find((p) => p.paymentId === latest.externalReference);
      if (latest && orphan) {
        await completePayment(trx, orphan.id, latest.financialTransactionId, accountId);
        await writeLog(trx, {
          ...base,
          orderId: orphan.orderId,
          orderName: null,
          event: 'transaction.matched',
          status: 'success',
          ref: { transaction: latest.financialTransactionId },
          body: { payment: orphan.paymentId },
        });
        if (orphan.id === row.id) return 'matched';
      }
    }
    const customer = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ') || null;
    const input = buildBankTransaction(
      payment,
      { name: order.name, customerName: customer },
      { financialAccountId: accountId, fees: settings.fees, today: new Date().toISOString().slice(0, 10) },
    );
    await markPaymentAttempted(d.db, row.id, accountId);
    const [created] = await d.api.createBankTransactions([input]);
    if (!created) throw new Error('Lexware answered the booking without a transaction');
    await completePayment(trx, row.id, created.financialTransactionId, accountId);
    await writeLog(trx, {
      ...base,
      event: 'transaction.created',
      status: 'success',
      ref: { transaction: created.financialTransactionId },
      body: { payment: row.paymentId, gateway, amount: input.amount, fee: input.feeAmount ?? null },
    });
    return 'created';
  });
}

/** Links the invoice to its payment in Lexware; one hint per voucher, so a 409 means it is already there. */
async function hintInvoice(
  d: TransactionDeps,
  shopId: string,
  order: ShopifyOrder,
  invoice: PaidInvoice,
  paymentId: string,
): Promise<void> {
  try {
    await d.api.createAssignmentHint({ voucherId: invoice.lexwareId, externalReference: paymentId });
  } catch (error) {
    if (!(error instanceof LexwareError && error.status === 409)) throw error;
  }
  await markHinted(d.db, invoice.documentId);
  await writeLog(d.db, {
    shopId,
    origin: 'transaction',
    event: 'transaction.hinted',
    status: 'success',
    orderId: String(order.id),
    orderName: order.name,
    ref: { invoice: invoice.lexwareId },
    body: { payment: paymentId },
  });
}

/**
 * The order's payments become bank transactions in the gateway's payment-provider
 * account (fees as their own amount when chosen), and the invoice gets an assignment hint.
 * The switches and their dependencies are read here, on the server, every time.
 */
export async function bookOrderPayments(
  d: TransactionDeps,
  shopId: string,
  order: ShopifyOrder,
  invoice: PaidInvoice,
): Promise<BookResult> {
  const skip = async (reason: string, extra: Record<string, unknown> = {}): Promise<BookResult> => {
    await writeLog(d.db, {
      shopId,
      origin: 'transaction',
      event: 'transaction.skipped',
      status: reason === 'MISSING_SCOPE' ? 'warning' : 'info',
      orderId: String(order.id),
      orderName: order.name,
      body: { reason, ...extra },
    });
    return { booked: 0, existing: 0, hinted: false, skipped: reason };
  };
  const ctx = await loadShopContext(d.db, shopId);
  const stored = (await preferenceSections(d.db, shopId, ['transactions'])).transactions;
  const saved = readStoredSection('transactions', stored);
  // Fees are a plan feature: a shop that downgraded books its payments without them.
  const prefs = ctx.plan ? enforcePlan(ctx.plan.id, { transactions: saved }).sections.transactions : saved;
  const decided = transactionSettings(prefs, {
    connected: ctx.invoice.connected,
    automationEnabled: ctx.invoice.automationEnabled,
    invoiceCreate: ctx.invoice.invoiceCreate !== false,
  });
  if (!decided.ok) return skip(decided.reason);
  const settings = decided.settings;

  const all = await orderPayments(d, shopId, order);
  if (all === 'MISSING_SCOPE') return skip('MISSING_SCOPE', { scope: 'read_orders' });
  const payments = paymentsOf(all);
  const chosen = payments.filter((p) => gatewayEnabled(settings.gateways, p.gateway ?? ''));
  if (chosen.length === 0)
    return skip(payments.length === 0 ? 'NO_PAYMENTS' : 'DISABLED_GATEWAY', {
      gateways: [...new Set(payments.map((p) => p.gateway))],
    });

  const result: BookResult = { booked: 0, existing: 0, hinted: false };
  for (const payment of chosen) {
    const outcome = await bookPayment(d, shopId, order, payment, settings);
    if (outcome === 'existing') result.existing++;
    else result.booked++;
  }
  const doc = await documentState(d.db, invoice.documentId);
  const decision = hintDecision(
    { lexwareId: invoice.lexwareId, status: doc?.status ?? invoice.status, hinted: Boolean(doc?.hintedAt) },
    settings,
  );
  if (decision.action === 'hint') {
    await hintInvoice(d, shopId, order, invoice, paymentReference(chosen[0]!));
    result.hinted = true;
  } else if (decision.reason === 'DRAFT_INVOICE') {
    await writeLog(d.db, {
      shopId,
      origin: 'transaction',
      event: 'transaction.hint.skipped',
      status: 'warning',
      orderId: String(order.id),
      orderName: order.name,
      body: { reason: decision.reason, message: 'Hinweise erfordern finalisierte Belege' },
    });
  }
  return result;
}

/** The order's payments booked as bank transactions in Lexware. */
export function createTransactionActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify'>) {
  const { db, box, shopify } = deps;
  const { clientFor, step } = lexwareAccess(deps);
  return {
    bookOrderPayments: (shopId: string, order: ShopifyOrder, invoice: PaidInvoice) =>
      step(shopId, order, 'transaction', async () =>
        bookOrderPayments({ db, box, shopify, api: await clientFor(shopId, order) }, shopId, order, invoice),
      ),
  };
}
