import { z } from 'zod';
import { LEITWEG_SOURCES } from '../domain/einvoice';

export const VAT_ID_PLACES = [
  'order-note',
  'order-attributes',
  'order-items',
  'order-billing',
  'order-shipping',
  'order-tags',
  'customer-note',
  'customer-tags',
  'company-location',
] as const;
export type VatIdPlace = (typeof VAT_ID_PLACES)[number];

export const ContactPreferencesSchema = z.object({
  vatIdPlaces: z
    .array(z.enum(VAT_ID_PLACES))
    .default(['order-note', 'order-attributes', 'order-billing', 'company-location']),
  /** 'all', or only customers carrying one of these tags (lower-cased). */
  contactCreate: z
    .union([
      z.literal('all'),
      z.array(z.string()).transform((l) => [...new Set(l.map((t) => t.trim().toLowerCase()).filter(Boolean))]),
    ])
    .default('all'),
  contactPushEmail: z.boolean().default(true),
  contactPushPhone: z.boolean().default(false),
  contactPushShop: z.boolean().default(false),
  contactPushCustomer: z.boolean().default(false),
  contactPushNote: z.boolean().default(false),
  /** E-invoices: where the buyer's Leitweg-ID comes from, and our supplier number at the buyer. */
  leitwegSource: z.enum(LEITWEG_SOURCES).default('none'),
  leitwegNamespace: z.string().trim().max(255).default(''),
  leitwegKey: z.string().trim().max(64).default(''),
  leitwegAttribute: z.string().trim().max(255).default(''),
  vendorNumberAtCustomer: z.string().trim().max(255).default(''),
  /** B2B invoices go out net, so Lexware issues them as EN 16931 (ZUGFeRD). */
  eInvoiceNet: z.boolean().default(false),
});

export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;
export const DEFAULT_CONTACT_PREFERENCES: ContactPreferences = ContactPreferencesSchema.parse({});
