import type { ShopifyOrder } from '../shopify-order';
import { orderReference } from './document-texts';
import { lexwareDate } from './lexware-date';
import type { LexwareInvoiceInput, LexwareTaxType } from './lexware-types';

/**
 * The body of `POST /v1/delivery-notes`: items with quantities and, as Lexware allows, no prices
 * (a delivery note says what left the warehouse, not what it costs).
 */
export interface LexwareDeliveryNoteInput {
  voucherDate: string;
  address: LexwareInvoiceInput['address'];
  lineItems: Array<
    | { type: 'custom'; name: string; description?: string; quantity: number; unitName: string }
    | { type: 'text'; name: string; description?: string }
  >;
  taxConditions: { taxType: LexwareTaxType };
  shippingConditions: { shippingType: 'delivery'; shippingDate: string };
  title: string;
  introduction: string;
  remark?: string;
}

/** One Shopify fulfilment (a shipment) as the order JSON carries it in `fulfillments[]`. */
export interface ShopifyFulfillment {
  id: number;
  name?: string;
  status?: string;
  created_at?: string;
  tracking_company?: string | null;
  tracking_number?: string | null;
  line_items: Array<{
    id: number;
    title?: string;
    name?: string;
    variant_title?: string | null;
    sku?: string | null;
    quantity: number;
  }>;
}

/** The order's shipments that went out (Shopify's `success`); cancelled or failed ones get no delivery note. */
export function shippedFulfillments(order: ShopifyOrder): ShopifyFulfillment[] {
  const list = (order as { fulfillments?: unknown }).fulfillments;
  if (!Array.isArray(list)) return [];
  return (list as ShopifyFulfillment[]).filter(
    (f) =>
      typeof f?.id === 'number' && f.status === 'success' && Array.isArray(f.line_items) && f.line_items.length > 0,
  );
}

/** The delivery note of one shipment: only its items, its date, and the order's reference for finding it again. */
export function buildDeliveryNote(
  order: ShopifyOrder,
  fulfillment: ShopifyFulfillment,
  opts: { contactId: string | null; taxType: LexwareTaxType },
): LexwareDeliveryNoteInput {
  const ship = order.shipping_address ?? order.billing_address;
  const name =
    [ship?.company, [ship?.first_name, ship?.last_name].filter(Boolean).join(' ')].filter(Boolean).join(', ') ||
    order.email ||
    order.name;
  const address: LexwareInvoiceInput['address'] = opts.contactId
    ? { contactId: opts.contactId }
    : {
        name,
        street: [ship?.address1, ship?.address2].filter(Boolean).join(' ') || undefined,
        zip: ship?.zip ?? undefined,
        city: ship?.city ?? undefined,
        countryCode: ship?.country_code ?? 'DE',
      };
  const shipped = fulfillment.created_at ?? order.updated_at ?? order.created_at;
  const tracking = [fulfillment.tracking_company, fulfillment.tracking_number].filter(Boolean).join(' ');
  return {
    voucherDate: lexwareDate(shipped),
    address,
    lineItems: fulfillment.line_items
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        type: 'custom' as const,
        name: [l.title ?? l.name ?? 'Artikel', l.variant_title].filter(Boolean).join(' – '),
        ...(l.sku ? { description: `Artikelnummer ${l.sku}` } : {}),
        quantity: l.quantity,
        unitName: 'Stück',
      })),
    taxConditions: { taxType: opts.taxType },
    shippingConditions: { shippingType: 'delivery', shippingDate: lexwareDate(shipped) },
    title: 'Lieferschein',
    introduction: `Lieferschein zur ${orderReference(order)}${fulfillment.name ? `, Sendung ${fulfillment.name}` : ''}`,
    ...(tracking ? { remark: `Versand mit ${tracking}` } : {}),
  };
}
