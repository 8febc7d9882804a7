import { z } from 'zod';
import { AutomationSchema, PREFERENCE_SECTIONS } from '@belegfluss/shared';

/** The metafield schema and constants live in @belegfluss/shared, where the worker reads them too. */
export {
  METAFIELD_LIMIT,
  METAFIELD_RESOURCES,
  METAFIELD_SCOPES,
  MetafieldPreferencesSchema,
  WRITABLE_METAFIELDS,
} from '@belegfluss/shared';

/** The bank transaction schema lives in @belegfluss/shared, where the worker reads it too. */
export { TransactionPreferencesSchema } from '@belegfluss/shared';

/** Notifications and general (language, start page, e-mail, expert mode, VAT regime) live in @belegfluss/shared, where the settings home reads them too. */
export { GeneralPreferencesSchema, NotificationPreferencesSchema } from '@belegfluss/shared';

/** Every stored section, its schema, and the rules that tie its fields together: one list in @belegfluss/shared, which the worker reads too. */
export const SECTIONS = PREFERENCE_SECTIONS;

export type StoredSection = keyof typeof SECTIONS;
export const STORED_SECTIONS = Object.keys(SECTIONS) as StoredSection[];
/** `automation` is a view over invoices, credits and transactions, so the worker reads one place only. */
export const SectionParam = z.enum([...STORED_SECTIONS, 'automation'], { error: 'Unbekannter Einstellungsbereich' });
export type Section = z.infer<typeof SectionParam>;

export const PatchBody = z.record(z.string(), z.unknown(), { error: 'Erwartet ein JSON-Objekt' });
/** Only the switches sent change (AutomationSchema.partial() would fill the rest with defaults). */
const optionalFlag = z.preprocess((v) => (v === 'all' ? true : v === 'false' ? false : v), z.boolean()).optional();
export const AutomationPatch = z
  .object(
    Object.fromEntries(Object.keys(AutomationSchema.shape).map((k) => [k, optionalFlag])) as Record<
      keyof typeof AutomationSchema.shape,
      typeof optionalFlag
    >,
  )
  .strict();

/** POST /api/shop/enable/{value}: the master switch plus the two creation switches of the wizard's last step. */
export const EnableParam = z
  .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'Erwartet true oder false' })
  .transform((v) => ['true', '1', 'on'].includes(v));
export const EnableBody = z
  .object({
    invoiceCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).optional(),
    creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).optional(),
  })
  .strict();
