import type { CallbackRecord } from '../http/callbacks.js';

/** Lexware Office stand-in state: organisations, their connections and documents. */

export interface LexwareProfile {
  companyName: string;
  smallBusiness: boolean;
  distanceSalesPrinciple: 'ORIGIN' | 'DESTINATION';
  businessFeatures: string[];
  taxType: 'net' | 'gross' | 'vatfree';
  subscriptionStatus: string;
  userName: string;
  userEmail: string;
  /** E-Rechnung switched on in the account: net B2B vouchers become ZUGFeRD (EN 16931). */
  eInvoicing: boolean;
}

export interface Contact {
  id: string;
  organizationId: string;
  version: number;
  roles: { customer?: { number: number }; vendor?: { number: number } };
  person?: { salutation?: string; firstName?: string; lastName: string };
  company?: Record<string, unknown> & { name: string };
  addresses?: Record<string, unknown>;
  emailAddresses?: Record<string, string[]>;
  phoneNumbers?: Record<string, string[]>;
  xRechnung?: { buyerReference?: string; vendorNumberAtCustomer?: string };
  note?: string;
  archived: boolean;
  createdDate: string;
  updatedDate: string;
}

export type VoucherKind = 'invoice' | 'creditnote';
/** Delivery notes are sales vouchers too (voucher list, files) but have no totals, payments or events. */
export type SalesVoucherKind = VoucherKind | 'deliverynote';

/** Stored as the full JSON Lexware would return, plus the bookkeeping the sandbox needs. */
export interface Voucher {
  kind: SalesVoucherKind;
  id: string;
  organizationId: string;
  json: Record<string, unknown>;
  status: string;
  voucherNumber?: string;
  totalGross: number;
  /** Money received or credited against it, in cents. */
  paidCents: number;
  paidDate?: string;
  paymentItems: Array<{ paymentItemType: string; postingDate: string; amount: number; currency: string }>;
  precedingSalesVoucherId?: string;
  contactId?: string;
  contactName: string;
  voucherDate: string;
  dueDate?: string;
}

export interface Connection {
  id: string;
  organizationId: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
  createdAt: string;
}

export interface EventSubscription {
  subscriptionId: string;
  organizationId: string;
  eventType: string;
  callbackUrl: string;
  createdDate: string;
}

export interface FinanceAccount {
  financialAccountId: string;
  type: string;
  accountSystem: string;
  name: string;
  externalReference?: string;
  iban?: string;
  lockVersion: number;
  createdDate: string;
}

export interface Organization {
  id: string;
  profile: LexwareProfile;
  created: string;
  nextCustomerNumber: number;
  nextInvoiceNumber: number;
  nextCreditNoteNumber: number;
  /** Absent in state saved before delivery notes existed. */
  nextDeliveryNoteNumber?: number;
  contacts: Record<string, Contact>;
  vouchers: Record<string, Voucher>;
  subscriptions: Record<string, EventSubscription>;
  hints: Record<string, { voucherId: string; externalReference: string; createdDate: string }>;
  financeAccounts: Record<string, FinanceAccount>;
  transactions: Record<
    string,
    Record<string, unknown> & { financialTransactionId: string; financialAccountId: string; lockVersion: number }
  >;
}

export interface LexwareState {
  organizations: Record<string, Organization>;
  connections: Record<string, Connection>;
  authCodes: Record<
    string,
    { organizationId: string; clientId: string; redirectUri: string; scopes: string[]; expiresAt: number }
  >;
  accessTokens: Record<string, { connectionId: string; expiresAt: number }>;
  refreshTokens: Record<string, { connectionId: string }>;
  /** Every callback sent to the app, so tests can assert on signatures and retries. */
  eventDeliveries: Array<CallbackRecord & { id: string; signature: string }>;
}

export function emptyLexwareState(): LexwareState {
  return {
    organizations: {},
    connections: {},
    authCodes: {},
    accessTokens: {},
    refreshTokens: {},
    eventDeliveries: [],
  };
}
