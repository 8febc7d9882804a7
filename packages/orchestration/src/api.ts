/**
 * The messages of the order workflow, defined once and imported by both the
 * gateway (client side) and the workflow, so the gateway never imports workflow code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type {
  Coverage,
  OrderEditRecord,
  ShopifyOrder,
  ShopifyRefund,
  ShopifyReturn,
  TaxRegime,
} from '@belegfluss/shared';

export interface ShopifyEvent {
  topic: string;
  webhookId: string;
  order?: ShopifyOrder;
  refund?: unknown;
  /** A processed Shopify return (returns/process), with `processed_at` set to when Shopify told us. */
  return?: unknown;
  /** The body of orders/edited: which line items the edit added and took away. */
  edit?: unknown;
  /**
   * Set by the paid historical import (judged without TOO_OLD and the switch's date) and by the connect wizard's
   * import on activation (judged with TOO_OLD, without the switch's date).
   */
  origin?: 'historical' | 'import';
  /** Set by a repair from the completeness audit: the workflow reads the order afresh first. */
  repair?: OrderRepair;
  /**
   * When Shopify triggered the webhook (its `X-Shopify-Triggered-At`, finer than a second). Absent for events that
   * came from no webhook, and in events signalled before it was passed on.
   */
  triggeredAt?: string;
}

/**
 * One finding of the completeness audit to mend, carried to the order's workflow so every rule and the
 * exactly-once guarantee still apply. `recreate`: our document of that intent is gone from Lexware, make it
 * anew. `close`: close the invoice with a linked credit note; when it was the order's own invoice (a wrong
 * total), a fresh invoice follows.
 */
export type OrderRepair = { orderId: string; key: string } & (
  | { action: 'recreate'; type: 'invoice' }
  | { action: 'recreate'; type: 'credit'; refundId: number }
  | { action: 'close'; lexwareId: string }
);

export interface OrderWorkflowInput {
  shopId: string;
  orderId: string;
  /** Carried over by continueAsNew. */
  state?: OrderState;
}

export interface OrderDocument {
  documentId: string;
  lexwareId: string;
  number: string | null;
  status: string;
}

export interface OrderState {
  order: ShopifyOrder | null;
  /** When Shopify triggered the webhook that brought `order` (epoch ms). Absent when it came without one. */
  orderTriggeredAt?: number;
  invoice: (OrderDocument & { contactId: string | null }) | null;
  /** The regime the invoice was made with; its credit notes must use the same. */
  regime: TaxRegime | null;
  credits: (OrderDocument & { refundId: number })[];
  /** Refunds seen but not yet turned into a credit note (or skipped). */
  pendingRefunds: ShopifyRefund[];
  settledRefundIds: number[];
  lastDecision: string | null;
  /** The last answer each step logged (invoice, credit:{refundId}), so repeats are not logged again. Absent in older states. */
  said?: Record<string, string>;
  /** The order snapshot and invoice status whose payments were last booked as bank transactions. Absent in older states. */
  paymentsBookedFor?: string;
  /** 'historical' once the paid import brought the order, 'import' once the connect wizard's did; absent for webhook orders. */
  origin?: 'historical' | 'import';
  /** Shopify fulfilments already given a delivery note, or passed over while the setting was off. Absent in older states. */
  deliveryNotes?: { fulfillmentId: number; outcome: string }[];
  /**
   * While VIES can't confirm the buyer's USt-IdNr.: since when (epoch ms, the first failed check), when the order
   * asks again, and whether the merchant was told that the wait is over. Absent otherwise.
   */
  viesWait?: { vatId: string; since: number; retryAt: number; told: boolean } | null;
  /**
   * The processed Shopify returns seen: whether each is an exchange and, once made, the exchange's credit note (what
   * came back) and invoice (what went out). A refund naming one of these returns is settled by it. Absent in older states.
   */
  returns?: ReturnRecord[];
  /** Processed exchanges whose documents are not made yet. Absent in older states. */
  pendingReturns?: ShopifyReturn[];
  /**
   * What the order's invoice and its corrections cover, per order line and tax rate (invoices added, correction credit
   * notes taken away; refunds are on neither side). Set with the invoice; absent before it.
   */
  covered?: Coverage;
  /**
   * The edits Shopify told us of (orders/edited), once each: a line's quantity that none of them explains is no edit
   * to correct. Absent in older states and before the first edit.
   */
  orderEdits?: OrderEditRecord[];
  /** The documents that corrected the invoice after edits of the order, in the order they were made. */
  corrections?: (OrderDocument & { kind: 'supplement' | 'credit' | 'storno'; cents: number })[];
  /** Refunds of money alone that paid back what an edit's credit note had credited (no second credit note), in cents. */
  editRefundedCents?: number;
  /** What the workflow waits for, for support staff: e.g. WAIT (invoice event), WAIT_FOR_INVOICE, VIES. */
  waitingFor: string | null;
}

