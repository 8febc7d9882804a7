import {
  hasShopifyScope,
  METAFIELD_SCOPES,
  WRITABLE_METAFIELD_INFO,
  type MetafieldReadEntry,
  type MetafieldType,
  type MetafieldWriteEntry,
  type WritableMetafield,
} from '../preferences/metafields';

/** One of the order's documents as the metafields show it. */
export interface MetafieldDocument {
  lexwareId: string;
  number: string | null;
  title: string | null;
  pdfToken: string | null;
}

export interface OrderDocuments {
  contactId: string | null;
  invoices: readonly MetafieldDocument[];
  credits: readonly MetafieldDocument[];
}

/** One entry of `metafieldsSet(metafields: [MetafieldsSetInput!]!)`. */
export interface MetafieldsSetInput {
  ownerId: string;
  namespace: string;
  key: string;
  type: MetafieldType;
  value: string;
}

/** The token links: `{pdf}` opens the PDF, `{pdf}/download` saves it. */
export function documentLinks(appUrl: string, pdfToken: string): { view: string; save: string } {
  const view = `${appUrl.replace(/\/$/, '')}/documents/${pdfToken}`;
  return { view, save: `${view}/download` };
}

type Field = 'number' | 'id' | 'title' | 'pdf_save' | 'pdf_view' | 'json';

function fieldOf(doc: MetafieldDocument, field: Field, appUrl: string): string | Record<string, string | null> | null {
  const links = doc.pdfToken ? documentLinks(appUrl, doc.pdfToken) : null;
  switch (field) {
    case 'number':
      return doc.number;
    case 'id':
      return doc.lexwareId;
    case 'title':
      return doc.title;
    case 'pdf_save':
      return links?.save ?? null;
    case 'pdf_view':
      return links?.view ?? null;
    case 'json':
      return {
        number: doc.number,
        id: doc.lexwareId,
        title: doc.title,
        pdf_save: links?.save ?? null,
        pdf_view: links?.view ?? null,
      };
  }
}

/** The text Shopify stores for one writable value, or null while there is nothing to write yet. */
export function metafieldValue(value: WritableMetafield, docs: OrderDocuments, appUrl: string): string | null {
  if (value === 'contact_id') return docs.contactId;
  const [group, ...rest] = value.split('_') as [string, ...string[]];
  const field = rest.join('_') as Field;
  if (group === 'invoice') {
    const latest = docs.invoices.at(-1);
    const v = latest ? fieldOf(latest, field, appUrl) : null;
    return v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
  }
  const list = group === 'invoices' ? docs.invoices : docs.credits;
  if (list.length === 0) return null;
  return JSON.stringify(list.map((d) => fieldOf(d, field, appUrl)).filter((v) => v !== null));
}

/**
 * The `metafieldsSet` input for an order: one entry per configured value that has
 * something to say. The same documents always give the same input, so writing it
 * again changes nothing.
 */
export function metafieldInputs(
  entries: readonly MetafieldWriteEntry[],
  docs: OrderDocuments,
  o: { ownerId: string; appUrl: string },
): MetafieldsSetInput[] {
  return entries.flatMap((e) => {
    const value = metafieldValue(e.value, docs, o.appUrl);
    return value === null || value === ''
      ? []
      : [
          {
            ownerId: o.ownerId,
            namespace: e.namespace,
            key: e.key,
            type: WRITABLE_METAFIELD_INFO[e.value].type,
            value,
          },
        ];
  });
}

/** Only what differs from what the order already carries: a repeat writes nothing. */
export function changedMetafields(
  inputs: readonly MetafieldsSetInput[],
  current: readonly { namespace: string; key: string; value: string }[],
): MetafieldsSetInput[] {
  return inputs.filter((i) => current.find((c) => c.namespace === i.namespace && c.key === i.key)?.value !== i.value);
}

/** Splits read entries into those the granted scopes allow and those that need another scope. */
export function readableEntries(
  entries: readonly MetafieldReadEntry[],
  scopes: readonly string[],
): { allowed: MetafieldReadEntry[]; missing: { entry: MetafieldReadEntry; scope: string }[] } {
  const allowed: MetafieldReadEntry[] = [];
  const missing: { entry: MetafieldReadEntry; scope: string }[] = [];
  for (const entry of entries) {
    const scope = METAFIELD_SCOPES[entry.resource];
    if (hasShopifyScope(scopes, scope)) allowed.push(entry);
    else missing.push({ entry, scope });
  }
  return { allowed, missing };
}
