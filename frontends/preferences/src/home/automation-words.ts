import type { AutomationKey } from '../automation';

/** The automation switches as the settings home names them. */
export const AUTOMATION_FIELD_LABELS: Record<AutomationKey, string> = {
  invoiceCreate: 'Rechnungen automatisch erstellen',
  creditCreate: 'Gutschriften automatisch erstellen',
  transactionCreate: 'Umsätze automatisch erstellen',
  transactionFees: 'Gebühren als eigene Umsätze buchen',
  transactionHints: 'Zuordnungshinweise setzen',
};
