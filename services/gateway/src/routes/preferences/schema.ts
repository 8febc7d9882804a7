import { z } from 'zod';
import {
  AutomationSchema, ContactPreferencesSchema, CreditPreferencesSchema, InvoicePreferencesSchema, MESSAGES, OrderHandlingPreferencesSchema,
  normalizeCreditPreferences, normalizeInvoicePreferences,
} from '@belegfluss/shared';

/*
 * Sections whose schemas are not in @belegfluss/shared yet (transactions, metafields,
 * notifications, general) are defined here, in the shared style, until they move there.
 */
const flag = z.preprocess((v) => (v === 'all' ? true : v === 'false' ? false : v), z.boolean()).default(false);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Bank transactions of spec 3 §3: the create switch, hints, fees and a create flag per gateway. */
export const TransactionPreferencesSchema = z.object({
  transactionCreate: flag,
  transactionHints: flag,
  transactionFees: flag,
  transactionGateway: z.record(z.string().regex(/^[a-z0-9_-]{1,64}$/i, 'Ungültiges Zahlungsmittel'), z.boolean()).default({})
    .refine((map) => !map.paypal, { message: 'PayPal kann für Umsätze nicht gewählt werden', path: ['paypal'] }),
});

export const METAFIELD_RESOURCES = ['shop', 'order', 'customer', 'product', 'variant'] as const;
/** The values the app can write to an order (spec 1 §3, spec 3 §3). */
export const WRITABLE_METAFIELDS = [
  'contact_id', 'invoice_number', 'invoice_id', 'invoice_title', 'invoice_pdf_save', 'invoice_pdf_view', 'invoice_json',
  ...['invoices', 'credits'].flatMap((list) => ['number', 'id', 'title', 'pdf_save', 'pdf_view', 'json'].map((f) => `${list}_${f}`)),
] as const;
export const METAFIELD_LIMIT = 5;

const namespace = z.string({ error: MESSAGES.notEmpty }).trim().min(1, MESSAGES.notEmpty).min(3, MESSAGES.min(3)).max(255, MESSAGES.max(255));
const key = z.string({ error: MESSAGES.notEmpty }).trim().min(1, MESSAGES.notEmpty).max(64, MESSAGES.max(64));

/** Drops repeated entries before the limit is counted (spec 3 §5: a duplicate read entry is ignored). */
const unique = (id: (e: Record<string, unknown>) => string) => (v: unknown) => {
  if (!Array.isArray(v)) return v;
  const seen = new Map<string, unknown>();
  for (const e of v) seen.set(e && typeof e === 'object' ? id(e as Record<string, unknown>) : JSON.stringify(e), e);
  return [...seen.values()];
};

export const MetafieldPreferencesSchema = z.object({
  read: z.preprocess(
    unique((e) => `${String(e.resource)}.${String(e.namespace).trim()}.${String(e.key).trim()}`),
    z.array(z.object({ resource: z.enum(METAFIELD_RESOURCES), namespace, key }))
      .max(METAFIELD_LIMIT, `Du kannst maximal ${METAFIELD_LIMIT} Metafelder hinzufügen`),
  ).default([]),
  write: z.preprocess(
    unique((e) => String(e.value)),
    z.array(z.object({ value: z.enum(WRITABLE_METAFIELDS), namespace, key }))
      .max(METAFIELD_LIMIT, `Du kannst maximal ${METAFIELD_LIMIT} Metafelder schreiben`),
  ).default([]),
});

/** Which Shopify scope a metafield entry needs (spec 3 §4). */
export const METAFIELD_SCOPES: Record<(typeof METAFIELD_RESOURCES)[number] | 'write', string> = {
  shop: 'read_orders', order: 'read_orders', customer: 'read_customers', product: 'read_products', variant: 'read_products', write: 'write_orders',
};

export const NotificationPreferencesSchema = z.object({
  creditsExhaustedSoon: z.boolean().default(true),
  creditsExhaustedNow: z.boolean().default(true),
  connectionMissing: z.boolean().default(true),
  onboarding: z.boolean().default(true),
});

export const GeneralPreferencesSchema = z.object({
  /** Receipt language (spec 3 §5). */
  language: z.enum(['de', 'en'], { error: 'Die Belegsprache ist de oder en' }).default('de'),
  home: z.enum(['orders', ''], { error: 'Startseite ist orders oder leer' }).default(''),
  /** Where notifications go; empty means the shop's e-mail. */
  email: z.string().trim().refine((v) => v === '' || EMAIL.test(v), MESSAGES.emailRequired).default(''),
  expertMode: z.boolean().default(false),
  /** The wizard's VAT regime (spec 1 §5); the worker reads it from here. Absent until chosen. */
  vatRegime: z.enum(['0', '1', 'oss'], { error: 'Die Umsatzsteuer-Regelung ist 0, 1 oder oss' }).optional(),
});

type Normalizer = (value: never) => { value: unknown; forced: string[] };

/** Every stored section, its schema, and the rules that tie its fields together. */
export const SECTIONS = {
  invoices: { schema: InvoicePreferencesSchema, normalize: normalizeInvoicePreferences as Normalizer },
  credits: { schema: CreditPreferencesSchema, normalize: normalizeCreditPreferences as Normalizer },
  contacts: { schema: ContactPreferencesSchema },
  transactions: { schema: TransactionPreferencesSchema },
  metafields: { schema: MetafieldPreferencesSchema },
  orderHandling: { schema: OrderHandlingPreferencesSchema },
  notifications: { schema: NotificationPreferencesSchema },
  general: { schema: GeneralPreferencesSchema },
} satisfies Record<string, { schema: z.ZodObject; normalize?: Normalizer }>;

export type StoredSection = keyof typeof SECTIONS;
export const STORED_SECTIONS = Object.keys(SECTIONS) as StoredSection[];
/** `automation` is a view over invoices, credits and transactions, so the worker reads one place only. */
export const SectionParam = z.enum([...STORED_SECTIONS, 'automation'], { error: 'Unbekannter Einstellungsbereich' });
export type Section = z.infer<typeof SectionParam>;

export const PatchBody = z.record(z.string(), z.unknown(), { error: 'Erwartet ein JSON-Objekt' });
/** Only the switches sent change (AutomationSchema.partial() would fill the rest with defaults). */
const optionalFlag = z.preprocess((v) => (v === 'all' ? true : v === 'false' ? false : v), z.boolean()).optional();
export const AutomationPatch = z.object(Object.fromEntries(Object.keys(AutomationSchema.shape).map((k) => [k, optionalFlag])) as Record<keyof typeof AutomationSchema.shape, typeof optionalFlag>).strict();

/** POST /api/shop/enable/{value}: the master switch plus the two creation switches of the wizard's last step. */
export const EnableParam = z.enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'Erwartet true oder false' }).transform((v) => ['true', '1', 'on'].includes(v));
export const EnableBody = z.object({
  invoiceCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).optional(),
  creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).optional(),
}).strict();
