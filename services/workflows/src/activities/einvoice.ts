import {
  decideEInvoice,
  LEITWEG_METAFIELD_RESOURCE,
  leitwegIdOfOrder,
  type ContactPreferences,
  type EInvoiceDecision,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { readOrderMetafields, type MetafieldDeps } from './metafields';

/**
 * The e-invoice decision of an order's invoice: reads the buyer's Leitweg-ID where the contact
 * settings say (a customer's or a B2B company's metafield over the Admin API, or the order's note or note attribute) and judges it.
 * A missing read scope is logged by readOrderMetafields and counts as no Leitweg-ID.
 */
export async function resolveEInvoice(
  d: MetafieldDeps,
  shopId: string,
  order: ShopifyOrder,
  prefs: ContactPreferences,
): Promise<EInvoiceDecision> {
  let raw = leitwegIdOfOrder(order, prefs);
  if (prefs.leitwegSource === 'customer-metafield' || prefs.leitwegSource === 'company-metafield') {
    const resource = LEITWEG_METAFIELD_RESOURCE[prefs.leitwegSource];
    const [found] =
      resource === 'customer' && !order.customer
        ? []
        : await readOrderMetafields(d, shopId, order, [
            { resource, namespace: prefs.leitwegNamespace, key: prefs.leitwegKey },
          ]);
    raw = found?.value || null;
  }
  return decideEInvoice(order, prefs, raw);
}
