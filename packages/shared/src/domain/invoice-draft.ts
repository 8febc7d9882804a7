import type { ShopifyOrder } from '../shopify-order';
import type { InvoiceLayoutPreferences, InvoicePreferences } from '../preferences/invoice';
import type { OrderHandlingPreferences } from '../preferences/order-handling';
import { DEFAULT_INVOICE_PREFERENCES, DEFAULT_ORDER_HANDLING } from '../preferences/typed-defaults';
import { normalizeInvoicePreferences } from '../preferences/invoice-rules';
import type { LexwareInvoiceInput } from './lexware-types';
import { cents } from './money';
import { orderPositions } from './order-positions';
import { settleLineItems, type RoundingReport } from './positions';
import { invoiceDates } from './invoice-dates';
import { hasHappened } from './has-happened';
import { placeReference } from './document-texts';
import { localizeInvoiceLayout, type DocumentLanguage } from './document-language';
import { renderTemplate, templateVars, type MetafieldValue } from './templates';
import type { TaxRegime } from './tax-regime';

export * from './lexware-types';
export { lexwareDate } from './lexware-date';
export { orderReference, hasOrderReference } from './document-texts';

/** German VAT in the shop's own price mode: what an order gets when no regime was chosen. */
export function defaultRegime(order: Pick<ShopifyOrder, 'taxes_included'>): TaxRegime {
  return {
    kind: 'germanVat',
    taxType: order.taxes_included ? 'gross' : 'net',
    taxFree: false,
    country: 'DE',
    allowedRates: [19, 7, 0],
    standardRate: 19,
    warnings: [],
  };
}

export interface InvoiceBuildOptions {
  /** The Lexware contact; without one the invoice carries the billing address (only for net, gross and vatfree). */
  contactId?: string | null;
  prefs?: InvoicePreferences;
  orderHandling?: OrderHandlingPreferences;
  regime?: TaxRegime;
  metafields?: readonly MetafieldValue[];
  gtins?: Readonly<Record<string, string>>;
  /** The receipt language (`general.language`); default texts follow it. */
  language?: DocumentLanguage;
}

export interface BuiltInvoice {
  invoice: LexwareInvoiceInput;
  /** `POST /v1/invoices?finalize=true` when set (invoiceFinalize, once the order reached invoiceEnshrine). */
  finalize: boolean;
  rounding: RoundingReport;
  /** The order's total minus the invoice total, in cents; 0 when the invoice matches Shopify. */
  orderDiffCents: number;
  /** Date settings that wanted the fulfilment but fell back to the order date. */
  dateFallbacks: string[];
  warnings: string[];
}

function inlineAddress(order: ShopifyOrder): LexwareInvoiceInput['address'] {
  const a = order.billing_address ?? order.shipping_address;
  const name = a?.company || [a?.first_name, a?.last_name].filter(Boolean).join(' ') || order.email || order.name;
  return {
    name,
    ...(a?.address1 ? { street: [a.address1, a.address2].filter(Boolean).join(', ') } : {}),
    ...(a?.zip ? { zip: a.zip } : {}),
    ...(a?.city ? { city: a.city } : {}),
    countryCode: (a?.country_code ?? 'DE').toUpperCase(),
  };
}

/**
 * The invoice for an order, following the invoice preferences, the order handling and the tax
 * regime. Lexware's own arithmetic on the result gives the order total to the cent; where its
 * per-rate rounding can't, a rounding position closes the gap and `rounding` says so.
 */
