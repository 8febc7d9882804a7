import {
  applyAutomationDependencies,
  automationBadge,
  automationDisabled,
  type Automation,
  type AutomationBadge,
} from '@belegfluss/shared';

/** The automation switches; their dependencies are the server's, from @belegfluss/shared. */
export type { Automation };
export type AutomationKey = keyof Automation;

/** Applies one switch and everything it forces; returns the complete new state. */
export function switchAutomation(current: Automation, key: AutomationKey, on: boolean): Automation {
  return applyAutomationDependencies({ ...current, [key]: on }).value;
}

/** Whether a switch can be changed at all in the current state. */
export function isSwitchEnabled(current: Automation, key: AutomationKey): boolean {
  return !automationDisabled(current)[key];
}

export type AutomationLevel = AutomationBadge;
export const automationLevel = automationBadge;

export const AUTOMATION_LEVEL_LABEL: Record<AutomationLevel, string> = {
  automated: 'Automatisiert',
  partial: 'Teilweise automatisiert',
  manual: 'Manuell',
};

/** The preferences store `false` or `'all'` for the three create flags. */
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
