import type { ContactPreferences } from './contact';
import type { CreditPreferences } from './credit';
import { PREFERENCE_DEFAULTS } from './defaults';
import type { InvoicePreferences } from './invoice';
import type { OrderHandlingPreferences } from './order-handling';

/*
 * The defaults typed by the schemas. The schemas take their `.default()`s from defaults.ts, so these sit above
 * both; the section files are imported for their types only, and workflow code that reads these loads no zod.
 */
export const DEFAULT_ORDER_HANDLING: OrderHandlingPreferences = PREFERENCE_DEFAULTS.orderHandling;
export const DEFAULT_CONTACT_PREFERENCES: ContactPreferences = PREFERENCE_DEFAULTS.contact;
export const DEFAULT_CREDIT_PREFERENCES: CreditPreferences = PREFERENCE_DEFAULTS.credit;
export const DEFAULT_INVOICE_PREFERENCES: InvoicePreferences = PREFERENCE_DEFAULTS.invoice;
