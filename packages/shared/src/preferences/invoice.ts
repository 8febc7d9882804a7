import { z } from 'zod';
import { PAYMENT_GATEWAYS, LIMITS, MESSAGES } from './messages';
import { PREFERENCE_DEFAULTS } from './defaults';
import { referencePlaces, sendMail, tags, text } from './fields';

const D = PREFERENCE_DEFAULTS.invoice;
const L = D.invoiceLayout;
const DD = PREFERENCE_DEFAULTS.deliveryDate;
const M = D.invoiceSendMail;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The order events ("has happened"), in the order a shop usually sees them. */
export const INVOICE_EVENTS = ['created', 'paid', 'fulfilled', 'completed'] as const;
export const INVOICE_DUE_STARTS = ['started', 'fulfilled'] as const;

export const DeliveryDateSchema = z.object({
  event: z.enum(['created', 'fulfilled']).default(DD.event),
  /** Whether and how the offset moves the date. */
  modify: z.enum(['none', 'add', 'subtract']).default(DD.modify),
  offset: z.number({ error: MESSAGES.offset }).int(MESSAGES.offset).min(0, MESSAGES.offset).default(DD.offset),
  unit: z.enum(['day', 'week', 'month']).default(DD.unit),
});
export type DeliveryDate = z.infer<typeof DeliveryDateSchema>;

export const InvoiceLayoutSchema = z.object({
  title: text(LIMITS.title, L.title),
  introduction: text(LIMITS.introduction, L.introduction),
  remark: text(LIMITS.remark, L.remark),
  itemTitle: text(LIMITS.itemTitle, L.itemTitle),
  itemDetail: text(LIMITS.detail, L.itemDetail),
  itemUnit: text(LIMITS.unit, L.itemUnit),
  discountTitle: text(LIMITS.itemTitle, L.discountTitle),
  discountDetail: text(LIMITS.detail, L.discountDetail),
  discountUnit: text(LIMITS.unit, L.discountUnit),
  shippingTitle: text(LIMITS.itemTitle, L.shippingTitle),
  shippingDetail: text(LIMITS.detail, L.shippingDetail),
  shippingUnit: text(LIMITS.unit, L.shippingUnit),
  /** Print a 0,00 € shipping line for free shipping. */
  shippingShowFree: z.boolean().default(L.shippingShowFree),
  tipTitle: text(LIMITS.itemTitle, L.tipTitle),
  printLayout: z.string().nullable().default(L.printLayout),
  include: z
    .object({ sku: z.boolean().default(L.include.sku), gtin: z.boolean().default(L.include.gtin) })
    .prefault({}),
});
export type InvoiceLayoutPreferences = z.infer<typeof InvoiceLayoutSchema>;

/** The three positions of the creation switch: off, on (from the installation day), or on from a cutoff day. */
export const InvoiceCreateSchema = z.preprocess(
  (v) => (v === 'all' ? true : v),
  z.union([z.boolean(), z.string().regex(ISO_DAY, MESSAGES.date)]),
);

export const InvoicePreferencesSchema = z.object({
  useDiscount: z.boolean().default(D.useDiscount),
  asNet: z.boolean().default(D.asNet),
  b2bAsNet: z.boolean().default(D.b2bAsNet),
  tagsAsNet: tags(),
  invoiceCreate: InvoiceCreateSchema.default(D.invoiceCreate),
  creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).default(D.creditCreate),
  /** Orders carrying one of these tags get no invoice (the switch's excluded tags). */
  skipTags: tags(),
  invoiceEvent: z.enum(INVOICE_EVENTS).default(D.invoiceEvent),
  invoiceEventExceptions: z.array(z.string()).default(D.invoiceEventExceptions),
  invoiceFinalize: z.boolean().default(D.invoiceFinalize),
  /** From when the payment term runs: the invoice's start (Lexware's own term) or the fulfilment. */
  invoiceDue: z.enum(INVOICE_DUE_STARTS).default(D.invoiceDue),
  /** The order event from which an invoice is created finalised; before it, Lexware keeps a draft. */
  invoiceEnshrine: z.enum(INVOICE_EVENTS).default(D.invoiceEnshrine),
  /**
   * How a finalised invoice is corrected when the order is edited after it: credit note and supplementary invoice for
   * the difference, or the invoice closed and made anew (see domain/order-corrections).
   */
  invoiceCorrection: z.enum(['difference', 'reissue']).default(D.invoiceCorrection),
  /** Tags the voucher would carry; Lexware's public API has no tags on vouchers, so they are only kept. */
  invoiceTag: z
    .object({
      shopify: z.boolean().default(D.invoiceTag.shopify),
      shop: z.boolean().default(D.invoiceTag.shop),
      orderId: z.boolean().default(D.invoiceTag.orderId),
      orderTags: z.boolean().default(D.invoiceTag.orderTags),
      custom: tags().pipe(
        z.array(z.string().max(LIMITS.tag, MESSAGES.max(LIMITS.tag))).max(LIMITS.tags, MESSAGES.tooManyTags),
      ),
    })
    .prefault({}),
  invoiceDate: z.enum(['created', 'fulfilled']).default(D.invoiceDate),
  invoiceDeliveryType: z.enum(['', 'delivery', 'service']).default(D.invoiceDeliveryType),
  invoiceDeliveryDate0: DeliveryDateSchema.prefault({}),
  /** Set: the delivery date is a span from date 0 to date 1. */
  invoiceDeliveryDate1: DeliveryDateSchema.nullable().default(D.invoiceDeliveryDate1),
  invoiceLayout: InvoiceLayoutSchema.prefault({}),
  invoiceSendMail: sendMail(M.subject, M.message),
  invoiceReferencePlaces: referencePlaces(),
});

export type InvoicePreferences = z.infer<typeof InvoicePreferencesSchema>;
export type InvoicePreferencesInput = z.input<typeof InvoicePreferencesSchema>;
export const KNOWN_GATEWAYS = PAYMENT_GATEWAYS;
