import { z } from 'zod';

const flag = z.preprocess((v) => (v === 'all' ? true : v === 'false' ? false : v), z.boolean()).default(false);

/** The automation overview: three switches and two transaction sub-options. */
export const AutomationSchema = z.object({
  invoiceCreate: flag,
  creditCreate: flag,
  transactionCreate: flag,
  transactionHints: flag,
  transactionFees: flag,
});
export type Automation = z.infer<typeof AutomationSchema>;

export type AutomationBadge = 'automated' | 'partial' | 'manual';

/**
 * Invoices off forces credit notes, transactions and hints off; transactions off
 * forces fees and hints off. Hints need finalised receipts, which is a warning, not a change.
 */
export function applyAutomationDependencies(
  next: Automation,
  context: { invoiceFinalize?: boolean; creditFinalize?: boolean } = {},
): { value: Automation; forced: Array<keyof Automation>; warnings: string[] } {
  const value = { ...next };
  const forced: Array<keyof Automation> = [];
  const off = (key: keyof Automation) => {
    if (value[key]) {
      value[key] = false;
      forced.push(key);
    }
  };
  if (!value.invoiceCreate) {
    off('creditCreate');
    off('transactionCreate');
    off('transactionHints');
  }
  if (!value.transactionCreate) {
    off('transactionFees');
    off('transactionHints');
  }
  const warnings: string[] = [];
  if (value.transactionHints && (context.invoiceFinalize === false || context.creditFinalize === false)) {
    warnings.push('Hinweise erfordern finalisierte Belege');
  }
  return { value, forced, warnings };
}

/** Which switches the screen disables: credit and transactions while invoices are off; fees and hints while transactions are off. */
export function automationDisabled(a: Automation): Record<keyof Automation, boolean> {
  return {
    invoiceCreate: false,
    creditCreate: !a.invoiceCreate,
    transactionCreate: !a.invoiceCreate,
    transactionHints: !a.invoiceCreate || !a.transactionCreate,
    transactionFees: !a.transactionCreate,
  };
}

export function automationBadge(
  a: Pick<Automation, 'invoiceCreate' | 'creditCreate' | 'transactionCreate'>,
): AutomationBadge {
  const on = [a.invoiceCreate, a.creditCreate, a.transactionCreate].filter(Boolean).length;
  return on === 3 ? 'automated' : on === 0 ? 'manual' : 'partial';
}
