import {
  EU_VAT_ID_PATTERNS,
  findVatId,
  normalizeVatId,
  VAT_ID_PLACES,
  vatIdsInText,
  type FoundVatId,
  type ShopifyOrder,
  type VatIdPlace,
} from '@belegfluss/shared';

/** The German name of each place a VAT ID is looked for (contact preferences `vatIdPlaces`). */
export const VAT_ID_PLACE_LABELS: Record<VatIdPlace, string> = {
  'order-note': 'Bestellnotiz',
  'order-attributes': 'Zusätzliche Bestellangaben (Notizattribute)',
  'order-items': 'Artikeleigenschaften',
  'order-billing': 'Rechnungsadresse (Firma, Adresszusatz)',
  'order-shipping': 'Lieferadresse (Firma, Adresszusatz)',
  'order-tags': 'Bestell-Tags',
  'customer-note': 'Kundennotiz',
  'customer-tags': 'Kunden-Tags',
  'company-location': 'Firmenstandort (Shopify B2B)',
};

/** What the merchant pastes into the test dialog; each text lands where Shopify would carry it. */
export interface VatIdSample {
  note: string;
  attribute: string;
  company: string;
  companyLocation: string;
  /** The billing country (ISO code); an ID of that country wins over others, as in the worker. */
  country: string;
}

export const EMPTY_SAMPLE: VatIdSample = { note: '', attribute: '', company: '', companyLocation: '', country: 'DE' };

/** A minimal Shopify order carrying the sample, so the worker's own `findVatId` reads it. */
export function sampleOrder(sample: VatIdSample): ShopifyOrder {
  return {
    id: 0,
    name: '#Test',
    created_at: new Date(0).toISOString(),
    currency: 'EUR',
    total_price: '0.00',
    payment_gateway_names: [],
    tags: '',
    taxes_included: true,
    line_items: [],
    shipping_lines: [],
    refunds: [],
    note: sample.note || null,
    note_attributes: sample.attribute ? [{ name: 'USt-IdNr.', value: sample.attribute }] : [],
    billing_address: { company: sample.company || null, country_code: sample.country || null },
  } as ShopifyOrder;
}

// An EU prefix, then groups that each hold a digit ("ATU 123 456 7"): worth a format verdict.
const GROUP = '[0-9A-Z+*]*\\d[0-9A-Z+*]*';
const LOOKS_LIKE = new RegExp(
  `(?<![A-Z0-9])(?:${Object.keys(EU_VAT_ID_PATTERNS).join('|')})[ .\\-]?U?[ .\\-]?${GROUP}(?:[ .\\-]${GROUP})*`,
  'gi',
);

/** Look like VAT IDs, but the worker's detection finds no valid one in them. */
function invalidCandidates(text: string): string[] {
  return [...text.matchAll(LOOKS_LIKE)]
    .map((m) => m[0])
    .filter((c) => vatIdsInText(c).length === 0)
    .map(normalizeVatId);
}

export interface VatIdCheck {
  /** What the worker would take, with the saved places. */
  found: FoundVatId | null;
  /** Found only in a place that is switched off. */
  offPlace: FoundVatId | null;
  /** Look like VAT IDs but fail the format of their country. */
  invalid: string[];
  /** A German ID cannot make a delivery tax-free (the worker then asks for a foreign one). */
  domestic: boolean;
}

/** Runs the worker's detection on the sample with the saved places (`action=test-vatid`). */
export function checkVatIds(sample: VatIdSample, places: readonly VatIdPlace[]): VatIdCheck {
  const order = sampleOrder(sample);
  const sources = { companyLocationTaxId: sample.companyLocation || null };
  const found = findVatId(order, places, sources);
  const anywhere = found ? null : findVatId(order, VAT_ID_PLACES, sources);
  const texts = [sample.note, sample.attribute, sample.company, sample.companyLocation];
  return {
    found,
    offPlace: anywhere,
    invalid: [...new Set(texts.flatMap(invalidCandidates))],
    domestic: found?.country === 'DE',
  };
}

/** The German line for an ID whose format does not fit its country. */
export const invalidFormatMessage = (candidate: string) =>
  `„${candidate}“ sieht wie eine USt-IdNr. aus, hat aber kein gültiges Format für ${candidate.slice(0, 2)}.`;
