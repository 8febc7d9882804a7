import type { ShopifyOrder } from '../shopify-order';
import type { DisabledReason, SkipReason } from '../reasons';
import { TOO_OLD_DAYS } from '../plans';
import { invoiceDue, type InvoiceEvent } from './has-happened';

export interface InvoiceSettings {
  connected: boolean;
  automationEnabled: boolean;
  /** false: off; true: from the installation date; a date: orders from that day on. */
  invoiceCreate: boolean | string;
  invoiceEvent: InvoiceEvent;
  invoiceEventExceptions: string[];
  skipTags: string[];
  skipPos: boolean;
  skipFree: boolean;
  posName: string;
  installedAt: string;
}

export const DEFAULT_INVOICE_SETTINGS: Omit<InvoiceSettings, 'connected' | 'automationEnabled' | 'installedAt'> = {
  invoiceCreate: true,
  invoiceEvent: 'paid',
  invoiceEventExceptions: [],
  skipTags: [],
  skipPos: true,
  skipFree: true,
  posName: 'pos',
};

export type InvoiceDecision = { action: 'create' } | { action: 'skip'; reason: SkipReason | DisabledReason };

const DAY = 86_400_000;

/** Whether an order gets its invoice now, and if not, the reason code of spec 2 §8. */
export function decideInvoice(order: ShopifyOrder, s: InvoiceSettings): InvoiceDecision {
  const skip = (reason: SkipReason | DisabledReason): InvoiceDecision => ({ action: 'skip', reason });
  if (!s.connected) return skip('NOT_CONNECTED');
  if (!s.automationEnabled) return skip('DISABLED');
  if (s.invoiceCreate === false) return skip('DISABLED_INVOICE_CREATE');
  if (order.currency !== 'EUR') return skip('INVALID_CURRENCY');
  const created = Date.parse(order.created_at);
  if (created < Date.parse(s.installedAt) - TOO_OLD_DAYS * DAY) return skip('TOO_OLD');
  if (typeof s.invoiceCreate === 'string' && created < Date.parse(s.invoiceCreate)) return skip('SKIP_DATE');
  if (s.skipPos && (order.source_name ?? '') === s.posName) return skip('SKIP_POS');
  if (s.skipFree && Number(order.total_price) === 0) return skip('SKIP_FREE');
  const tags = order.tags.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tags.some((t) => s.skipTags.includes(t))) return skip('SKIP_TAG');
  if (!order.customer) return skip('MISSING_CUSTOMER');
  if (!order.email && !order.customer.email) return skip('MISSING_CUSTOMER_EMAIL');
  const address = order.billing_address ?? order.shipping_address;
  if (!address?.country_code || !address.city) return skip('MISSING_ADDRESS');
  if (!invoiceDue(order, s.invoiceEvent, s.invoiceEventExceptions)) return skip('WAIT');
  return { action: 'create' };
}
