import type { ShopState } from '../../state.js';
import { shopifyTime } from '../../time.js';
import type { Address, Customer } from './types.js';
import type { ScenarioPerson } from './scenarios.js';
import type { IdSource } from './build-lines.js';

export function buildAddress(p: ScenarioPerson): Address {
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    name: `${p.firstName} ${p.lastName}`,
    company: p.company ?? null,
    address1: p.address1,
    address2: null,
    city: p.city,
    zip: p.zip,
    province: null,
    province_code: null,
    country: p.country,
    country_code: p.countryCode,
    phone: p.phone ?? null,
    latitude: null,
    longitude: null,
  };
}

/**
 * Reuses the shop's customer with the same e-mail (or, for one without, the same phone), as Shopify
 * does for a returning buyer. A customer with neither is a new one each time.
 */
export function findOrCreateCustomer(shop: ShopState, p: ScenarioPerson, nextId: IdSource, now: Date): Customer {
  const key = p.email ? p.email.toLowerCase() : p.phone ? `phone:${p.phone}` : undefined;
  const existing = key ? shop.customers[key] : undefined;
  if (existing) return existing;
  const id = nextId();
  const at = shopifyTime(now);
  const customer: Customer = {
    id,
    admin_graphql_api_id: `gid://shopify/Customer/${id}`,
    email: p.email ?? null,
    first_name: p.firstName,
    last_name: p.lastName,
    phone: p.phone ?? null,
    created_at: at,
    updated_at: at,
    state: 'enabled',
    note: null,
    verified_email: true,
    tax_exempt: false,
    tax_exemptions: [],
    tags: '',
    currency: shop.currency,
    default_address: { ...buildAddress(p), id: nextId(), customer_id: id, default: true },
  };
  shop.customers[key ?? `id:${id}`] = customer;
  return customer;
}