export interface ReturnRecord {
  returnId: number;
  exchange: boolean;
  /** The order lines that came back and how many of each; and the order lines the exchange sent out. */
  returned?: { lineItemId: number; quantity: number }[];
  exchangeLineIds?: number[];
  credit: OrderDocument | null;
  invoice: OrderDocument | null;
}

export const emptyOrderState = (): OrderState => ({
  order: null,
  invoice: null,
  regime: null,
  credits: [],
  pendingRefunds: [],
  settledRefundIds: [],
  lastDecision: null,
  waitingFor: null,
});

export const shopifyEventSignal = defineSignal<[ShopifyEvent]>('shopifyEvent');

/** A Lexware event for one of the order's documents (payment.changed, invoice.status.changed). */
export interface LexwareEvent {
  eventType: string;
  resourceId: string;
  eventDate: string;
}
// Its wire name is the one running workflows were signalled with before the rename to lexware.
export const lexwareEventSignal = defineSignal<[LexwareEvent]>('lexofficeEvent');
export const orderStateQuery = defineQuery<OrderState>('orderState');

/**
 * The merchant cancels one of the order's finalised invoices: the order's workflow, the only writer of its
 * documents, makes the credit note that closes it (once) and answers when it exists.
 */
export interface CancelInvoiceRequest {
  /** The invoice's Lexware id. */
  lexwareId: string;
  /** Its number as we know it, for the credit note's introduction when Lexware's copy has none. */
  number: string | null;
  orderName: string;
}
/** `cancelled`: the credit note exists and the invoice shows cancelled; otherwise why nothing was made. */
export type CancelInvoiceOutcome = 'cancelled' | 'NO_CREDITS' | 'DRAFT' | 'VOIDED';
export const cancelInvoiceUpdate = defineUpdate<CancelInvoiceOutcome, [CancelInvoiceRequest]>('cancelInvoice');

export const ShopDomainKey = defineSearchAttributeKey('ShopDomain', SearchAttributeType.KEYWORD);
export const OrderNameKey = defineSearchAttributeKey('OrderName', SearchAttributeType.KEYWORD);
/** invoiced, credited, or what the workflow waits for (WAIT:paid, WAIT_FOR_INVOICE, NO_CREDITS…). */
export const DocumentStatusKey = defineSearchAttributeKey('DocumentStatus', SearchAttributeType.KEYWORD);

/** Every custom search attribute the server must know before workflows start. */
export const SEARCH_ATTRIBUTES = [ShopDomainKey, OrderNameKey, DocumentStatusKey];

export const orderWorkflowId = (shopId: string, orderId: string | number) => `order:${shopId}:${orderId}`;

/** The ids of Shopify topics that carry an order, and where the order id sits. */
export function orderIdOf(topic: string, body: Record<string, unknown>): string | null {
  if (topic === 'orders/edited') {
    const edit = body.order_edit as { order_id?: unknown } | undefined;
    return edit?.order_id == null ? null : String(edit.order_id);
  }
  if (topic.startsWith('orders/')) return body.id == null ? null : String(body.id);
  if (topic === 'refunds/create') return body.order_id == null ? null : String(body.order_id);
  return null;
}

/**
 * The paid historical import: one workflow per shop and German calendar day,
 * queryable for its progress.
 */
export interface ImportInput {
  shopId: string;
  day: string;
}
export interface ImportProgress {
  pages: number;
  affected: number;
  cursor: string | null;
  done: boolean;
  failed: string | null;
}
export const importProgressQuery = defineQuery<ImportProgress>('importProgress');

/**
 * The historical import of a range of days: one workflow per shop queues the range's days and
 * runs each as its own day workflow, one after another; `stopImportRange` leaves the days not
 * started alone while the running day finishes.
 */
export interface ImportRangeInput {
  shopId: string;
  from: string;
  to: string;
  /** Carried by continueAsNew: the days dealt with so far. */
  daysDone?: number;
}
export interface ImportRangeResult {
  days: number;
  daysDone: number;
  stopped: boolean;
}
export const stopImportRangeSignal = defineSignal('stopImportRange');
/** `run` tells a range started again after a stop from the one before. */
export const importRangeWorkflowId = (shopId: string, from: string, to: string, run: string) =>
  `import-range:${shopId}:${from}:${to}:${run}`;

/**
 * The shop's billing workflow: one per shop, sleeping until its period ends.
 * `billingChanged` wakes it when the plan, Shopify's cycle or the bought import changed;
 * `rollover` is support's button (`force` starts a fresh period now).
 */
