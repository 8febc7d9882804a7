import type {
  LexwareContactInput,
  LexwareCreditNoteInput,
  LexwareDeliveryNoteInput,
  LexwareInvoiceInput,
} from '@belegfluss/shared';
import { LexwareError } from './errors';
import { financeCalls } from './finance';

export interface LexwareProfile {
  organizationId: string;
  companyName: string | null;
  created?: { userId?: string; userName?: string; userEmail?: string; date?: string };
  connectionId?: string;
  businessFeatures: string[];
  subscriptionStatus?: string;
  taxType: 'net' | 'gross' | 'vatfree';
  smallBusiness: boolean;
  distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION';
}

export interface CreatedResource {
  id: string;
  resourceUri: string;
  createdDate: string;
  updatedDate: string;
  version: number;
}

/** What Lexware adds to a voucher we sent: id, version, number, status and its own totals. */
type Voucher<Input, Status extends string> = Omit<Input, 'totalPrice'> & {
  id: string;
  version: number;
  voucherNumber?: string;
  voucherStatus: Status;
  totalPrice: { currency: 'EUR'; totalNetAmount: number; totalGrossAmount: number; totalTaxAmount: number };
  /** NONE, EN16931 (ZUGFeRD: the PDF carries the XML) or XRechnung (the XML is the invoice). */
  electronicDocumentProfile?: 'NONE' | 'EN16931' | 'XRechnung';
};

export type LexwareInvoice = Voucher<LexwareInvoiceInput, 'draft' | 'open' | 'paid' | 'voided'>;
export type LexwareCreditNote = Voucher<LexwareCreditNoteInput, 'draft' | 'open' | 'paidoff' | 'voided'>;

/** A delivery note as Lexware returns it: no totals, an own number range (LS…). */
export type LexwareDeliveryNote = LexwareDeliveryNoteInput & {
  id: string;
  version: number;
  voucherNumber?: string;
  voucherStatus: 'draft' | 'open' | 'voided';
};

export interface LexwarePayment {
  openAmount: number;
  currency: string;
  paymentStatus: 'balanced' | 'openRevenue' | 'openExpense';
  voucherType: string;
  voucherStatus: string;
  paidDate?: string;
}

/** A print layout of the organisation (`GET /v1/print-layouts`); `default` marks Lexware's standard one. */
export interface LexwarePrintLayout {
  id: string;
  name: string;
  default: boolean;
}

export interface LexwareContact extends LexwareContactInput {
  id: string;
  roles: { customer: { number?: number } };
}

export interface VoucherListEntry {
  id: string;
  voucherType: string;
  voucherStatus: string;
  voucherNumber: string;
  voucherDate: string;
  /** When Lexware made the voucher (ISO with offset). */
  createdDate?: string;
  contactId?: string;
  contactName?: string;
  totalAmount: number;
  openAmount: number;
  currency: string;
}

export interface Page<T> {
  content: T[];
  first: boolean;
  last: boolean;
  totalPages: number;
  totalElements: number;
  numberOfElements: number;
  size: number;
  number: number;
}

function query(filter: Record<string, string | number | boolean | undefined>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(filter).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  );
}

export interface LexwareClientOptions {
  baseUrl: string;
  /** Returns a valid access token; called for every request so refreshes are picked up. */
  accessToken: () => Promise<string>;
  /** Waits for a slot in the shared 2 requests/s bucket of this connection. */
  throttle?: () => Promise<void>;
  /** How often one call is tried when its failure is surely safe to repeat (4; 1 turns the repeats off). */
  attempts?: number;
}

/** Retry-After in seconds (what Lexware's gateway sends), capped so a call never sleeps past its activity's heartbeat. */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 5) * 1000 : undefined;
}

/**
 * The Lexware Office public API, one method per call the app makes. Every finance
 * path lives here too, so a correction touches this file only.
 */
