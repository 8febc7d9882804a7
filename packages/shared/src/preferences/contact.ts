import { z } from 'zod';
import { PREFERENCE_DEFAULTS } from './defaults';
import { LIMITS, MESSAGES } from './messages';
import { LEITWEG_SOURCES } from '../domain/einvoice';
import { isValidVatId, normalizeVatId } from '../domain/vat-id';
import { VAT_ID_PLACES } from './vat-id-places';

const D = PREFERENCE_DEFAULTS.contact;

export { VAT_ID_PLACES, type VatIdPlace } from './vat-id-places';

export const ContactPreferencesSchema = z.object({
  vatIdPlaces: z.array(z.enum(VAT_ID_PLACES)).default(D.vatIdPlaces),
  /** 'all', or only customers carrying one of these tags (lower-cased). */
  contactCreate: z
    .union([
      z.literal('all'),
      z.array(z.string()).transform((l) => [...new Set(l.map((t) => t.trim().toLowerCase()).filter(Boolean))]),
    ])
    .default(D.contactCreate),
  contactPushEmail: z.boolean().default(D.contactPushEmail),
  contactPushPhone: z.boolean().default(D.contactPushPhone),
  contactPushShop: z.boolean().default(D.contactPushShop),
  contactPushCustomer: z.boolean().default(D.contactPushCustomer),
  contactPushNote: z.boolean().default(D.contactPushNote),
  /** E-invoices: where the buyer's Leitweg-ID comes from, and our supplier number at the buyer. */
  leitwegSource: z.enum(LEITWEG_SOURCES).default(D.leitwegSource),
  leitwegNamespace: z.string().trim().max(255).default(D.leitwegNamespace),
  leitwegKey: z.string().trim().max(64).default(D.leitwegKey),
  leitwegAttribute: z.string().trim().max(255).default(D.leitwegAttribute),
  vendorNumberAtCustomer: z.string().trim().max(255).default(D.vendorNumberAtCustomer),
  /**
   * The shop's own USt-IdNr.: sent to VIES as the requester, so that its answer carries a request identifier,
   * the evidence of a qualified confirmation. Lexware's profile has no field for it, so the merchant enters it here.
   */
  ownVatId: z
    .string()
    .transform(normalizeVatId)
    .refine((v) => v === '' || isValidVatId(v), 'Die eigene USt-IdNr. hat kein gültiges Format (z. B. DE123456789).')
    .default(D.ownVatId),
  /** How long an order waits for VIES (or a member state's service) to answer before `viesAfterWait` applies. */
  viesWaitHours: z
    .number({ error: 'Die Wartezeit ist eine Zahl von Stunden.' })
    .min(0.01, 'Die Wartezeit muss größer als 0 Stunden sein.')
    .max(720, 'Die Wartezeit darf höchstens 720 Stunden (30 Tage) betragen.')
    .default(D.viesWaitHours),
  /** After the wait: invoice with German VAT, or keep waiting for VIES (the merchant is told either way). */
  viesAfterWait: z
    .enum(['withVat', 'keepWaiting'], { error: 'Nach der Wartezeit: withVat oder keepWaiting.' })
    .default(D.viesAfterWait),
  /**
   * Replaced by invoices' b2bAsNet, the one switch for net B2B invoices (the stored values were moved there).
   * Still read so that order workflows recorded with it replay as they ran; no page sets it any more.
   */
  eInvoiceNet: z.boolean().default(D.eInvoiceNet),
  /**
   * The category new contacts are filed under. Lexware's public contacts API knows only the roles customer and
   * vendor, so the value is kept for the merchant and not sent.
   */
  contactCategory: z
    .string()
    .trim()
    .max(LIMITS.contactCategory, MESSAGES.max(LIMITS.contactCategory))
    .default(D.contactCategory),
});

export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;