export interface BillingInput {
  shopId: string;
}
export interface RolloverRequest {
  force?: boolean;
  reason?: string;
}
export const billingChangedSignal = defineSignal<[string]>('billingChanged');
export const rolloverSignal = defineSignal<[RolloverRequest]>('rollover');
export interface BillingState {
  periodStart: string | null;
  resetAt: string | null;
  rollovers: number;
  resumed: number;
}
export const billingStateQuery = defineQuery<BillingState>('billingState');
export const billingWorkflowId = (shopId: string) => `billing:${shopId}`;
/** The topic of the synthetic event that resumes an order waiting for transfers. */
export const RESUME_TOPIC = 'credits/available';

/** The monthly partner payout run, started by the `partner-payouts` Schedule. */
export interface PayoutRunInput {
  /** YYYY-MM-01; by default the month the run starts in (Europe/Berlin). */ month?: string;
}
/** The admin confirmed that the bank executed the run's SEPA file. */
export const sepaConfirmedSignal = defineSignal<[string]>('sepaConfirmed');
export const payoutRunWorkflowId = (month: string) => `payout-run:${month}`;
export const PAYOUT_SCHEDULE_ID = 'partner-payouts';
export const HOUSEKEEPING_SCHEDULE_ID = 'housekeeping';
/** PayPal sent a PAYMENT.PAYOUTSBATCH.* webhook for the run's batch: look at its status now, not at the next hourly check. */
export const paypalBatchChangedSignal = defineSignal<[string]>('paypalBatchChanged');
export const importWorkflowId = (shopId: string, day: string) => `import:${shopId}:${day}`;

/** The connect wizard's import: orders of the last 60 days, then Lexware documents linked to them. */
export interface WizardImportInput {
  shopId: string;
  from: string;
  progress?: WizardProgress;
}
export interface WizardProgress {
  phase: 'orders' | 'documents' | 'done' | 'failed';
  /** The running bulk export of the orders. */
  exportId: string | null;
  orders: number;
  /** The next voucher-list page, and how many there are. */
  page: number;
  totalPages: number | null;
  documents: number;
  linked: number;
  failed: string | null;
}
export const wizardProgressQuery = defineQuery<WizardProgress>('wizardProgress');
export const wizardImportWorkflowId = (shopId: string, run: string) => `wizard:${shopId}:${run}`;
/** Hands the wizard's imported orders without a document to their order workflows once invoice creation is on. */
export interface WizardHandOverInput {
  shopId: string;
}
export const wizardHandOverWorkflowId = (shopId: string) => `wizard-invoices:${shopId}`;

/** The completeness audit: a shop's month (YYYY-MM, German calendar), on demand or monthly. */
export interface AuditInput {
  shopId: string;
  month: string;
}
export interface AuditRunInput {
  /** YYYY-MM; by default the month before the run. */ month?: string;
  /** Carried by continueAsNew: the run goes on with the shops after this one, having audited this many. */
  after?: string;
  audited?: number;
}
/**
 * A shop's on-demand audit: one id per shop, so Temporal itself refuses a second one while one runs
 * (the month it checks is in the run's memo). The monthly run's audits carry their month in their id.
 */
export const auditWorkflowId = (shopId: string) => `audit:${shopId}`;
export const monthlyAuditWorkflowId = (shopId: string, month: string) => `audit:${shopId}:${month}:monthly`;
export const AUDIT_SCHEDULE_ID = 'completeness-audit';

const LEGACY_KEYS: Record<string, string> = { lexofficeId: 'lexwareId' };
const isLegacy = (key: string) => Object.hasOwn(LEGACY_KEYS, key);

/** Whether a value carries a legacy name anywhere: most results carry none, and are then passed on untouched. */
function hasLegacyNames(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasLegacyNames);
  if (value === null || typeof value !== 'object' || value instanceof Date) return false;
  return Object.entries(value).some(([key, inner]) => isLegacy(key) || hasLegacyNames(inner));
}

function renamed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renamed);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [isLegacy(key) ? LEGACY_KEYS[key]! : key, renamed(inner)]),
  );
}

/**
 * Names that older workflow histories carry, read under today's names. An order workflow replays its history on
 * every worker restart; activity results and continue-as-new states recorded before the rename to `lexware`
 * key a document's Lexware id `lexofficeId`. Pure, so workflow code may call it; a value without
 * legacy names is returned as it is, not copied.
 */
export function withCurrentNames<T>(value: T): T {
  return hasLegacyNames(value) ? (renamed(value) as T) : value;
}

/**
 * Work a shop starts in bulk (audits, imports, payout runs) has its own task queue and its own worker slots,
 * so no amount of it holds a slot a live order's invoice needs. Workflows started there run their activities
 * there; orders they hand on go to their order workflows on the live queue.
 */
const BACKGROUND_SUFFIX = '-background';
export const backgroundTaskQueue = (taskQueue: string) => `${liveTaskQueue(taskQueue)}${BACKGROUND_SUFFIX}`;
export const liveTaskQueue = (taskQueue: string) =>
  taskQueue.endsWith(BACKGROUND_SUFFIX) ? taskQueue.slice(0, -BACKGROUND_SUFFIX.length) : taskQueue;
