import type { ShopState } from '../../state.js';
import type { ShopifyOrder } from '../orders/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { metafieldFields } from './metafield-fields.js';

type Json = Record<string, unknown>;

/** The VAT ID a B2B buyer gave; the company location carries it in Shopify's tax settings. */
function vatId(o: ShopifyOrder): string | null {
  return o.note_attributes.find((a) => /vat|ust/i.test(a.name))?.value ?? null;
}

function locationNode(o: ShopifyOrder): Json {
  const company = o.company!;
  const a = o.billing_address;
  const address = a
    ? {
        address1: a.address1 ?? '',
        city: a.city,
        zip: a.zip,
        countryCode: a.country_code ?? 'DE',
        companyName: a.company ?? '',
      }
    : null;
  const taxRegistrationId = vatId(o);
  return {
    id: `gid://shopify/CompanyLocation/${company.location_id}`,
    name: a?.city ?? 'Hauptsitz',
    externalId: null,
    note: null,
    createdAt: o.created_at,
    billingAddress: address,
    shippingAddress: address,
    taxSettings: { taxRegistrationId, taxExempt: o.tax_exempt, taxExemptions: [] },
    taxRegistrationId,
  };
}

/** Companies as Shopify B2B (Plus) shows them: one per company that ordered, with its location and orders. */
export function companyNodes(shop: ShopState): Json[] {
  const byId = new Map<number, ShopifyOrder[]>();
  for (const o of Object.values(shop.orders))
    if (o.company) byId.set(o.company.id, [...(byId.get(o.company.id) ?? []), o]);
  return [...byId.values()].map((orders) => {
    const first = orders[0]!;
    const locations = [...new Map(orders.map((o) => [o.company!.location_id, locationNode(o)])).values()];
    return {
      __typename: 'Company',
      id: `gid://shopify/Company/${first.company!.id}`,
      name: first.billing_address?.company ?? 'Firma',
      externalId: null,
      note: null,
      createdAt: first.created_at,
      updatedAt: orders.at(-1)!.updated_at,
      ordersCount: { count: orders.length, precision: 'EXACT' },
      ...metafieldFields(shop, `gid://shopify/Company/${first.company!.id}`),
      locations: (args: ConnectionArgs) => connection(locations, args),
    };
  });
}

/** Order.purchasingEntity: the company and location for a B2B order, otherwise the customer. */
export function purchasingEntity(shop: ShopState, o: ShopifyOrder, customer: Json | null): Json | null {
  if (!o.company) return customer ? { __typename: 'Customer', ...customer } : null;
  const company = companyNodes(shop).find((c) => c.id === `gid://shopify/Company/${o.company!.id}`);
  return { __typename: 'PurchasingCompany', company, location: locationNode(o) };
}
