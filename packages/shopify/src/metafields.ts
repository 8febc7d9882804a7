import type { MetafieldReadEntry, MetafieldsSetInput, MetafieldValue } from '@belegfluss/shared';
import { ShopifyGraphqlError, type AdminClient } from './admin';
import { ADMIN_DOCUMENTS, orderMetafieldsQuery, readMetafieldsQuery } from './documents';

/** Shopify refused a metafieldsSet; nothing was written (the mutation is atomic). */
export class MetafieldsUserError extends Error {
  constructor(readonly userErrors: { field?: string[] | null; message: string; code?: string | null }[]) {
    super(`metafieldsSet: ${userErrors.map((e) => `${(e.field ?? []).join('.')}: ${e.message}`).join('; ')}`);
    this.name = 'MetafieldsUserError';
  }
}

/** Shopify answered ACCESS_DENIED: the app lacks a scope (the token's scopes changed since install). */
export const isAccessDenied = (error: unknown): boolean =>
  error instanceof ShopifyGraphqlError &&
  Array.isArray(error.errors) &&
  error.errors.some((e: { extensions?: { code?: string } }) => e.extensions?.code === 'ACCESS_DENIED');

/** `metafieldsSet`: up to 25 entries, atomic, and an upsert per owner, namespace and key. */
export async function setMetafields(graphql: AdminClient, metafields: readonly MetafieldsSetInput[]): Promise<void> {
  if (metafields.length === 0) return;
  const data = await graphql<{
    metafieldsSet: { userErrors: { field: string[] | null; message: string; code: string | null }[] };
  }>(ADMIN_DOCUMENTS.MetafieldsSet, { metafields });
  if (data.metafieldsSet.userErrors.length > 0) throw new MetafieldsUserError(data.metafieldsSet.userErrors);
}

type Wanted = { namespace: string; key: string };

type Found = { value: string } | null;

/** The current values of some of the order's own metafields. */
export async function orderMetafields(
  graphql: AdminClient,
  orderId: string,
  wanted: readonly Wanted[],
): Promise<{ namespace: string; key: string; value: string }[]> {
  if (wanted.length === 0) return [];
  const list = wanted.map((w, i) => ({ ...w, alias: `m${i}` }));
  const { query, variables } = orderMetafieldsQuery(orderId, list);
  const data = await graphql<{ order: Record<string, Found> | null }>(query, variables);
  return list.flatMap((w) => {
    const found = data.order?.[w.alias];
    return found ? [{ namespace: w.namespace, key: w.key, value: found.value }] : [];
  });
}

/**
 * Reads the configured metafields of the shop, the order, its customer and the products
 * and variants of its line items in one query. Products and variants can differ per line:
 * their distinct values are joined with ", ".
 */
export async function readMetafields(
  graphql: AdminClient,
  orderId: string,
  entries: readonly MetafieldReadEntry[],
): Promise<MetafieldValue[]> {
  if (entries.length === 0) return [];
  const list = entries.map((e, i) => ({ ...e, alias: `m${i}` }));
  const { query, variables } = readMetafieldsQuery(orderId, list);
  type Owner = Record<string, Found>;
  const data = await graphql<{
    shop?: Owner;
    order?:
      | (Owner & {
          customer?: Owner | null;
          purchasingEntity?: { company?: Owner | null } | null;
          lineItems?: { nodes: { product?: Owner | null; variant?: Owner | null }[] };
        })
      | null;
  }>(query, variables);
  return list.flatMap((e): MetafieldValue[] => {
    let values: string[] = [];
    if (e.resource === 'shop') values = [data.shop?.[e.alias]?.value ?? ''];
    if (e.resource === 'order') values = [data.order?.[e.alias]?.value ?? ''];
    if (e.resource === 'customer') values = [data.order?.customer?.[e.alias]?.value ?? ''];
    if (e.resource === 'company') values = [data.order?.purchasingEntity?.company?.[e.alias]?.value ?? ''];
    if (e.resource === 'product')
      values = (data.order?.lineItems?.nodes ?? []).map((n) => n.product?.[e.alias]?.value ?? '');
    if (e.resource === 'variant')
      values = (data.order?.lineItems?.nodes ?? []).map((n) => n.variant?.[e.alias]?.value ?? '');
    const value = [...new Set(values.filter(Boolean))].join(', ');
    return value ? [{ resource: e.resource, namespace: e.namespace, key: e.key, value }] : [];
  });
}
