import { formatNumber } from '@belegfluss/frontend-kit';
import type { VatRegimeChoice } from '@belegfluss/shared';

/** The seven steps of the connect wizard. */
export const WIZARD_STEPS = [
  'Bedingungen',
  'Lexware Office verbinden',
  'Bestellungen importieren',
  'Belege importieren',
  'Umsatzsteuer',
  'Steuern in Shopify',
  'Verbunden',
] as const;

export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The progress bar only ever shows these values. */
export const PROGRESS = { start: 0, connected: 50, ordersImported: 60, documentsImporting: 80, done: 100 } as const;

/** The authorisation popup's size. */
export const POPUP_SIZE = { width: 800, height: 700 } as const;

/** The profile is pulled this often during the VAT step. */
export const PROFILE_PULL_MS = 2_500;

/** What `POST /api/lexoffice/pull` yields; the gateway wraps it as `{ profile }`. */
export interface LexwareProfile {
  companyName?: string | null;
  smallBusiness: boolean;
  distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION' | null;
  businessFeatures?: string[];
}

export function profileOf(body: unknown): LexwareProfile | undefined {
  const inner = (body as { profile?: unknown } | undefined)?.profile ?? body;
  if (!inner || typeof inner !== 'object' || typeof (inner as LexwareProfile).smallBusiness !== 'boolean')
    return undefined;
  return inner as LexwareProfile;
}

/** Tax setup needs Lexware Office L (INVOICING); XL (INVOICING_PRO) includes it. */
export function hasInvoicing(profile: LexwareProfile): boolean {
  const features = profile.businessFeatures ?? [];
  return features.includes('INVOICING') || features.includes('INVOICING_PRO');
}

/** `POST /api/orders/import` and `GET /api/orders/import/wizard`: the import workflow's orders so far. */
export interface OrderImportAnswer {
  affected?: number;
  continue?: boolean;
  status?: 'running' | 'completed' | 'failed';
}

/** `POST /api/lexoffice/import` answers the import workflow's document progress; the wizard repeats it while `continue` is set. */
export interface DocumentImportAnswer {
  continue?: boolean;
  progress?: number;
  found?: number;
  affected?: number;
  assigned?: number;
  /** The workflow's phase; `failed` when the run ended without finishing (e.g. terminated by support). */
  status?: 'orders' | 'documents' | 'done' | 'failed';
}

/** What the wizard says when an import run ended without finishing; "Erneut versuchen" starts a new one. */
export const IMPORT_STOPPED = 'Der Import ist abgebrochen. Bitte versuche es erneut.';

/** At most this many polls (about an hour), so a gateway that always says `continue` cannot spin forever. */
export const MAX_IMPORT_POLLS = 3600;
/** The wait between two polls of a running import. */
export const pause = (ms = 1000) => new Promise((resolve) => setTimeout(resolve, ms));

export const VAT_OPTIONS: { value: VatRegimeChoice; label: string; helpText: string }[] = [
  { value: '0', label: 'Kleinunternehmer', helpText: 'Du weist nach § 19 UStG keine Umsatzsteuer aus.' },
  {
    value: '1',
    label: 'Nur deutsche Umsatzsteuer',
    helpText: 'Alle Bestellungen werden mit 0, 7 oder 19 % deutscher Umsatzsteuer abgerechnet.',
  },
  {
    value: 'oss',
    label: 'One-Stop-Shop (OSS)',
    helpText: 'Lieferungen an Privatkunden in der EU werden mit der Umsatzsteuer des Bestimmungslandes abgerechnet.',
  },
];

/** "1 Rechnung", "1.286 Rechnungen": the count as German writes it, with the word that fits it. */
export function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** Lexware's own terms and privacy notice, accepted in the account-opening dialog. */
export const LEXWARE_LEGAL = {
  terms: 'https://office.lexware.de/agb/',
  privacy: 'https://office.lexware.de/datenschutz/',
} as const;
