import { DEFAULT_TEXTS } from '../preferences/texts';
import type { InvoiceLayoutPreferences } from '../preferences/invoice';
import type { CreditPreferences } from '../preferences/credit';

/** Receipt languages: de is the default, en the other. */
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
export function localizeInvoiceLayout<L extends InvoiceLayoutPreferences>(
  layout: L,
  language: DocumentLanguage = 'de',
): L {
  if (language === 'de') return layout;
  const out = { ...layout };
  for (const [key, english] of Object.entries(ENGLISH_INVOICE_TEXTS) as [
    keyof typeof ENGLISH_INVOICE_TEXTS,
    string,
  ][]) {
    if (out[key] === DEFAULT_TEXTS.invoice[key]) (out as InvoiceLayoutPreferences)[key] = english;
  }
  return out;
}

/** The English counterparts of the German default credit-note texts, by preference field. */
export const ENGLISH_CREDIT_TEXTS = {
  creditLayoutTitle: 'Credit note',
  creditLayoutIntroduction: 'For your order {ORDER.NAME} we credit you the following items.',
  creditLayoutRemark: 'The amount will be refunded via the original payment method.',
  creditLayoutItemUnit: 'Pieces',
} as const satisfies Partial<Record<keyof CreditPreferences, string>>;

const CREDIT_DEFAULTS: Record<keyof typeof ENGLISH_CREDIT_TEXTS, string> = {
  creditLayoutTitle: DEFAULT_TEXTS.credit.title,
  creditLayoutIntroduction: DEFAULT_TEXTS.credit.introduction,
  creditLayoutRemark: DEFAULT_TEXTS.credit.remark,
  creditLayoutItemUnit: DEFAULT_TEXTS.credit.itemUnit,
};

/** The credit-note preferences in the receipt language: as for invoices, only texts left at their German default change. */
export function localizeCreditPreferences<P extends CreditPreferences>(prefs: P, language: DocumentLanguage = 'de'): P {
  if (language === 'de') return prefs;
  const out = { ...prefs };
  for (const [key, english] of Object.entries(ENGLISH_CREDIT_TEXTS) as [keyof typeof ENGLISH_CREDIT_TEXTS, string][]) {
    if (out[key] === CREDIT_DEFAULTS[key]) (out as CreditPreferences)[key] = english;
  }
  return out;
}

/** The names of the positions a credit note adds itself (shipping, amounts without items, tips, discounts). */
export function creditPositionTexts(language: DocumentLanguage = 'de') {
  return language === 'en'
    ? {
        shippingTitle: ENGLISH_INVOICE_TEXTS.shippingTitle,
        shippingUnit: ENGLISH_INVOICE_TEXTS.shippingUnit,
        adjustmentTitle: 'Refund',
        tipTitle: ENGLISH_INVOICE_TEXTS.tipTitle,
        discountTitle: ENGLISH_INVOICE_TEXTS.discountTitle,
        discountUnit: ENGLISH_INVOICE_TEXTS.discountUnit,
      }
    : {
        shippingTitle: DEFAULT_TEXTS.credit.shippingTitle,
        shippingUnit: DEFAULT_TEXTS.invoice.shippingUnit,
        adjustmentTitle: DEFAULT_TEXTS.credit.adjustmentTitle,
        tipTitle: DEFAULT_TEXTS.invoice.tipTitle,
        discountTitle: DEFAULT_TEXTS.invoice.discountTitle,
        discountUnit: DEFAULT_TEXTS.invoice.discountUnit,
      };
}
