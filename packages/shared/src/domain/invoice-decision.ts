import type { ShopifyOrder } from '../shopify-order';
import type { DisabledReason, ProcessedReason, SkipReason } from '../reasons';
import { TOO_OLD_DAYS } from '../plans';
import { DEFAULT_INVOICE_PREFERENCES, DEFAULT_ORDER_HANDLING } from '../preferences/typed-defaults';
import { invoiceDue, type InvoiceEvent } from './has-happened';
import { cents } from './money';
import { splitTags } from './order-fields';
import { berlinDay } from './berlin-clock';

export interface InvoiceSettings {
  connected: boolean;
  automationEnabled: boolean;
  /** false: off; true: orders from the installation day on; 'YYYY-MM-DD': orders from that day on. */
  invoiceCreate: boolean | string;
  invoiceEvent: InvoiceEvent;
  invoiceEventExceptions: string[];
  /** The switch's excluded tags. */
  skipTags: string[];
  skipPos: boolean;
  skipFree: boolean;
  posName: string;
  installedAt: string;
}

export const DEFAULT_INVOICE_SETTINGS: Omit<InvoiceSettings, 'connected' | 'automationEnabled' | 'installedAt'> = {
  invoiceCreate: DEFAULT_INVOICE_PREFERENCES.invoiceCreate,
  invoiceEvent: DEFAULT_INVOICE_PREFERENCES.invoiceEvent,
  invoiceEventExceptions: DEFAULT_INVOICE_PREFERENCES.invoiceEventExceptions,
  skipTags: DEFAULT_INVOICE_PREFERENCES.skipTags,
  skipPos: DEFAULT_ORDER_HANDLING.skipPos,
  skipFree: DEFAULT_ORDER_HANDLING.skipFree,
  posName: DEFAULT_ORDER_HANDLING.posName,
};

export type InvoiceSkipReason = SkipReason | DisabledReason | Extract<ProcessedReason, 'EXISTING'>;
export type InvoiceDecision = { action: 'create' } | { action: 'skip'; reason: InvoiceSkipReason };

export interface InvoiceDecisionContext {
  /** webhook (default): the switch's date applies; import: the wizard's import, TOO_OLD applies; historical: the paid import, neither. */
  origin?: 'webhook' | 'import' | 'historical';
  /** Set by the caller when another order already stands for this one (e.g. the id of the order it duplicates). */
  duplicateOf?: string | null;
  /** The order already has an invoice (not voided). */
  hasInvoice?: boolean;
}

const DAY = 86_400_000;
/** The German calendar day of an instant, 'YYYY-MM-DD'; a bare day passes through. */
export function germanDay(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : berlinDay.format(new Date(iso));
}

/**
 * The instants a German calendar day spans, [from, to), as ISO strings: the historical import
 * asks Shopify for exactly one day. The offset is +01:00 or +02:00 depending on daylight saving.
 */
export function germanDayBounds(day: string): { from: string; to: string } {
  const start = (d: string) =>
    ['+01:00', '+02:00']
      .map((o) => new Date(`${d}T00:00:00${o}`))
      .find((t) => germanDay(t.toISOString()) === d && germanDay(new Date(t.getTime() - 1).toISOString()) !== d)!;
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  return { from: start(day).toISOString(), to: start(next).toISOString() };
}

/** Reasons that won't change by waiting: the order never gets an invoice under the current settings. */
export function isFinalSkip(decision: InvoiceDecision): boolean {
  return decision.action === 'skip' && decision.reason !== 'WAIT';
}

/**
 * Whether an order gets its invoice now, and if not, the reason code. The creation
 * switch has three positions: off, on for orders from the installation day, or on from a cutoff
 * day; its excluded tags are `skipTags`. Days are German calendar days.
 */
export function decideInvoice(
  order: ShopifyOrder,
  s: InvoiceSettings,
  ctx: InvoiceDecisionContext = {},
): InvoiceDecision {
  const skip = (reason: InvoiceSkipReason): InvoiceDecision => ({ action: 'skip', reason });
  const origin = ctx.origin ?? 'webhook';
  if (!s.connected) return skip('NOT_CONNECTED');
  if (!s.automationEnabled) return skip('DISABLED');
  if (s.invoiceCreate === false) return skip('DISABLED_INVOICE_CREATE');
  if (ctx.hasInvoice) return skip('EXISTING');
  if (order.currency !== 'EUR') return skip('INVALID_CURRENCY');
  if (ctx.duplicateOf) return skip('DUPLICATE_ORDER');
  const created = Date.parse(order.created_at);
  if (origin !== 'historical' && created < Date.parse(s.installedAt) - TOO_OLD_DAYS * DAY) return skip('TOO_OLD');
  if (origin === 'webhook') {
    const cutoff = typeof s.invoiceCreate === 'string' ? s.invoiceCreate : germanDay(s.installedAt);
    if (germanDay(order.created_at) < germanDay(cutoff)) return skip('SKIP_DATE');
  }
  if (s.skipPos && (order.source_name ?? '') === s.posName) return skip('SKIP_POS');
  if (s.skipFree && cents(order.total_price) === 0) return skip('SKIP_FREE');
  const tags = splitTags(order.tags);
  if (tags.some((t) => s.skipTags.map((x) => x.toLowerCase()).includes(t))) return skip('SKIP_TAG');
  if (!order.customer) return skip('MISSING_CUSTOMER');
  if (!order.email && !order.customer.email) return skip('MISSING_CUSTOMER_EMAIL');
  const address = order.billing_address ?? order.shipping_address;
  if (!address?.country_code || !address.city) return skip('MISSING_ADDRESS');
  if (!invoiceDue(order, s.invoiceEvent, s.invoiceEventExceptions)) return skip('WAIT');
  return { action: 'create' };
}

/**
 * The connect wizard's imported orders once invoice creation is switched on, judged as their order workflows
 * will judge them (origin import: TOO_OLD applies, the switch's day does not, as the merchant chose to bring
 * these orders in). `due` are the orders handed to their workflows (to be invoiced now or when their event
 * comes); `skipped` never get an invoice under these settings. The transfers dialog counts `due`, and the
 * hand-over on activation hands over exactly `due`, so the count is the number that will be invoiced.
 */
export function importedOrdersToInvoice(
  orders: readonly ShopifyOrder[],
  s: InvoiceSettings,
): { due: ShopifyOrder[]; skipped: { order: ShopifyOrder; reason: InvoiceSkipReason }[] } {
  // Asked before the activation too (the dialog's count): judged with the switches as the activation sets them.
  const on: InvoiceSettings = {
    ...s,
    automationEnabled: true,
    invoiceCreate: s.invoiceCreate === false ? true : s.invoiceCreate,
  };
  const due: ShopifyOrder[] = [];
  const skipped: { order: ShopifyOrder; reason: InvoiceSkipReason }[] = [];
  for (const order of orders) {
    const decision = decideInvoice(order, on, { origin: 'import' });
    if (decision.action === 'skip' && isFinalSkip(decision)) skipped.push({ order, reason: decision.reason });
    else due.push(order);
  }
  return { due, skipped };
}
