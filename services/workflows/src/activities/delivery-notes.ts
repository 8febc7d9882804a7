import type { Db } from '@belegfluss/db';
import { knownLexwareIds, writeLog } from '@belegfluss/db';
import type { LexwareClient, LexwareDeliveryNote } from '@belegfluss/lexware';
import {
  buildDeliveryNote,
  hasOrderReference,
  shippedFulfillments,
  type LexwareTaxType,
  type ShopifyOrder,
} from '@belegfluss/shared';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';
import { makeOnce, type Made } from './documents';

export type DeliveryNoteResult =
  | { outcome: 'created' | 'matched' | 'existing'; documentId: string; lexwareId: string; number: string | null }
  | { outcome: 'NOT_SHIPPED' };

/** Lexware takes these tax types on a delivery note; a tax-free one other than vatfree needs the contact. */
const DELIVERY_TAX_TYPES = new Set<LexwareTaxType>([
  'gross',
  'net',
  'vatfree',
  'intraCommunitySupply',
  'constructionService13b',
  'externalService13b',
  'thirdPartyCountryService',
  'thirdPartyCountryDelivery',
]);

function taxTypeFor(
  order: ShopifyOrder,
  regimeTaxType: LexwareTaxType | null,
  contactId: string | null,
): LexwareTaxType {
  const fallback = order.taxes_included ? 'gross' : 'net';
  if (!regimeTaxType || !DELIVERY_TAX_TYPES.has(regimeTaxType)) return fallback;
  if (!contactId && !['gross', 'net', 'vatfree'].includes(regimeTaxType)) return fallback;
  return regimeTaxType;
}

/** A delivery note has no amounts: what we keep of it is Lexware's copy without a total. */
const fromNote = (note: LexwareDeliveryNote): Made => ({
  id: note.id,
  voucherNumber: note.voucherNumber ?? null,
  voucherStatus: note.voucherStatus,
  total: null,
  voucherDate: note.voucherDate,
  title: note.title ?? null,
});

/** A crashed attempt may have made the delivery note without our record: find it by the order's reference and the shipment's name. */
async function findOrphan(
  db: Db,
  api: LexwareClient,
  shopId: string,
  order: ShopifyOrder,
  marker: string,
  day: string,
): Promise<LexwareDeliveryNote | undefined> {
  const list = await api.voucherList({
    voucherType: 'deliverynote',
    voucherStatus: 'draft,open,voided',
    voucherDateFrom: day,
    voucherDateTo: day,
    size: 250,
  });
  const known = await knownLexwareIds(db, shopId);
  for (const entry of list.content.filter((e) => !known.has(e.id))) {
    const note = await api.deliveryNote(entry.id);
    if (hasOrderReference(note.introduction, order) && note.introduction.includes(marker)) return note;
  }
  return undefined;
}

/**
 * One delivery note per Shopify fulfilment, exactly once (intent `delivery:{fulfillmentId}`), by the same
 * protocol as every other document of ours (makeOnce); only the orphan search is its own.
 */
export async function issueDeliveryNote(
  db: Db,
  api: LexwareClient,
  req: {
    shopId: string;
    order: ShopifyOrder;
    fulfillmentId: number;
    contactId: string | null;
    regimeTaxType: LexwareTaxType | null;
  },
): Promise<DeliveryNoteResult> {
  const { shopId, order } = req;
  const fulfillment = shippedFulfillments(order).find((f) => f.id === req.fulfillmentId);
  if (!fulfillment) return { outcome: 'NOT_SHIPPED' };
  const body = buildDeliveryNote(order, fulfillment, {
    contactId: req.contactId,
    taxType: taxTypeFor(order, req.regimeTaxType, req.contactId),
  });
  const marker = body.introduction;
  const once = await makeOnce(db, {
    shopId,
    type: 'delivery',
    intentKey: `delivery:${fulfillment.id}`,
    order,
    contactId: req.contactId,
    // Delivery notes cost no transfer.
    charged: false,
    findOrphan: async () => {
      const note = await findOrphan(db, api, shopId, order, marker, body.voucherDate.slice(0, 10));
      return note ? fromNote(note) : undefined;
    },
    create: async () => fromNote(await api.deliveryNote((await api.createDeliveryNote(body, true)).id)),
  });
  if (once.outcome === 'refused') throw new Error('A delivery note is never refused: it costs no transfer.');
  if (once.outcome === 'existing')
    return { outcome: 'existing', documentId: once.doc.id, lexwareId: once.doc.lexwareId!, number: once.doc.number };
  const { made: note, saved } = once;
  const matched = once.outcome === 'matched';
  await writeLog(db, {
    shopId,
    origin: 'delivery',
    event: matched ? 'delivery.matched' : 'delivery.created',
    status: 'success',
    orderId: String(order.id),
    orderName: order.name,
    ref: { delivery: note.id },
    body: {
      number: saved.number,
      fulfillment: fulfillment.name ?? String(fulfillment.id),
      items: body.lineItems.length,
    },
  });
  return { outcome: once.outcome, documentId: once.documentId, lexwareId: note.id, number: saved.number };
}

/** The delivery note of one shipment; the contact and tax type are the invoice's when it has one. */
export function createDeliveryNoteActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail'>) {
  const { clientFor, step } = lexwareAccess(deps);
  return {
    issueDeliveryNote: (
      shopId: string,
      order: ShopifyOrder,
      fulfillmentId: number,
      from: { contactId: string | null; taxType: LexwareTaxType | null },
    ) =>
      step(shopId, order, 'delivery', async () =>
        issueDeliveryNote(deps.db, await clientFor(shopId, order), {
          shopId,
          order,
          fulfillmentId,
          contactId: from.contactId,
          regimeTaxType: from.taxType,
        }),
      ),
  };
}
