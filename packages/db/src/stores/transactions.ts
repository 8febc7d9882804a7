import type { Knex } from 'knex';
import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface BankTransactionRow {
  id: string;
  shopId: string;
  orderId: string;
  paymentId: string;
  gateway: string;
  amount: number;
  feeAmount: number | null;
  financialAccountId: string | null;
  lexwareId: string | null;
  attemptedAt: Date | null;
}

const bankTransactionFromRow = (r: Record<string, unknown>): BankTransactionRow =>
  fromRow<BankTransactionRow>(r, [
    'id',
    'shop_id',
    'order_id',
    'payment_id',
    'gateway',
    'amount',
    'fee_amount',
    'financial_account_id',
    'lexware_id',
    'attempted_at',
  ]);

/** Records the intent to book a payment before Lexware is called; a retry gets the same row back. */
export async function claimPayment(
  db: Db,
  input: {
    shopId: string;
    orderId: string;
    orderName: string;
    paymentId: string;
    gateway: string;
    amount: number;
    feeAmount: number | null;
  },
): Promise<BankTransactionRow> {
  await db('bank_transactions')
    .insert({
      shop_id: input.shopId,
      order_id: input.orderId,
      order_name: input.orderName,
      payment_id: input.paymentId,
      gateway: input.gateway,
      amount: input.amount,
      fee_amount: input.feeAmount,
    })
    .onConflict(['shop_id', 'payment_id'])
    .ignore();
  return bankTransactionFromRow(
    await db('bank_transactions').where({ shop_id: input.shopId, payment_id: input.paymentId }).first(),
  );
}

/** Committed on its own, just before the create call: whoever comes next must look in Lexware first. */
export async function markPaymentAttempted(db: Db, id: string, financialAccountId: string): Promise<void> {
  await db('bank_transactions')
    .where({ id })
    .update({ attempted_at: db.fn.now(), financial_account_id: financialAccountId, updated_at: db.fn.now() });
}

export async function completePayment(
  db: Db | Knex.Transaction,
  id: string,
  lexwareId: string,
  financialAccountId: string,
): Promise<void> {
  await db('bank_transactions')
    .where({ id })
    .update({ lexware_id: lexwareId, financial_account_id: financialAccountId, updated_at: db.fn.now() });
}

/** Payments whose create call was sent but whose answer we never recorded (a crash, a 504). */
export async function unconfirmedPayments(
  db: Db | Knex.Transaction,
  shopId: string,
  financialAccountId: string,
): Promise<BankTransactionRow[]> {
  const rows = await db('bank_transactions')
    .where({ shop_id: shopId, financial_account_id: financialAccountId })
    .whereNull('lexware_id')
    .whereNotNull('attempted_at');
  return rows.map(bankTransactionFromRow);
}

export async function paymentsOfOrder(db: Db, shopId: string, orderId: string): Promise<BankTransactionRow[]> {
  return (await db('bank_transactions').where({ shop_id: shopId, order_id: orderId }).orderBy('created_at')).map(
    bankTransactionFromRow,
  );
}

/**
 * Runs `work` while holding the shop's account row for this gateway. Bookings on one
 * account happen one at a time, so the account's latest transaction in Lexware is always
 * the last one we sent: that is how a retry finds what a crashed attempt booked.
 * A crash rolls the transaction back and frees the lock.
 */
export async function withFinanceAccount<T>(
  db: Db,
  shopId: string,
  gateway: string,
  work: (trx: Knex.Transaction, financialAccountId: string | null) => Promise<T>,
): Promise<T> {
  await db('finance_accounts').insert({ shop_id: shopId, gateway }).onConflict(['shop_id', 'gateway']).ignore();
  return db.transaction(async (trx) => {
    const row = await trx('finance_accounts').where({ shop_id: shopId, gateway }).forUpdate().first();
    return work(trx, (row?.financial_account_id as string | null) ?? null);
  });
}

export async function saveFinanceAccount(
  trx: Knex.Transaction,
  shopId: string,
  gateway: string,
  financialAccountId: string,
): Promise<void> {
  await trx('finance_accounts')
    .where({ shop_id: shopId, gateway })
    .update({ financial_account_id: financialAccountId, updated_at: trx.fn.now() });
}

/** The orders list shows a hint badge from this. */
export async function markHinted(db: Db, documentId: string): Promise<void> {
  await db('documents')
    .where({ id: documentId })
    .whereNull('hinted_at')
    .update({ hinted_at: db.fn.now(), updated_at: db.fn.now() });
}

/** Orders per payment gateway, from our own snapshots (the transactions page shows them). */
export async function gatewayOrderCounts(db: Db, shopId: string): Promise<Record<string, number>> {
  const rows = await db('orders')
    .where({ shop_id: shopId })
    .whereNotNull('gateway')
    .groupBy('gateway')
    .select('gateway')
    .count<{ gateway: string; count: number }[]>({ count: '*' });
  return Object.fromEntries(rows.map((r) => [r.gateway, Number(r.count)]));
}
