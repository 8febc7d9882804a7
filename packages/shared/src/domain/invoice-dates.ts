import type { ShopifyOrder } from '../shopify-order';
import type { DeliveryDate, InvoicePreferences } from '../preferences/invoice';
import { normalizeInvoicePreferences } from '../preferences/invoice-rules';
import type { LexwareInvoiceInput } from './lexware-types';
import { lexwareDate } from './lexware-date';
import { fulfilledAt, itemExtras } from './order-fields';
import { berlinDay } from './berlin-clock';

type ShippingConditions = LexwareInvoiceInput['shippingConditions'];
type PaymentConditions = NonNullable<LexwareInvoiceInput['paymentConditions']>;

export interface InvoiceDates {
  voucherDate: string;
  shippingConditions: ShippingConditions;
  /** Only when the term runs from the fulfilment; otherwise Lexware applies the account's own payment condition. */
  paymentConditions?: PaymentConditions;
  /** Dates that wanted the fulfilment but fell back to the order date because the order isn't fulfilled yet. */
  fallbacks: string[];
}

/** The German calendar day of an instant, as [year, month (1-12), day]. */
function dayOf(iso: string): [number, number, number] {
  const p = Object.fromEntries(berlinDay.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return [Number(p.year), Number(p.month), Number(p.day)];
}

/** Midnight of a German calendar day, in Lexware's format with that midnight's offset. */
export function lexwareDay(year: number, month: number, day: number): string {
  const utc = new Date(Date.UTC(year, month - 1, day));
  const label = utc.toISOString().slice(0, 10);
  for (const offsetHours of [1, 2]) {
    const candidate = lexwareDate(new Date(utc.getTime() - offsetHours * 3_600_000));
    if (candidate.startsWith(`${label}T00:00`)) return candidate;
  }
  return lexwareDate(utc);
}

/** Moves an instant by whole days, weeks or months on the German calendar; the result is that day's midnight. */
export function shiftDate(iso: string, d: Pick<DeliveryDate, 'modify' | 'offset' | 'unit'>): string {
  if (d.modify === 'none' || d.offset === 0) return lexwareDate(iso);
  const sign = d.modify === 'subtract' ? -1 : 1;
  const [y, m, day] = dayOf(iso);
  if (d.unit === 'month') {
    const target = new Date(Date.UTC(y, m - 1 + sign * d.offset, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    return lexwareDay(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(day, lastDay));
  }
  const days = sign * d.offset * (d.unit === 'week' ? 7 : 1);
  const t = new Date(Date.UTC(y, m - 1, day + days));
  return lexwareDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/**
 * Invoice date and delivery date(s): the order or fulfilment date, a single delivery
 * date or a span, each moved by its offset. An invoice event of created or paid never waits for the
 * fulfilment, so those settings fall back to the order date.
 */
export function invoiceDates(
  order: ShopifyOrder,
  input: Pick<
    InvoicePreferences,
    | 'invoiceEvent'
    | 'invoiceDate'
    | 'invoiceDeliveryType'
    | 'invoiceDeliveryDate0'
    | 'invoiceDeliveryDate1'
    | 'invoiceFinalize'
    | 'invoiceSendMail'
    | 'invoiceDue'
    | 'invoiceEnshrine'
  >,
): InvoiceDates {
  const prefs = normalizeInvoicePreferences(input as InvoicePreferences).value;
  const fallbacks: string[] = [];
  const fulfilled = fulfilledAt(order);
  const at = (event: 'created' | 'fulfilled', field: string): string => {
    if (event === 'fulfilled') {
      if (fulfilled) return fulfilled;
      fallbacks.push(field);
    }
    return order.created_at;
  };
  const voucherDate = lexwareDate(at(prefs.invoiceDate, 'invoiceDate'));
  const payment = prefs.invoiceDue === 'fulfilled' ? dueOnFulfilment(voucherDate, fulfilled) : undefined;
  if (prefs.invoiceDue === 'fulfilled' && !payment) fallbacks.push('invoiceDue');
  const paid = payment ? { paymentConditions: payment } : {};
  const ships = order.line_items.some((l) => itemExtras(l).requires_shipping);
  const kind = prefs.invoiceDeliveryType || (ships ? 'delivery' : 'service');
  const d0 = prefs.invoiceDeliveryDate0;
  const start = shiftDate(at(d0.event, 'invoiceDeliveryDate0'), d0);
  const d1 = prefs.invoiceDeliveryDate1;
  if (!d1) return { voucherDate, shippingConditions: { shippingType: kind, shippingDate: start }, ...paid, fallbacks };
  let end = shiftDate(at(d1.event, 'invoiceDeliveryDate1'), d1);
  let from = start;
  if (Date.parse(end) < Date.parse(from)) [from, end] = [end, from];
  return {
    voucherDate,
    shippingConditions: {
      shippingType: kind === 'delivery' ? 'deliveryperiod' : 'serviceperiod',
      shippingDate: from,
      shippingEndDate: end,
    },
    ...paid,
    fallbacks,
  };
}

const DAY = 86_400_000;
const germanDate = ([y, m, d]: [number, number, number]) =>
  `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`;

/**
 * A payment term that starts with the fulfilment: Lexware counts the term in days from the invoice date, so the
 * invoice falls due on the German day the order shipped. Without a fulfilment there is nothing to count from.
 */
function dueOnFulfilment(voucherDate: string, fulfilled: string | null | undefined): PaymentConditions | undefined {
  if (!fulfilled) return undefined;
  const [vy, vm, vd] = dayOf(voucherDate);
  const due = dayOf(fulfilled);
  const days = Math.round((Date.UTC(due[0], due[1] - 1, due[2]) - Date.UTC(vy, vm - 1, vd)) / DAY);
  return {
    paymentTermLabel: `Zahlbar ohne Abzug bis zum Versandtag, ${germanDate(due)}.`,
    paymentTermDuration: Math.max(0, days),
  };
}
