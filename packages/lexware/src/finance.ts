import type { BankTransactionInput } from '@belegfluss/shared';
import { LexwareError } from './errors';

/**
 * The partner finance API and the assignment hint (not in the public docs; see api-notes).
 * Every finance path lives in this file, so a correction touches one place.
 */
export type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export type FinanceAccountType =
  'GIRO' | 'SAVINGS' | 'FIXEDTERM' | 'SECURITIES' | 'LOAN' | 'CREDITCARD' | 'CASH' | 'PAYMENT_PROVIDER';

export interface FinanceAccount {
  financialAccountId: string;
  type: FinanceAccountType;
  accountSystem?: string;
  name?: string;
  externalReference?: string;
  iban?: string;
  lockVersion: number;
}

export interface FinanceTransaction extends Partial<BankTransactionInput> {
  financialTransactionId: string;
  financialAccountId: string;
  lockVersion: number;
}

/** Lexware takes at most 25 transactions per call. */
export const MAX_TRANSACTIONS_PER_CALL = 25;

export function financeCalls(call: Call) {
  return {
    financeAccounts: (filter: { externalReference?: string; iban?: string } = {}) => {
      const q = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
      return call<FinanceAccount[]>('GET', `/finance/accounts${q.size ? `?${q}` : ''}`);
    },
    createFinanceAccount: (account: {
      type: FinanceAccountType;
      name: string;
      externalReference: string;
      accountSystem?: string;
    }) => call<FinanceAccount>('POST', '/finance/accounts', account),
    createBankTransactions: (items: BankTransactionInput[]) => {
      if (items.length === 0 || items.length > MAX_TRANSACTIONS_PER_CALL)
        throw new RangeError(`1 to ${MAX_TRANSACTIONS_PER_CALL} transactions per call`);
      return call<FinanceTransaction[]>('POST', '/finance/transactions', items);
    },
    bankTransaction: (id: string) => call<FinanceTransaction>('GET', `/finance/transactions/${id}`),
    /** The account's newest transaction, or null when it has none (Lexware answers 404). */
    latestBankTransaction: async (financialAccountId: string): Promise<FinanceTransaction | null> => {
      try {
        return await call<FinanceTransaction>(
          'GET',
          `/finance/transactions/latest-transaction?${new URLSearchParams({ financialAccountId })}`,
        );
      } catch (error) {
        if (error instanceof LexwareError && error.status === 404) return null;
        throw error;
      }
    },
    /** One hint per voucher: a second one answers 409. */
    createAssignmentHint: (hint: { voucherId: string; externalReference: string }) =>
      call<{ voucherId: string; externalReference: string }>('POST', '/transaction-assignment-hint', hint),
  };
}
