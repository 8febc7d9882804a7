import { z } from 'zod';
import { PREFERENCE_DEFAULTS } from './defaults';
import { LEITWEG_SOURCES } from '../domain/einvoice';
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
   * Replaced by invoices' b2bAsNet, the one switch for net B2B invoices (the stored values were moved there).
   * Still read so that order workflows recorded with it replay as they ran; no page sets it any more.
   */
  eInvoiceNet: z.boolean().default(D.eInvoiceNet),
});

export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;