export function createLexwareClient(opts: LexwareClientOptions) {
  /**
   * One call, repeated here when Lexware surely did not act on it or repeating is harmless (a 429, a 500,
   * 502 or 503, a read that timed out): a few times, each in its own rate-limit slot, after Lexware's
   * Retry-After or a short pause. So one passing fault no longer costs the activity a whole attempt and
   * its growing backoff. A 504 on a write is never repeated here: the caller looks it up first.
   */
  async function call<T>(method: string, path: string, body?: unknown, accept = 'application/json'): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce<T>(method, path, body, accept);
      } catch (error) {
        if (!(error instanceof LexwareError) || !error.retryable || attempt >= (opts.attempts ?? 4)) throw error;
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? 250 * 2 ** (attempt - 1)));
      }
    }
  }

  async function callOnce<T>(method: string, path: string, body: unknown, accept: string): Promise<T> {
    // The token first (it may mean a database read or a refresh), then the slot: the request
    // leaves right at its slot, so requests don't bunch up and meet Lexware's limit.
    const token = await opts.accessToken();
    await opts.throttle?.();
    const res = await fetch(`${opts.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: accept,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      throw new LexwareError(res.status, parsed, method, path, retryAfterMs(res.headers.get('retry-after')));
    }
    if (accept !== 'application/json') return Buffer.from(await res.arrayBuffer()) as T;
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  return {
    profile: () => call<LexwareProfile>('GET', '/profile'),
    createContact: (contact: LexwareContactInput) => call<CreatedResource>('POST', '/contacts', contact),
    contact: (id: string) => call<LexwareContact>('GET', `/contacts/${id}`),
    updateContact: (id: string, contact: LexwareContactInput) =>
      call<CreatedResource>('PUT', `/contacts/${id}`, contact),
    findContacts: (filter: { email?: string; name?: string; customer?: boolean }) =>
      call<Page<LexwareContact>>('GET', `/contacts?${query(filter)}`),
    createInvoice: (invoice: LexwareInvoiceInput, finalize: boolean) =>
      call<CreatedResource>('POST', `/invoices${finalize ? '?finalize=true' : ''}`, invoice),
    invoice: (id: string) => call<LexwareInvoice>('GET', `/invoices/${id}`),
    invoicePdf: (id: string) => call<Buffer>('GET', `/invoices/${id}/file`, undefined, 'application/pdf'),
    /** An XRechnung's XML (404 for any other invoice, as documented). */
    invoiceXml: (id: string) => call<Buffer>('GET', `/invoices/${id}/file`, undefined, 'application/xml'),
    createCreditNote: (creditNote: LexwareCreditNoteInput, finalize: boolean, precedingSalesVoucherId?: string) =>
      call<CreatedResource>(
        'POST',
        `/credit-notes?${query({ finalize: finalize || undefined, precedingSalesVoucherId })}`,
        creditNote,
      ),
    creditNote: (id: string) => call<LexwareCreditNote>('GET', `/credit-notes/${id}`),
    creditNotePdf: (id: string) => call<Buffer>('GET', `/credit-notes/${id}/file`, undefined, 'application/pdf'),
    createDeliveryNote: (deliveryNote: LexwareDeliveryNoteInput, finalize: boolean) =>
      call<CreatedResource>('POST', `/delivery-notes${finalize ? '?finalize=true' : ''}`, deliveryNote),
    deliveryNote: (id: string) => call<LexwareDeliveryNote>('GET', `/delivery-notes/${id}`),
    deliveryNotePdf: (id: string) => call<Buffer>('GET', `/delivery-notes/${id}/file`, undefined, 'application/pdf'),
    printLayouts: () => call<LexwarePrintLayout[]>('GET', '/print-layouts'),
    payment: (voucherId: string) => call<LexwarePayment>('GET', `/payments/${voucherId}`),
    /** Lexware answers the usual action result: the subscription's id is `id` (GET calls it subscriptionId). */
    subscribeEvent: (eventType: string, callbackUrl: string) =>
      call<CreatedResource>('POST', '/event-subscriptions', { eventType, callbackUrl }),
    voucherList: (filter: {
      voucherType: string;
      voucherStatus: string;
      contactId?: string;
      voucherDateFrom?: string;
      voucherDateTo?: string;
      sort?: string;
      page?: number;
      size?: number;
    }) => call<Page<VoucherListEntry>>('GET', `/voucherlist?${query(filter)}`),
    ...financeCalls(call),
  };
}

export type LexwareClient = ReturnType<typeof createLexwareClient>;
