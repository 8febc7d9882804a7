import { z } from 'zod';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkBankAccount } from '../domain/bank-account';

/** The field errors of coupon creation, keyed by code. */
export const PARTNER_COUPON_MESSAGES = {
  COUPON_INVALID: 'Dieser Code ist ungültig',
  TYPE_NOT_FOUND: 'Ungültier Rabattyp',
  NOT_AVAILABLE: 'Dieser Code ist nicht verfügbar',
  TOO_MANY: 'Maximale Anzahl an Coupons überschritten',
  UNAUTHORIZED: 'Fehlende Berechtigung',
  PENDING_PROVISION: 'coupon cannot be deleted because of pending provisions',
} as const;

const required = 'Pflichtfeld';
const email = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, 'Gültige E-Mail-Adresse erforderlich')
  .pipe(z.email('Gültige E-Mail-Adresse erforderlich'));
/** German Steuernummer (10–13 digits with / or spaces) or the 11-digit tax id. */
const taxId = z
  .string({ error: required })
  .trim()
  .min(1, 'Gültige Steuernummer erforderlich')
  .regex(/^[0-9][0-9 /]{8,16}[0-9]$/, 'Gültige Steuernummer erforderlich');
const vatId = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'Gültige USt-IdNr. erforderlich');
export const Iban = z
  .string({ error: 'Gültige IBAN erforderlich' })
  .transform((s) => electronicFormatIBAN(s) ?? '')
  .refine((s) => isValidIBAN(s), 'Gültige IBAN erforderlich');
export const Bic = z
  .string({ error: 'Gültige BIC erforderlich' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => isValidBIC(s), 'Gültige BIC erforderlich');

const address = z.strictObject({
  name: z.string().trim().max(100).optional(),
  street: z.string({ error: required }).trim().min(1, required).max(100),
  zip: z.string({ error: required }).trim().min(1, required).max(20),
  city: z.string({ error: required }).trim().min(1, required).max(100),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Ländercode aus zwei Großbuchstaben')
    .default('DE'),
});

/** `PATCH /api/partner/preferences` (partner preferences). */
export const PartnerPreferencesBody = z.discriminatedUnion(
  'gateway',
  [
    z.strictObject({
      gateway: z.literal('paypal'),
      email,
      taxId,
      vatId: vatId.optional(),
      address: address.optional(),
      language: z.enum(['de', 'en']).default('de'),
      paypalEmail: email,
    }),
    z
      .strictObject({
        gateway: z.literal('bank'),
        email,
        taxId,
        vatId: vatId.optional(),
        address: address.optional(),
        language: z.enum(['de', 'en']).default('de'),
        bankName: z.string({ error: required }).trim().min(1, required).max(100),
        iban: Iban,
        bic: Bic,
      })
      .superRefine((p, ctx) => {
        // Each is valid on its own; together they must name one bank in one country.
        const account = checkBankAccount(p.iban, p.bic);
        if (!account.ok) ctx.addIssue({ code: 'custom', path: [account.field], message: account.message });
      }),
  ],
  { error: 'Bitte wähle PayPal oder Banküberweisung' },
);
export type PartnerPreferences = z.infer<typeof PartnerPreferencesBody>;
