import type { ShopifyOrder } from '../shopify-order';
import type { LexofficeContactInput } from './lexoffice-types';

/** A Lexware contact for the order's customer: a company when the billing address names one. */
export function buildContactDraft(order: ShopifyOrder): LexofficeContactInput {
  const address = order.billing_address ?? order.shipping_address;
  const email = order.customer?.email ?? order.email ?? undefined;
  const firstName = address?.first_name ?? order.customer?.first_name ?? undefined;
  const lastName = address?.last_name ?? order.customer?.last_name ?? 'Unbekannt';
  const entry = address?.country_code
    ? [{
        ...(address.address2 ? { supplement: address.address2 } : {}),
        ...(address.address1 ? { street: address.address1 } : {}),
        ...(address.zip ? { zip: address.zip } : {}),
        ...(address.city ? { city: address.city } : {}),
        countryCode: address.country_code,
      }]
    : undefined;
  return {
    version: 0,
    roles: { customer: {} },
    ...(address?.company
      ? { company: { name: address.company } }
      : { person: { ...(firstName ? { firstName } : {}), lastName } }),
    ...(entry ? { addresses: { billing: entry } } : {}),
    ...(email ? { emailAddresses: { private: [email] } } : {}),
  };
}
