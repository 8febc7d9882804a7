import { z } from 'zod';
import { MESSAGES } from './messages';

/** Where a read entry comes from. */
export const METAFIELD_RESOURCES = ['shop', 'order', 'customer', 'company', 'product', 'variant'] as const;
export type MetafieldResource = (typeof METAFIELD_RESOURCES)[number];

/** The values the app can write to an order. */
export const WRITABLE_METAFIELDS = [
  'contact_id',
  'invoice_number',
  'invoice_id',
  'invoice_title',
  'invoice_pdf_save',
  'invoice_pdf_view',
  'invoice_json',
  ...(['invoices', 'credits'] as const).flatMap((list) =>
    (['number', 'id', 'title', 'pdf_save', 'pdf_view', 'json'] as const).map((f) => `${list}_${f}` as const),
  ),
] as const;
export type WritableMetafield = (typeof WRITABLE_METAFIELDS)[number];

export const METAFIELD_LIMIT = 5;

/** Shopify metafield types the values are written as; lists are JSON arrays. */
export type MetafieldType = 'single_line_text_field' | 'url' | 'json';

export interface WritableMetafieldInfo {
  category: 'Kontakt' | 'Rechnung' | 'Rechnungen' | 'Gutschriften';
  label: string;
  type: MetafieldType;
  example: string;
}

const EXAMPLE_URL = 'https://app.belegfluss.de/documents/0f3c2a9be71d4c55a8e6b1d2c3f4a5b6';
const EXAMPLE_DOC = {
  number: 'RE0042',
  id: '8a1f2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  title: 'Rechnung #1042',
  pdf_save: `${EXAMPLE_URL}/download`,
  pdf_view: EXAMPLE_URL,
};
const field = {
  number: 'Nummer',
  id: 'ID',
  title: 'Titel',
  pdf_save: 'PDF-Download-Link',
  pdf_view: 'PDF-Ansicht-Link',
  json: 'alle Angaben als JSON',
} as const;

function single(f: keyof typeof field): Omit<WritableMetafieldInfo, 'category' | 'label'> {
  if (f === 'json') return { type: 'json', example: JSON.stringify(EXAMPLE_DOC) };
  return { type: f.startsWith('pdf') ? 'url' : 'single_line_text_field', example: EXAMPLE_DOC[f] };
}

function list(f: keyof typeof field): Omit<WritableMetafieldInfo, 'category' | 'label'> {
  return { type: 'json', example: JSON.stringify([f === 'json' ? EXAMPLE_DOC : EXAMPLE_DOC[f]]) };
}

/** Category, German label, Shopify type and an example for each writable value. */
export const WRITABLE_METAFIELD_INFO: Record<WritableMetafield, WritableMetafieldInfo> = Object.fromEntries(
  WRITABLE_METAFIELDS.map((id): [WritableMetafield, WritableMetafieldInfo] => {
    if (id === 'contact_id')
      return [
        id,
        {
          category: 'Kontakt',
          label: 'Kontakt-ID in Lexware Office',
          type: 'single_line_text_field',
          example: '5f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
        },
      ];
    const [group, ...rest] = id.split('_') as [string, ...string[]];
    const f = rest.join('_') as keyof typeof field;
    if (group === 'invoice') return [id, { category: 'Rechnung', label: `Rechnung: ${field[f]}`, ...single(f) }];
    const category = group === 'invoices' ? 'Rechnungen' : 'Gutschriften';
    return [id, { category, label: `${category}: ${field[f]} (Liste)`, ...list(f) }];
  }),
) as Record<WritableMetafield, WritableMetafieldInfo>;

/** Which Shopify scope a metafield entry needs; writing to the order needs write_orders. */
export const METAFIELD_SCOPES: Record<MetafieldResource | 'write', string> = {
  shop: 'read_orders',
  order: 'read_orders',
  customer: 'read_customers',
  // A B2B order's company (Shopify Plus).
  company: 'read_companies',
  product: 'read_products',
  variant: 'read_products',
  write: 'write_orders',
};

/** As in Shopify, a write scope includes its read scope. */
export const hasShopifyScope = (granted: readonly string[], scope: string): boolean =>
  granted.includes(scope) || (scope.startsWith('read_') && granted.includes(scope.replace('read_', 'write_')));

const namespace = z
  .string({ error: MESSAGES.notEmpty })
  .trim()
  .min(1, MESSAGES.notEmpty)
  .min(3, MESSAGES.min(3))
  .max(255, MESSAGES.max(255));
const key = z.string({ error: MESSAGES.notEmpty }).trim().min(1, MESSAGES.notEmpty).max(64, MESSAGES.max(64));

/** Drops repeated entries before the limit is counted (a duplicate read entry is ignored). */
const unique = (id: (e: Record<string, unknown>) => string) => (v: unknown) => {
  if (!Array.isArray(v)) return v;
  const seen = new Map<string, unknown>();
  for (const e of v) seen.set(e && typeof e === 'object' ? id(e as Record<string, unknown>) : JSON.stringify(e), e);
  return [...seen.values()];
};

export const MetafieldReadEntrySchema = z.object({ resource: z.enum(METAFIELD_RESOURCES), namespace, key });
export const MetafieldWriteEntrySchema = z.object({ value: z.enum(WRITABLE_METAFIELDS), namespace, key });
export type MetafieldReadEntry = z.infer<typeof MetafieldReadEntrySchema>;
export type MetafieldWriteEntry = z.infer<typeof MetafieldWriteEntrySchema>;

export const MetafieldPreferencesSchema = z.object({
  read: z
    .preprocess(
      unique((e) => `${String(e.resource)}.${String(e.namespace).trim()}.${String(e.key).trim()}`),
      z
        .array(MetafieldReadEntrySchema)
        .max(METAFIELD_LIMIT, `Du kannst maximal ${METAFIELD_LIMIT} Metafelder hinzufügen`),
    )
    .default([]),
  write: z
    .preprocess(
      unique((e) => String(e.value)),
      z
        .array(MetafieldWriteEntrySchema)
        .max(METAFIELD_LIMIT, `Du kannst maximal ${METAFIELD_LIMIT} Metafelder schreiben`)
        // Two values in one metafield would overwrite each other in the same metafieldsSet call.
        .superRefine((entries, ctx) =>
          entries.forEach((e, i) => {
            if (entries.findIndex((o) => o.namespace === e.namespace && o.key === e.key) < i) {
              ctx.addIssue({
                code: 'custom',
                path: [i, 'key'],
                message: `${e.namespace}.${e.key} wird schon für einen anderen Wert verwendet`,
              });
            }
          }),
        ),
    )
    .default([]),
});
export type MetafieldPreferences = z.infer<typeof MetafieldPreferencesSchema>;
