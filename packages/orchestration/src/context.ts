import type { Db } from '@belegfluss/db';
import { allPreferenceSections, getConnection, getShop } from '@belegfluss/db';
import { ApplicationFailure } from '@temporalio/activity';
import {
  AutomationSchema, ContactPreferencesSchema, MetafieldPreferencesSchema, type MetafieldPreferences, CreditPreferencesSchema, InvoicePreferencesSchema, normalizeInvoicePreferences,
  OrderHandlingPreferencesSchema, type ContactPreferences, type CreditPreferences, type CreditSettings, type InvoicePreferences,
  type DocumentLanguage, type InvoiceSettings, type OrderHandlingPreferences, type TaxProfile, type VatRegimeChoice,
} from '@belegfluss/shared';

/** Everything the order workflow's rules need to know about a shop, as plain JSON. */
export interface ShopContext {
  invoice: InvoiceSettings;
  credit: CreditSettings;
  prefs: { invoice: InvoicePreferences; credit: CreditPreferences; contact: ContactPreferences; orderHandling: OrderHandlingPreferences; language?: DocumentLanguage };
  /** The Lexware profile plus the wizard's VAT choice; null while not connected. */
  profile: TaxProfile | null;
  /** Metafields read into document texts and written to the order; absent in contexts made before they existed. */
  metafields?: MetafieldPreferences;
}

/** Stored sections are validated again on read: a value saved by an older version gets today's defaults. */
export async function loadShopContext(db: Db, shopId: string): Promise<ShopContext> {
  const [shop, connection, rows] = await Promise.all([
    getShop(db, shopId),
    getConnection(db, shopId),
    allPreferenceSections(db, shopId),
  ]);
  if (!shop) throw ApplicationFailure.nonRetryable(`Shop ${shopId} is not installed`, 'NOT_INSTALLED');
  const section = (name: string): unknown => rows[name] ?? {};
  const invoice = normalizeInvoicePreferences(InvoicePreferencesSchema.parse(section('invoices'))).value;
  const credit = CreditPreferencesSchema.parse(section('credits'));
  const contact = ContactPreferencesSchema.parse(section('contacts'));
  const orderHandling = OrderHandlingPreferencesSchema.parse(section('orderHandling'));
  const metafields = MetafieldPreferencesSchema.safeParse(section('metafields')).data ?? MetafieldPreferencesSchema.parse({});
  const automation = 'automation' in rows ? AutomationSchema.parse(rows.automation) : null;
  const general = section('general') as { vatRegime?: VatRegimeChoice; language?: DocumentLanguage };
  const connected = Boolean(connection);
  const lexProfile = connection?.profile as { smallBusiness?: boolean; distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION'; businessFeatures?: string[] } | null | undefined;
  const common = { connected, automationEnabled: shop.automationEnabled, skipPos: orderHandling.skipPos, skipFree: orderHandling.skipFree, posName: orderHandling.posName };
  return {
    invoice: {
      ...common,
      invoiceCreate: automation && !automation.invoiceCreate ? false : invoice.invoiceCreate,
      invoiceEvent: invoice.invoiceEvent,
      invoiceEventExceptions: invoice.invoiceEventExceptions,
      skipTags: invoice.skipTags,
      installedAt: shop.installedAt.toISOString(),
    },
    credit: { ...common, creditCreate: automation ? automation.creditCreate && credit.creditCreate : credit.creditCreate && invoice.creditCreate },
    prefs: { invoice, credit, contact, orderHandling, language: general.language === 'en' ? 'en' : 'de' },
    profile: lexProfile
      ? { smallBusiness: Boolean(lexProfile.smallBusiness), distanceSalesPrinciple: lexProfile.distanceSalesPrinciple ?? null, businessFeatures: lexProfile.businessFeatures ?? [], vatRegime: general.vatRegime ?? null }
      : null,
    metafields,
  };
}
