/** The automation switches of spec 3 §2 and their dependencies (spec 3 §4). */
export interface Automation {
  invoiceCreate: boolean;
  creditCreate: boolean;
  transactionCreate: boolean;
  transactionFees: boolean;
  transactionHints: boolean;
}

export type AutomationKey = keyof Automation;

/** Applies one switch and everything it forces; returns the complete new state. */
export function switchAutomation(current: Automation, key: AutomationKey, on: boolean): Automation {
  const next = { ...current, [key]: on };
  if (!next.invoiceCreate) {
    next.creditCreate = false;
    next.transactionCreate = false;
    next.transactionHints = false;
  }
  if (!next.transactionCreate) {
    next.transactionFees = false;
    next.transactionHints = false;
  }
  return next;
}

/** Whether a switch can be changed at all in the current state. */
export function isSwitchEnabled(current: Automation, key: AutomationKey): boolean {
  if (key === 'creditCreate' || key === 'transactionCreate') return current.invoiceCreate;
  if (key === 'transactionFees' || key === 'transactionHints') return current.transactionCreate;
  return true;
}

export type AutomationLevel = 'automated' | 'partial' | 'manual';

export function automationLevel(current: Automation): AutomationLevel {
  const on = [current.invoiceCreate, current.creditCreate, current.transactionCreate].filter(Boolean).length;
  return on === 3 ? 'automated' : on === 0 ? 'manual' : 'partial';
}

export const AUTOMATION_LEVEL_LABEL: Record<AutomationLevel, string> = {
  automated: 'Automatisiert',
  partial: 'Teilweise automatisiert',
  manual: 'Manuell',
};

/** The preferences store `false` or `'all'` for the three create flags (spec 3 §3). */
export interface AutomationPreferences {
  invoiceCreate?: false | 'all' | boolean;
  creditCreate?: false | 'all' | boolean;
  transactionCreate?: false | 'all' | boolean;
  transactionFees?: boolean;
  transactionHints?: boolean;
}

export function fromPreferences(prefs: AutomationPreferences): Automation {
  return {
    invoiceCreate: Boolean(prefs.invoiceCreate),
    creditCreate: Boolean(prefs.creditCreate),
    transactionCreate: Boolean(prefs.transactionCreate),
    transactionFees: Boolean(prefs.transactionFees),
    transactionHints: Boolean(prefs.transactionHints),
  };
}

export function toPreferences(state: Automation): Required<AutomationPreferences> {
  return {
    invoiceCreate: state.invoiceCreate ? 'all' : false,
    creditCreate: state.creditCreate ? 'all' : false,
    transactionCreate: state.transactionCreate ? 'all' : false,
    transactionFees: state.transactionFees,
    transactionHints: state.transactionHints,
  };
}
