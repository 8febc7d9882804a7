import { z } from 'zod';
import { PAYMENT_GATEWAYS, LIMITS, MESSAGES } from './messages';
import { DEFAULT_TEXTS } from './texts';
import { referencePlaces, sendMail, tags, text } from './fields';

const T = DEFAULT_TEXTS.invoice;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const DeliveryDateSchema = z.object({
  event: z.enum(['created', 'fulfilled']).default('created'),
  /** Whether and how the offset moves the date. */
  modify: z.enum(['none', 'add', 'subtract']).default('none'),
  offset: z.number({ error: MESSAGES.offset }).int(MESSAGES.offset).min(0, MESSAGES.offset).default(0),
  unit: z.enum(['day', 'week', 'month']).default('day'),
});
export type DeliveryDate = z.infer<typeof DeliveryDateSchema>;

export const InvoiceLayoutSchema = z.object({
  title: text(LIMITS.title, T.title),
  introduction: text(LIMITS.introduction, T.introduction),
  remark: text(LIMITS.remark, T.remark),
  itemTitle: text(LIMITS.itemTitle, T.itemTitle),
  itemDetail: text(LIMITS.detail, T.itemDetail),
  itemUnit: text(LIMITS.unit, T.itemUnit),
  discountTitle: text(LIMITS.itemTitle, T.discountTitle),
  discountDetail: text(LIMITS.detail, T.discountDetail),
  discountUnit: text(LIMITS.unit, T.discountUnit),
  shippingTitle: text(LIMITS.itemTitle, T.shippingTitle),
  shippingDetail: text(LIMITS.detail, T.shippingDetail),
  shippingUnit: text(LIMITS.unit, T.shippingUnit),
  /** Print a 0,00 € shipping line for free shipping. */
  shippingShowFree: z.boolean().default(false),
  tipTitle: text(LIMITS.itemTitle, T.tipTitle),
  printLayout: z.string().nullable().default(null),
  include: z.object({ sku: z.boolean().default(false), gtin: z.boolean().default(false) }).prefault({}),
});
export type InvoiceLayoutPreferences = z.infer<typeof InvoiceLayoutSchema>;

/** The three positions of the creation switch: off, on (from the installation day), or on from a cutoff day. */
export const InvoiceCreateSchema = z.preprocess(
  (v) => (v === 'all' ? true : v),
  z.union([z.boolean(), z.string().regex(ISO_DAY, MESSAGES.date)]),
);

export const InvoicePreferencesSchema = z.object({
  useDiscount: z.boolean().default(false),
  asNet: z.boolean().default(false),
  b2bAsNet: z.boolean().default(false),
  tagsAsNet: tags(),
  invoiceCreate: InvoiceCreateSchema.default(true),
  creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).default(true),
  /** Orders carrying one of these tags get no invoice (the switch's excluded tags). */
  skipTags: tags(),
  invoiceEvent: z.enum(['created', 'paid', 'fulfilled', 'completed']).default('paid'),
  invoiceEventExceptions: z.array(z.string()).default([]),
  invoiceFinalize: z.boolean().default(true),
  invoiceDate: z.enum(['created', 'fulfilled']).default('created'),
  invoiceDeliveryType: z.enum(['', 'delivery', 'service']).default(''),
  invoiceDeliveryDate0: DeliveryDateSchema.prefault({}),
  /** Set: the delivery date is a span from date 0 to date 1. */
  invoiceDeliveryDate1: DeliveryDateSchema.nullable().default(null),
  invoiceLayout: InvoiceLayoutSchema.prefault({}),
  invoiceSendMail: sendMail(T.mailSubject, T.mailMessage),
  invoiceReferencePlaces: referencePlaces(),
});

export type InvoicePreferences = z.infer<typeof InvoicePreferencesSchema>;
export type InvoicePreferencesInput = z.input<typeof InvoicePreferencesSchema>;
export const DEFAULT_INVOICE_PREFERENCES: InvoicePreferences = InvoicePreferencesSchema.parse({});
export const KNOWN_GATEWAYS = PAYMENT_GATEWAYS;

/**
 * The rules of spec 2 §4 that tie fields together: an invoice event of created or paid moves
 * every date away from fulfilled, and mail goes out only for invoices finalised automatically.
 * Returns the normalised preferences and which fields it changed.
 */
export function normalizeInvoicePreferences(prefs: InvoicePreferences): {
  value: InvoicePreferences;
  forced: string[];
} {
  const forced: string[] = [];
  const value: InvoicePreferences = { ...prefs };
  if (prefs.invoiceEvent === 'created' || prefs.invoiceEvent === 'paid') {
    if (value.invoiceDate === 'fulfilled') {
      value.invoiceDate = 'created';
      forced.push('invoiceDate');
    }
    if (value.invoiceDeliveryDate0.event === 'fulfilled') {
      value.invoiceDeliveryDate0 = { ...value.invoiceDeliveryDate0, event: 'created' };
      forced.push('invoiceDeliveryDate0');
    }
    if (value.invoiceDeliveryDate1?.event === 'fulfilled') {
      value.invoiceDeliveryDate1 = { ...value.invoiceDeliveryDate1, event: 'created' };
      forced.push('invoiceDeliveryDate1');
    }
  }
  if (!value.invoiceFinalize && value.invoiceSendMail.enabled) {
    value.invoiceSendMail = { ...value.invoiceSendMail, enabled: false };
    forced.push('invoiceSendMail.enabled');
  }
  return { value, forced };
}
