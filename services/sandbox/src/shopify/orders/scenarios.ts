/**
 * The order scenarios the specs need. Each is plain data; builder.ts turns it into Shopify's
 * order JSON. Prices are in cents and, as in a German shop, include tax unless `taxesIncluded` is false.
 */
export interface ScenarioItem {
  title: string;
  variantTitle?: string;
  sku: string;
  priceCents: number;
  quantity: number;
  /** 0.19 etc.; 0 or undefined with `taxable: false` means no tax line. */
  taxRate: number;
  taxable?: boolean;
  requiresShipping?: boolean;
  isTip?: boolean;
}

export interface ScenarioPerson {
  firstName: string;
  lastName: string;
  /** Shopify allows a customer without one (a POS or phone customer known by name or phone). */
  email?: string;
  company?: string;
  address1: string;
  zip: string;
  city: string;
  country: string;
  countryCode: string;
  phone?: string;
}

export interface Scenario {
  customer: ScenarioPerson | null;
  /** An order with a buyer's address but no customer record (a draft or API order without customer). */
  guest?: boolean;
  items: ScenarioItem[];
  shipping?: { title: string; priceCents: number; taxRate: number };
  discount?: { code: string; percent: number };
  gateway: string;
  paid: boolean;
  sourceName: string;
  tags: string[];
  note?: string;
  noteAttributes?: Array<{ name: string; value: string }>;
  taxesIncluded: boolean;
  taxExempt?: boolean;
  b2bCompany?: boolean;
  taxTitle: string;
  /** Applied right after creation, to make refund cases in one call. */
  refund?: 'full' | 'partial_items' | 'amount_only';
}

const max: ScenarioPerson = {
  firstName: 'Max',
  lastName: 'Mustermann',
  email: 'max.mustermann@example.com',
  address1: 'Hauptstraße 12',
  zip: '10115',
  city: 'Berlin',
  country: 'Germany',
  countryCode: 'DE',
  phone: '+49 30 1234567',
};

const shirt: ScenarioItem = {
  title: 'Bio-Baumwoll T-Shirt',
  variantTitle: 'M / Schwarz',
  sku: 'TS-BIO-M-BLK',
  priceCents: 2990,
  quantity: 2,
  taxRate: 0.19,
};
const mug: ScenarioItem = {
  title: 'Keramiktasse „Morgenkaffee“',
  sku: 'MUG-001',
  priceCents: 1250,
  quantity: 1,
  taxRate: 0.19,
};
const book: ScenarioItem = {
  title: 'Kochbuch „Saisonal kochen“',
  sku: 'BOOK-SK-01',
  priceCents: 2400,
  quantity: 1,
  taxRate: 0.07,
};
const dhl = { title: 'DHL Paket', priceCents: 490, taxRate: 0.19 };

const base: Scenario = {
  customer: max,
  items: [shirt, mug],
  shipping: dhl,
  discount: { code: 'WILLKOMMEN10', percent: 10 },
  gateway: 'manual',
  paid: false,
  sourceName: 'web',
  tags: [],
  taxesIncluded: true,
  taxTitle: 'DE MwSt',
};

export const SCENARIOS = {
  de_b2c: base,
  eu_b2b_vat: {
    ...base,
    customer: {
      firstName: 'Anna',
      lastName: 'Huber',
      email: 'einkauf@alpenhandel.example',
      company: 'Alpenhandel GmbH',
      address1: 'Mariahilfer Straße 45',
      zip: '1060',
      city: 'Wien',
      country: 'Austria',
      countryCode: 'AT',
    },
    items: [
      { ...shirt, quantity: 20, priceCents: 2513 },
      { ...mug, quantity: 24, priceCents: 1050 },
    ],
    discount: undefined,
    shipping: { title: 'Spedition', priceCents: 2500, taxRate: 0 },
    gateway: 'shopify_payments',
    paid: true,
    taxesIncluded: false,
    taxExempt: true,
    b2bCompany: true,
    noteAttributes: [{ name: 'vat_id', value: 'ATU12345678' }],
    note: 'USt-IdNr.: ATU12345678',
    taxTitle: 'AT USt',
  },
  eu_oss: {
    ...base,
    customer: {
      firstName: 'Camille',
      lastName: 'Dubois',
      email: 'camille.dubois@example.fr',
      address1: '12 Rue de la Paix',
      zip: '75002',
      city: 'Paris',
      country: 'France',
      countryCode: 'FR',
    },
    items: [
      { ...shirt, priceCents: 2990, taxRate: 0.2 },
      { ...book, taxRate: 0.055 },
    ],
    shipping: { title: 'DHL Europaket', priceCents: 1290, taxRate: 0.2 },
    discount: undefined,
    gateway: 'klarna',
    paid: true,
    taxTitle: 'FR TVA',
  },
  ch: {
    ...base,
    customer: {
      firstName: 'Luca',
      lastName: 'Meier',
      email: 'luca.meier@example.ch',
      address1: 'Bahnhofstrasse 7',
      zip: '8001',
      city: 'Zürich',
      country: 'Switzerland',
      countryCode: 'CH',
    },
    items: [
      { ...shirt, priceCents: 2513, taxRate: 0 },
      { ...mug, priceCents: 1050, taxRate: 0 },
    ],
    shipping: { title: 'DHL Paket International', priceCents: 1590, taxRate: 0 },
    discount: undefined,
    gateway: 'paypal',
    paid: true,
    taxTitle: 'CH',
  },
  pos: {
    ...base,
    customer: null,
    shipping: undefined,
    discount: undefined,
    gateway: 'cash',
    paid: true,
    sourceName: 'pos',
    items: [mug],
  },
  free: {
    ...base,
    items: [{ ...mug, title: 'Gratis-Probe', sku: 'SAMPLE-1', priceCents: 0 }],
    shipping: { ...dhl, priceCents: 0 },
    discount: undefined,
    gateway: '',
    paid: true,
  },
  tagged: { ...base, tags: ['Großhandel', 'kein-beleg'], gateway: 'paypal', paid: true },
  tip: {
    ...base,
    gateway: 'shopify_payments',
    paid: true,
    items: [
      shirt,
      {
        title: 'Trinkgeld',
        sku: '',
        priceCents: 500,
        quantity: 1,
        taxRate: 0,
        taxable: false,
        requiresShipping: false,
        isTip: true,
      },
    ],
  },
  multi_rate: { ...base, items: [shirt, book, mug], gateway: 'klarna_pay_later', paid: true },
  refund_full: { ...base, gateway: 'paypal', paid: true, refund: 'full' },
  refund_partial: { ...base, gateway: 'paypal', paid: true, refund: 'partial_items' },
  refund_amount: { ...base, gateway: 'paypal', paid: true, refund: 'amount_only' },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as [ScenarioName, ...ScenarioName[]];
