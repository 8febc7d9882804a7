import { z } from 'zod';
import { MESSAGES } from './messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The notification switches of the settings home. */
export const NotificationPreferencesSchema = z.object({
  creditsExhaustedSoon: z.boolean().default(true),
  creditsExhaustedNow: z.boolean().default(true),
  connectionMissing: z.boolean().default(true),
  onboarding: z.boolean().default(true),
  /** An order's USt-IdNr. that VIES did not confirm (invalid, or unanswered within the merchant's wait). */
  vatIdUnconfirmed: z.boolean().default(true),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Receipt language, start page, notification e-mail and expert mode. */
export const GeneralPreferencesSchema = z.object({
  /** Receipt language. */
  language: z.enum(['de', 'en'], { error: 'Die Belegsprache ist de oder en' }).default('de'),
  home: z.enum(['orders', ''], { error: 'Startseite ist orders oder leer' }).default(''),
  /** Where notifications go; empty means the shop's e-mail. */
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL.test(v), MESSAGES.emailRequired)
    .default(''),
  expertMode: z.boolean().default(false),
  /** The wizard's VAT regime; the worker reads it from here. Absent until chosen. */
  vatRegime: z.enum(['0', '1', 'oss'], { error: 'Die Umsatzsteuer-Regelung ist 0, 1 oder oss' }).optional(),
});
export type GeneralPreferences = z.infer<typeof GeneralPreferencesSchema>;
