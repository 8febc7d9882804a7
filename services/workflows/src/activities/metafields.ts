import type { Db, SecretBox } from '@belegfluss/db';
import { documentsOfOrder, lexwareStore, writeLog } from '@belegfluss/db';
import {
  changedMetafields,
  hasShopifyScope,
  metafieldInputs,
  METAFIELD_SCOPES,
  readableEntries,
  type MetafieldReadEntry,
  type MetafieldValue,
  type MetafieldWriteEntry,
  type OrderDocuments,
  type ShopifyOrder,
} from '@belegfluss/shared';
import {
  isAccessDenied,
  MetafieldsUserError,
  orderMetafields,
  readMetafields,
  setMetafields,
  unlessNotConnected,
} from '@belegfluss/shopify';
import { documentNumber, type LexwareDeps } from '@belegfluss/lexware';
import { lexwareOf, shopifyOf } from './clients';
import type { ShopifyDeps } from './paid';
import { loadShopContext } from './context';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';

/** lexware: to learn a document's number, which Lexware names only after the create, when a metafield shows it. */
export interface MetafieldDeps {
  db: Db;
  box: SecretBox;
  shopify: ShopifyDeps;
  appUrl: string;
  lexware?: LexwareDeps;
}

export type MetafieldWriteOutcome = 'written' | 'unchanged' | 'disabled' | 'MISSING_SCOPE' | 'REJECTED';

const orderGid = (order: ShopifyOrder) => order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;

/** Null for a shop Shopify no longer lets us reach: its metafields are left alone, the documents are made anyway. */
const shopClient = (d: MetafieldDeps, shopId: string) =>
  shopifyOf(d.db, d.box, d.shopify, shopId).catch(unlessNotConnected);

function missingScope(
  d: MetafieldDeps,
  shopId: string,
  order: ShopifyOrder,
  event: 'metafields.read.failed' | 'metafields.write.failed',
  body: Record<string, unknown>,
) {
  return writeLog(d.db, {
    shopId,
    origin: 'shopify',
    event,
    status: 'warning',
    orderId: String(order.id),
    orderName: order.name,
    body: { reason: 'MISSING_SCOPE', ...body },
  });
}

/**
 * The read entries' values for an order's document texts (`{METAFIELD.ORDER.CUSTOM.KEY}`).
 * An entry whose scope is missing is left out and logged as MISSING_SCOPE; the document is made anyway.
 */
export async function readOrderMetafields(
  d: MetafieldDeps,
  shopId: string,
  order: ShopifyOrder,
  entries: readonly MetafieldReadEntry[],
): Promise<MetafieldValue[]> {
  if (entries.length === 0) return [];
  const shop = await shopClient(d, shopId);
  if (!shop) return [];
  const { allowed, missing } = readableEntries(entries, shop.scopes);
  for (const m of missing)
    await missingScope(d, shopId, order, 'metafields.read.failed', { scope: m.scope, ...m.entry });
  if (allowed.length === 0) return [];
  try {
    return await readMetafields(shop.graphql, orderGid(order), allowed);
  } catch (error) {
    if (!isAccessDenied(error)) throw error;
    await missingScope(d, shopId, order, 'metafields.read.failed', { message: (error as Error).message });
    return [];
  }
}

/** The values that carry a document's number: `*_number` and the JSON ones, which include it. */
const showsNumber = (e: MetafieldWriteEntry) => /_number$|_json$/.test(e.value);

/** The order's documents in the order they were made; the contact is the one of the latest invoice. */
async function orderDocuments(
  d: MetafieldDeps,
  shopId: string,
  orderId: string,
  withNumbers: boolean,
): Promise<OrderDocuments> {
  const made = (await documentsOfOrder(d.db, shopId, orderId)).filter((r) => r.lexwareId !== null);
  if (withNumbers && d.lexware) {
    const api = lexwareOf(d.db, d.box, d.lexware, shopId);
    for (const r of made)
      r.number = await documentNumber(lexwareStore(d.db, d.box), api, { ...r, lexwareId: r.lexwareId! });
  }
  const doc = (r: (typeof made)[number]) => ({
    lexwareId: r.lexwareId!,
    number: r.number,
    title: r.title,
    pdfToken: r.pdfToken,
  });
  const invoices = made.filter((r) => r.type === 'invoice');
  return {
    contactId: invoices.at(-1)?.contactId ?? null,
    invoices: invoices.map(doc),
    credits: made.filter((r) => r.type === 'credit').map(doc),
  };
}

/**
 * Writes the configured document values to the order with metafieldsSet. What the order
 * already carries is read first and only differences are written, so a duplicate event,
 * an activity retry or a restarted worker never writes twice.
 */
export async function writeOrderMetafields(
  d: MetafieldDeps,
  shopId: string,
  order: ShopifyOrder,
  entries: readonly MetafieldWriteEntry[],
): Promise<MetafieldWriteOutcome> {
  if (entries.length === 0) return 'disabled';
  const shop = await shopClient(d, shopId);
  if (!shop || !hasShopifyScope(shop.scopes, METAFIELD_SCOPES.write)) {
    await missingScope(d, shopId, order, 'metafields.write.failed', { scope: METAFIELD_SCOPES.write });
    return 'MISSING_SCOPE';
  }
  const ownerId = orderGid(order);
  const inputs = metafieldInputs(
    entries,
    await orderDocuments(d, shopId, String(order.id), entries.some(showsNumber)),
    { ownerId, appUrl: d.appUrl },
  );
  try {
    const changed = changedMetafields(inputs, await orderMetafields(shop.graphql, ownerId, inputs));
    if (changed.length === 0) return 'unchanged';
    await setMetafields(shop.graphql, changed);
    await writeLog(d.db, {
      shopId,
      origin: 'shopify',
      event: 'metafields.written',
      status: 'success',
      orderId: String(order.id),
      orderName: order.name,
      body: { keys: changed.map((m) => `${m.namespace}.${m.key}`) },
    });
    return 'written';
  } catch (error) {
    if (isAccessDenied(error)) {
      await missingScope(d, shopId, order, 'metafields.write.failed', {
        scope: METAFIELD_SCOPES.write,
        message: (error as Error).message,
      });
      return 'MISSING_SCOPE';
    }
    if (!(error instanceof MetafieldsUserError)) throw error;
    await writeLog(d.db, {
      shopId,
      origin: 'shopify',
      event: 'metafields.write.failed',
      status: 'warning',
      orderId: String(order.id),
      orderName: order.name,
      body: { message: error.userErrors.map((e) => e.message).join('; ') },
    });
    return 'REJECTED';
  }
}

/** The order's document values written to its metafields. */
export function createMetafieldActivities(
  deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>,
) {
  const { db, box, shopify, appUrl } = deps;
  const { lexware } = lexwareAccess(deps);
  return {
    async writeOrderMetafields(shopId: string, order: ShopifyOrder) {
      const { metafields } = await loadShopContext(db, shopId);
      return writeOrderMetafields({ db, box, shopify, appUrl, lexware }, shopId, order, metafields?.write ?? []);
    },
  };
}
