import type { Db } from '../connection';
import { fromRow } from '../rows';
import {
  readStoredSection,
  ruleTags,
  type MetafieldPreferences,
  DEFAULT_TRANSACTION_PREFERENCES,
  type ContactPreferences,
  type CreditPreferences,
  type CreditSettings,
  type InvoicePreferences,
  type DocumentLanguage,
  type InvoiceSettings,
  type OrderHandlingPreferences,
  type TaxProfile,
  type VatRegimeChoice,
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_CREDIT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
  enforcePlan,
  transactionSettings,
  type PlanFeature,
  type TransactionsOff,
} from '@belegfluss/shared';

/** Everything the order workflow's rules need to know about a shop, as plain JSON. */
export interface ShopContext {
  invoice: InvoiceSettings;
  credit: CreditSettings;
  prefs: {
    invoice: InvoicePreferences;
    credit: CreditPreferences;
    contact: ContactPreferences;
    orderHandling: OrderHandlingPreferences;
    language?: DocumentLanguage;
  };
  /** The Lexware profile plus the wizard's VAT choice; null while not connected. */
  profile: TaxProfile | null;
  /** Metafields read into document texts and written to the order; absent in contexts made before they existed. */
  metafields?: MetafieldPreferences;
  /**
   * The shop's plan, already applied to the preferences above: `withheld` are the features
   * set up in the settings that the plan no longer includes (a downgrade), for the event log.
   */
  plan?: { id: string; withheld: PlanFeature[]; /** the tags the withheld tag rules name */ ruleTags?: string[] };
  /**
   * Why paid orders book no bank transactions (the settings, after the plan), or null when they do: the workflow
   * then asks no activity. Absent in contexts made before it existed.
   */
  transactionsOff?: TransactionsOff | null;
}

const DEFAULT_SECTIONS = {
  invoices: DEFAULT_INVOICE_PREFERENCES,
  credits: DEFAULT_CREDIT_PREFERENCES,
  contacts: DEFAULT_CONTACT_PREFERENCES,
  orderHandling: DEFAULT_ORDER_HANDLING,
  metafields: { read: [], write: [] },
  transactions: DEFAULT_TRANSACTION_PREFERENCES,
};

/** The shop has no installed app: the worker turns this into its non-retryable NOT_INSTALLED failure. */
export class ShopNotInstalledError extends Error {
  readonly code = 'NOT_INSTALLED';
  constructor(readonly shopId: string) {
    super(`Shop ${shopId} is not installed`);
    this.name = 'ShopNotInstalledError';
  }
}

interface ShopContextRow {
  planId: string;
  automationEnabled: boolean;
  installedAt: Date;
  /** When the app was removed; null while installed. */
  uninstalledAt: Date | null;
  /** Whether the shop has a Lexware connection, and its profile as last read from Lexware. */
  connected: boolean;
  profile: unknown;
  /** Every stored preference section by name. */
  sections: Record<string, unknown>;
}

/**
 * What the context is made of, in one statement: the shop's plan, switches and install date, its Lexware
 * connection's profile, and its preference sections. Every order round reads it (three statements before).
 */
async function shopContextRow(db: Db, shopId: string): Promise<ShopContextRow | undefined> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select s.plan_id, s.automation_enabled, s.installed_at, s.uninstalled_at, c.shop_id is not null as connected, c.profile,
       (select coalesce(jsonb_object_agg(p.section, p.value), '{}'::jsonb) from shop_preferences p
        where p.shop_id = s.id) as sections
     from shops s left join lexware_connections c on c.shop_id = s.id
     where s.id = ?`,
    [shopId],
  );
  return rows[0] && fromRow<ShopContextRow>(rows[0]);
}

/**
 * Everything the order rules need about a shop, read once (the worker's activities and the gateway's preview).
 * Stored sections are validated again on read: a value saved by an older version gets today's defaults.
 * `installedOnly` also refuses a shop that removed the app, so an order round learns both from one statement.
 */
export async function loadShopContext(
  db: Db,
  shopId: string,
  { installedOnly = false }: { installedOnly?: boolean } = {},
): Promise<ShopContext> {
  const shop = await shopContextRow(db, shopId);
  if (!shop || (installedOnly && shop.uninstalledAt)) throw new ShopNotInstalledError(shopId);
  const rows = shop.sections;
  const section = (name: string): unknown => rows[name] ?? {};
  // What the plan lacks is turned off here, so every step that reads the context stays within the plan.
  // Each section read by the one rule the gateway reads it with too (@belegfluss/shared's readStoredSection).
  const stored = {
    invoices: readStoredSection('invoices', rows.invoices),
    credits: readStoredSection('credits', rows.credits),
    contacts: readStoredSection('contacts', rows.contacts),
    orderHandling: readStoredSection('orderHandling', rows.orderHandling),
    metafields: readStoredSection('metafields', rows.metafields),
    // Read by the transactions activity itself (which applies the plan the same way); here for `withheld`.
    transactions: readStoredSection('transactions', rows.transactions),
  };
  const { sections, withheld } = enforcePlan(shop.planId, stored, DEFAULT_SECTIONS);
  const { invoices: invoice, credits: credit, contacts: contact, orderHandling, metafields } = sections;
  const general = section('general') as { vatRegime?: VatRegimeChoice; language?: DocumentLanguage };
  const { connected } = shop;
  // The one rule the transactions activity decides with, so the workflow skips it exactly when it would do nothing.
  const transactions = transactionSettings(sections.transactions, {
    connected,
    automationEnabled: shop.automationEnabled,
    invoiceCreate: invoice.invoiceCreate !== false,
  });
  const lexProfile = shop.profile as
    | { smallBusiness?: boolean; distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION'; businessFeatures?: string[] }
    | null
    | undefined;
  const common = {
    connected,
    automationEnabled: shop.automationEnabled,
    skipPos: orderHandling.skipPos,
    skipFree: orderHandling.skipFree,
    posName: orderHandling.posName,
  };
  return {
    invoice: {
      ...common,
      invoiceCreate: invoice.invoiceCreate,
      invoiceEvent: invoice.invoiceEvent,
      invoiceEventExceptions: invoice.invoiceEventExceptions,
      skipTags: invoice.skipTags,
      installedAt: shop.installedAt.toISOString(),
    },
    // 'automation' is no stored section: the gateway writes its switches into the sections that own them.
    credit: { ...common, creditCreate: credit.creditCreate },
    prefs: { invoice, credit, contact, orderHandling, language: general.language === 'en' ? 'en' : 'de' },
    profile: lexProfile
      ? {
          smallBusiness: Boolean(lexProfile.smallBusiness),
          distanceSalesPrinciple: lexProfile.distanceSalesPrinciple ?? null,
          businessFeatures: lexProfile.businessFeatures ?? [],
          vatRegime: general.vatRegime ?? null,
        }
      : null,
    metafields,
    plan: { id: shop.planId, withheld, ...(withheld.includes('tags') ? { ruleTags: ruleTags(stored) } : {}) },
    transactionsOff: transactions.ok ? null : transactions.reason,
  };
}
