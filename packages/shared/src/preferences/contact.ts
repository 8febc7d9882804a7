import { z } from 'zod';

export const VAT_ID_PLACES = [
  'order-note', 'order-attributes', 'order-items', 'order-billing', 'order-shipping',
  'order-tags', 'customer-note', 'customer-tags', 'company-location',
] as const;
export type VatIdPlace = (typeof VAT_ID_PLACES)[number];

export const ContactPreferencesSchema = z.object({
  vatIdPlaces: z.array(z.enum(VAT_ID_PLACES)).default(['order-note', 'order-attributes', 'order-billing', 'company-location']),
  /** 'all', or only customers carrying one of these tags (lower-cased). */
  contactCreate: z.union([
    z.literal('all'),
    z.array(z.string()).transform((l) => [...new Set(l.map((t) => t.trim().toLowerCase()).filter(Boolean))]),
  ]).default('all'),
  contactPushEmail: z.boolean().default(true),
  contactPushPhone: z.boolean().default(false),
  contactPushShop: z.boolean().default(false),
  contactPushCustomer: z.boolean().default(false),
  contactPushNote: z.boolean().default(false),
});

export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;
export const DEFAULT_CONTACT_PREFERENCES: ContactPreferences = ContactPreferencesSchema.parse({});
