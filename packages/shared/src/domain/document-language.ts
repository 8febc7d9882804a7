import { DEFAULT_TEXTS } from '../preferences/texts';
import type { InvoiceLayoutPreferences } from '../preferences/invoice';

/** Receipt languages (spec 3 §9): de is the default, en the other. */
export type DocumentLanguage = 'de' | 'en';

/** The English counterparts of the German default invoice texts; placeholders stay as they are. */
export const ENGLISH_INVOICE_TEXTS = {
  title: 'Invoice',
  introduction: 'Thank you for your order {ORDER.NAME}. We invoice you for the following items.',
  remark: 'Thank you for your purchase.',
  itemUnit: 'Pieces',
  discountTitle: 'Discount',
  discountUnit: 'Discount',
  shippingTitle: 'Shipping',
  shippingUnit: 'Shipping',
  tipTitle: 'Tip',
} as const satisfies Partial<Record<keyof InvoiceLayoutPreferences, string>>;

/**
 * The invoice layout in the receipt language (`general.language`): for `en`, every text the
 * merchant left at its German default becomes its English counterpart; texts of their own stay.
 * The order reference ("Bestellung #1001") is not a text but the key that finds a document again, so it stays.
 */
export function localizeInvoiceLayout<L extends InvoiceLayoutPreferences>(layout: L, language: DocumentLanguage = 'de'): L {
  if (language === 'de') return layout;
  const out = { ...layout };
  for (const [key, english] of Object.entries(ENGLISH_INVOICE_TEXTS) as [keyof typeof ENGLISH_INVOICE_TEXTS, string][]) {
    if (out[key] === DEFAULT_TEXTS.invoice[key]) (out as InvoiceLayoutPreferences)[key] = english;
  }
  return out;
}
