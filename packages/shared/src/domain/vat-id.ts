import type { ShopifyOrder } from '../shopify-order';
import type { VatIdPlace } from '../preferences/vat-id-places';
import { customerExtras, itemExtras, orderExtras } from './order-fields';

/** EU member states (country codes as Shopify writes them). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export function isEuCountry(code: string | null | undefined): boolean {
  return (EU_COUNTRIES as readonly string[]).includes((code ?? '').toUpperCase());
}

/**
 * The format of each EU VAT ID (USt-IdNr.), prefix included, as the EU's VIES service checks it.
 * Greece uses the prefix EL; Northern Ireland's XI counts for goods.
 */
export const EU_VAT_ID_PATTERNS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The country a VAT ID belongs to, in Shopify's spelling (EL → GR). */
export function vatIdCountry(vatId: string): string {
  const prefix = vatId.slice(0, 2).toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
}

/** Upper case without spaces, dots and dashes: "atu 123.456-78" → "ATU12345678". */
export function normalizeVatId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '');
}

export function isValidVatId(raw: string): boolean {
  const id = normalizeVatId(raw);
  return EU_VAT_ID_PATTERNS[id.slice(0, 2)]?.test(id) ?? false;
}

// A candidate: a known prefix followed by the characters an ID may hold, separators allowed inside.
const CANDIDATE = new RegExp(
  `(?<![A-Z0-9])(${Object.keys(EU_VAT_ID_PATTERNS).join('|')})[ .\\-]?U?[ .\\-]?[0-9A-Z+*]([0-9A-Z+* .\\-]*[0-9A-Z])?`,
  'gi',
);

/** Every valid VAT ID in a free text, e.g. "USt-IdNr.: ATU 123 456 78" or "ATU12345678 oder DE123456789". */
export function vatIdsInText(text: string | null | undefined): string[] {
  if (!text) return [];
  const found: string[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    // Try the longest run first, then shorter prefixes, so trailing words don't spoil a match.
    const compact = normalizeVatId(m[0]);
    for (let len = compact.length; len >= 4; len--) {
      const candidate = compact.slice(0, len);
      if (isValidVatId(candidate)) {
        found.push(candidate);
        break;
      }
    }
    // A run may hold more than one ID ("… oder DE…"), or start with a word that only looks
    // like a prefix ("DE oder ATU…"): look again from the run's next word on.
    const nextWord = m[0].slice(1).search(/(?<=[^A-Za-z0-9])[A-Za-z]/);
    if (nextWord >= 0) found.push(...vatIdsInText(m[0].slice(nextWord + 1)));
  }
  return [...new Set(found)];
}

export interface VatIdSources {
  /** From GraphQL: the B2B company location's tax registration id (Shopify Plus, read_companies). */
  companyLocationTaxId?: string | null;
}

export interface FoundVatId {
  vatId: string;
  place: VatIdPlace;
  country: string;
}

/**
 * Looks for the customer's VAT ID in the places the contact settings name, in that order.
 * An ID whose country matches the billing country wins over others.
 */
export function findVatId(
  order: ShopifyOrder,
  places: readonly VatIdPlace[],
  sources: VatIdSources = {},
): FoundVatId | null {
  const x = orderExtras(order);
  const c = customerExtras(order);
  const textsFor = (place: VatIdPlace): Array<string | null | undefined> => {
    switch (place) {
      case 'order-note':
        return [order.note];
      case 'order-attributes':
        return x.note_attributes.map((a) => `${String(a.value ?? '')}`);
      case 'order-items':
        return order.line_items.flatMap((i) => itemExtras(i).properties.map((p) => String(p.value ?? '')));
      case 'order-billing':
        return [order.billing_address?.company, order.billing_address?.address2];
      case 'order-shipping':
        return [order.shipping_address?.company, order.shipping_address?.address2];
      case 'order-tags':
        return order.tags.split(',');
      case 'customer-note':
        return [c.note];
      case 'customer-tags':
        return c.tags.split(',');
      case 'company-location':
        return [sources.companyLocationTaxId];
    }
  };
  const billingCountry = (
    order.billing_address?.country_code ??
    order.shipping_address?.country_code ??
    ''
  ).toUpperCase();
  const all: FoundVatId[] = [];
  for (const place of places) {
    for (const text of textsFor(place)) {
      for (const vatId of vatIdsInText(text)) all.push({ vatId, place, country: vatIdCountry(vatId) });
    }
  }
  return all.find((f) => f.country === billingCountry) ?? all[0] ?? null;
}