export function buildInvoice(order: ShopifyOrder, options: InvoiceBuildOptions = {}): BuiltInvoice {
  const normalized = normalizeInvoicePreferences(options.prefs ?? DEFAULT_INVOICE_PREFERENCES).value;
  const prefs = { ...normalized, invoiceLayout: localizeInvoiceLayout(normalized.invoiceLayout, options.language) };
  const regime = options.regime ?? defaultRegime(order);
  const positions = orderPositions(order, {
    layout: prefs.invoiceLayout,
    useDiscount: prefs.useDiscount,
    orderHandling: options.orderHandling ?? DEFAULT_ORDER_HANDLING,
    regime,
    metafields: options.metafields,
    gtins: options.gtins,
  });
  const { lineItems, rounding } = settleLineItems(positions, regime.taxType, regime.allowedRates);
  const dates = invoiceDates(order, prefs);
  const vars = templateVars(order, { metafields: options.metafields });
  const texts = placeReference(
    {
      title: renderTemplate(prefs.invoiceLayout.title, vars),
      introduction: renderTemplate(prefs.invoiceLayout.introduction, vars),
      remark: renderTemplate(prefs.invoiceLayout.remark, vars),
    },
    order,
    prefs.invoiceReferencePlaces,
    regime.legalNote ? [regime.legalNote] : [],
  );
  const address = options.contactId ? { contactId: options.contactId } : inlineAddress(order);
  const invoice: LexwareInvoiceInput = {
    voucherDate: dates.voucherDate,
    address,
    lineItems,
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: regime.taxType, ...(regime.taxSubType ? { taxSubType: regime.taxSubType } : {}) },
    shippingConditions: dates.shippingConditions,
    ...(dates.paymentConditions ? { paymentConditions: dates.paymentConditions } : {}),
    ...(prefs.invoiceLayout.printLayout ? { printLayoutId: prefs.invoiceLayout.printLayout } : {}),
    ...texts,
  };
  const warnings = [...regime.warnings];
  if (!options.contactId && regime.taxFree && regime.taxType !== 'vatfree') warnings.push('CONTACT_REQUIRED');
  const orderDiffCents = cents(order.total_price) - rounding.totalCents;
  if (orderDiffCents !== 0) warnings.push('TOTAL_MISMATCH');
  if (rounding.handled === 'line') warnings.push('ROUNDING_LINE');
  return {
    invoice,
    // Lexware finalises only at creation: an order that has not reached the finalising event yet gets a draft.
    finalize: prefs.invoiceFinalize && hasHappened(order, prefs.invoiceEnshrine),
    rounding,
    orderDiffCents,
    dateFallbacks: dates.fallbacks,
    warnings,
  };
}

/** The layout of the first version, kept for callers that pass it to `buildInvoiceDraft`. */
export interface InvoiceLayout {
  title: string;
  introduction: string;
  remark: string;
  itemUnit: string;
  shippingTitle: string;
}

export const DEFAULT_INVOICE_LAYOUT: InvoiceLayout = {
  title: DEFAULT_INVOICE_PREFERENCES.invoiceLayout.title,
  introduction: DEFAULT_INVOICE_PREFERENCES.invoiceLayout.introduction,
  remark: DEFAULT_INVOICE_PREFERENCES.invoiceLayout.remark,
  itemUnit: DEFAULT_INVOICE_PREFERENCES.invoiceLayout.itemUnit,
  shippingTitle: DEFAULT_INVOICE_PREFERENCES.invoiceLayout.shippingTitle,
};

/**
 * The invoice with default preferences and German VAT in the shop's price mode. Kept for the
 * first callers; `buildInvoice` takes the preferences, the regime and reports rounding.
 */
export function buildInvoiceDraft(
  order: ShopifyOrder,
  contactId: string,
  layout: InvoiceLayout | Partial<InvoiceLayoutPreferences> = DEFAULT_INVOICE_LAYOUT,
  options: Omit<InvoiceBuildOptions, 'contactId'> = {},
): LexwareInvoiceInput {
  const base = options.prefs ?? DEFAULT_INVOICE_PREFERENCES;
  const prefs: InvoicePreferences = {
    ...base,
    invoiceLayout: { ...base.invoiceLayout, ...layout },
  };
  return buildInvoice(order, { ...options, contactId, prefs }).invoice;
}
