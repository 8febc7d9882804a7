import type { z } from 'zod';
import { ContactPreferencesSchema } from './contact';
import { CreditPreferencesSchema, normalizeCreditPreferences } from './credit';
import { GeneralPreferencesSchema, NotificationPreferencesSchema } from './general';
import { InvoicePreferencesSchema } from './invoice';
import { normalizeInvoicePreferences } from './invoice-rules';
import { MetafieldPreferencesSchema } from './metafields';
import { OrderHandlingPreferencesSchema } from './order-handling';
import { TransactionPreferencesSchema } from './transactions';

type Normalizer = (value: never) => { value: unknown; forced: string[] };

/** Every stored preference section, its schema, and the rules that tie its fields together (the gateway's and the worker's one list). */
export const PREFERENCE_SECTIONS = {
  invoices: { schema: InvoicePreferencesSchema, normalize: normalizeInvoicePreferences as Normalizer },
  credits: { schema: CreditPreferencesSchema, normalize: normalizeCreditPreferences as Normalizer },
  contacts: { schema: ContactPreferencesSchema },
  transactions: { schema: TransactionPreferencesSchema },
  metafields: { schema: MetafieldPreferencesSchema },
  orderHandling: { schema: OrderHandlingPreferencesSchema },
  notifications: { schema: NotificationPreferencesSchema },
  general: { schema: GeneralPreferencesSchema },
} satisfies Record<string, { schema: z.ZodObject; normalize?: Normalizer }>;

export type PreferenceSection = keyof typeof PREFERENCE_SECTIONS;
type SectionValue<S extends PreferenceSection> = z.infer<(typeof PREFERENCE_SECTIONS)[S]['schema']>;

/** Applies a section's rules to a parsed value (e.g. no mail for credit notes left as drafts); `forced` names what they changed. */
export function normalizeSection<S extends PreferenceSection>(
  section: S,
  parsed: SectionValue<S>,
): { value: SectionValue<S>; forced: string[] } {
  const def = PREFERENCE_SECTIONS[section] as { normalize?: Normalizer };
  return def.normalize
    ? (def.normalize(parsed as never) as { value: SectionValue<S>; forced: string[] })
    : { value: parsed, forced: [] };
}

/**
 * A stored section as today's code reads it: a value saved by an older version that no longer parses falls
 * back to the defaults, and the section's rules hold. The gateway's reads and the worker's shop context use it.
 */
export function readStoredSection<S extends PreferenceSection>(section: S, stored: unknown): SectionValue<S> {
  const schema = PREFERENCE_SECTIONS[section].schema as unknown as z.ZodType<SectionValue<S>>;
  return normalizeSection(section, schema.safeParse(stored ?? {}).data ?? schema.parse({})).value;
}
