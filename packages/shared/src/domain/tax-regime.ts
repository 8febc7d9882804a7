import { orderTaxCents, type ShopifyOrder } from '../shopify-order';
import type { ContactPreferences } from '../preferences/contact';
import type { InvoicePreferences } from '../preferences/invoice';
import { LEGAL_NOTES } from '../preferences/texts';
import type { LexwareTaxType } from './lexware-types';
import { cents, ratePercent, sumOf } from './money';
import { destinationCountry, isB2B, itemExtras, orderExtras, splitTags } from './order-fields';
import { findVatId, isEuCountry, type VatIdSources } from './vat-id';
import type { VatIdVerdict } from './vat-id-check';

/** What Lexware's profile says about taxes (GET /v1/profile), plus the merchant's choice in the wizard. */
export interface TaxProfile {
  smallBusiness: boolean;
  distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION' | null;
  businessFeatures?: readonly string[];
  /** Wizard step 4: '0' small business, '1' German VAT only, 'oss' One-Stop-Shop. */
  vatRegime?: VatRegimeChoice | null;
}

export type VatRegimeChoice = '0' | '1' | 'oss';
export type TaxRegimeKind = 'smallBusiness' | 'germanVat' | 'oss' | 'intraCommunitySupply' | 'thirdCountry';

/** Plain data, so a workflow can hand it to an activity. */
export interface TaxRegime {
  kind: TaxRegimeKind;
  taxType: LexwareTaxType;
  taxSubType?: 'distanceSales';
  /** Every line carries 0 % (vatfree, intra-community, third country). */
  taxFree: boolean;
  country: string;
  vatId?: string;
  /** Rates (percent) Lexware accepts for this regime; others are mapped onto them. */
  allowedRates: number[];
  /** The standard rate, used for tips under the tip tax fix. */
  standardRate: number;
  /**
   * The rate for lines Shopify charged no tax on: an order sold tax-free to a buyer whose USt-IdNr. VIES did not
   * confirm is German VAT after all, and what the buyer paid is the gross amount.
   */
  untaxedRate?: number;
  /** Printed in the remark. */
  legalNote?: string;
  warnings: string[];
}

export type TaxRegimeProblem = 'MISSING_VAT-ID' | 'OSS_REQUIRES_XL';
export type TaxRegimeResult =
  { ok: true; regime: TaxRegime } | { ok: false; reason: TaxRegimeProblem; message: string };

export const GERMAN_RATES = [19, 7, 0] as const;

/** Standard VAT rates of the EU states (percent), for when an order carries no taxed line to read it from. */
export const EU_STANDARD_RATES: Record<string, number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/** Why an order sold tax-free to an EU business is invoiced with German VAT after all (the log and the mail say it). */
export const VAT_ID_VERDICT_WARNINGS = {
  invalid: 'VAT_ID_INVALID',
  unconfirmed: 'VAT_ID_UNCONFIRMED',
} as const;

export const REGIME_MESSAGES = {
  'MISSING_VAT-ID': 'Für eine steuerfreie innergemeinschaftliche Lieferung fehlt die USt-IdNr. des Kunden.',
  OSS_REQUIRES_XL: 'OSS erfordert Lexware Office XL',
} as const;

/** The rates Shopify charged on the order's lines, in percent. */
function chargedRates(order: ShopifyOrder): number[] {
  const rates = [...order.line_items.flatMap((l) => l.tax_lines), ...order.shipping_lines.flatMap((s) => s.tax_lines)]
    .filter((t) => cents(t.price) !== 0)
    .map((t) => ratePercent(t.rate));
  return [...new Set(rates)];
}

function taxCharged(order: ShopifyOrder): boolean {
  const lineTax = sumOf(
    [...order.line_items.flatMap((l) => l.tax_lines), ...order.shipping_lines.flatMap((s) => s.tax_lines)].map((t) =>
      cents(t.price),
    ),
  );
  return lineTax !== 0 || orderTaxCents(order) !== 0;
}

/** Whether the invoice shows net prices: asNet, b2bAsNet for businesses, tagsAsNet, or a shop that prices net. */
export function invoiceIsNet(
  order: ShopifyOrder,
  prefs: Pick<InvoicePreferences, 'asNet' | 'b2bAsNet' | 'tagsAsNet'>,
): boolean {
  if (prefs.asNet || !order.taxes_included) return true;
  if (prefs.b2bAsNet && isB2B(order)) return true;
  const tags = splitTags(order.tags);
  return prefs.tagsAsNet.some((t) => tags.includes(t));
}

export function hasXl(profile: Pick<TaxProfile, 'businessFeatures'>): boolean {
  return (profile.businessFeatures ?? []).includes('INVOICING_PRO');
}

/** The choice the wizard preselects from the profile. */
export function vatRegimeFromProfile(profile: TaxProfile): VatRegimeChoice {
  if (profile.smallBusiness) return '0';
  return profile.distanceSalesPrinciple === 'DESTINATION' ? 'oss' : '1';
}

/** Banners 'Konfiguration erforderlich': where the Lexware account contradicts the choice. */
export function vatRegimeWarnings(choice: VatRegimeChoice, profile: TaxProfile): string[] {
  const w: string[] = [];
  if (choice === '0' && !profile.smallBusiness)
    w.push('In Lexware Office ist die Kleinunternehmerregelung nicht aktiviert.');
  if (choice !== '0' && profile.smallBusiness) w.push('In Lexware Office ist die Kleinunternehmerregelung aktiviert.');
  if (choice === 'oss' && profile.distanceSalesPrinciple !== 'DESTINATION')
    w.push('In Lexware Office ist das Bestimmungslandprinzip (OSS) nicht eingestellt.');
  if (choice === '1' && profile.distanceSalesPrinciple === 'DESTINATION')
    w.push('In Lexware Office ist das Bestimmungslandprinzip (OSS) eingestellt.');
  if (choice === 'oss' && !hasXl(profile)) w.push(REGIME_MESSAGES.OSS_REQUIRES_XL);
  return w;
}

/**
 * The tax regime of an order's documents:
 * - small business (§19 UStG): vatfree with the legal note;
 * - delivery to a non-EU country: third-country delivery (or service when nothing ships), 0 %;
 * - EU abroad without tax charged: intra-community supply, which needs a foreign VAT ID that VIES confirmed
 *   (`verdict`; absent while not yet asked, e.g. in a preview); one VIES calls invalid, or that could not be
 *   confirmed in the merchant's wait, gives German VAT at the standard rate on what the buyer paid;
 * - EU abroad with tax charged and the DESTINATION principle: OSS at the destination's rates (XL only);
 * - everything else: German VAT at 19, 7 or 0 %.
 */
export function chooseTaxRegime(
  order: ShopifyOrder,
  profile: TaxProfile,
  prefs: Pick<InvoicePreferences, 'asNet' | 'b2bAsNet' | 'tagsAsNet'> & Pick<ContactPreferences, 'vatIdPlaces'>,
  sources: VatIdSources = {},
  verdict?: VatIdVerdict,
): TaxRegimeResult {
  const country = destinationCountry(order) ?? 'DE';
  const netOrGross: LexwareTaxType = invoiceIsNet(order, prefs) ? 'net' : 'gross';
  const charged = taxCharged(order);
  const rates = chargedRates(order);
  const smallBusiness = profile.vatRegime ? profile.vatRegime === '0' : profile.smallBusiness;
  const base = { country, warnings: [] as string[] };

  if (smallBusiness) {
    if (charged) base.warnings.push('TAX_CHARGED_IN_SMALL_BUSINESS');
    return {
      ok: true,
      regime: {
        ...base,
        kind: 'smallBusiness',
        taxType: 'vatfree',
        taxFree: true,
        allowedRates: [0],
        standardRate: 0,
        legalNote: LEGAL_NOTES.smallBusiness,
      },
    };
  }
  if (!isEuCountry(country)) {
    const ships = order.line_items.some((l) => itemExtras(l).requires_shipping);
    if (charged) base.warnings.push('TAX_CHARGED_FOR_THIRD_COUNTRY');
    return {
      ok: true,
      regime: {
        ...base,
        kind: 'thirdCountry',
        taxType: ships ? 'thirdPartyCountryDelivery' : 'thirdPartyCountryService',
        taxFree: true,
        allowedRates: [0],
        standardRate: 0,
        legalNote: ships ? LEGAL_NOTES.thirdCountryDelivery : LEGAL_NOTES.thirdCountryService,
      },
    };
  }
  if (country !== 'DE' && (!charged || orderExtras(order).tax_exempt)) {
    const found = findVatId(order, prefs.vatIdPlaces, sources);
    if (!found || found.country === 'DE')
      return { ok: false, reason: 'MISSING_VAT-ID', message: REGIME_MESSAGES['MISSING_VAT-ID'] };
    if (verdict === 'invalid' || verdict === 'unconfirmed')
      return {
        ok: true,
        regime: {
          ...base,
          // Gross: the buyer paid the net price, which now includes the tax; Lexware then keeps the total to the cent.
          kind: 'germanVat',
          taxType: 'gross',
          taxFree: false,
          vatId: found.vatId,
          allowedRates: [...GERMAN_RATES],
          standardRate: 19,
          untaxedRate: 19,
          warnings: [VAT_ID_VERDICT_WARNINGS[verdict]],
        },
      };
    return {
      ok: true,
      regime: {
        ...base,
        kind: 'intraCommunitySupply',
        taxType: 'intraCommunitySupply',
        taxFree: true,
        vatId: found.vatId,
        allowedRates: [0],
        standardRate: 0,
        legalNote: LEGAL_NOTES.intraCommunitySupply(found.vatId),
      },
    };
  }
  const oss = profile.vatRegime ? profile.vatRegime === 'oss' : profile.distanceSalesPrinciple === 'DESTINATION';
  if (country !== 'DE' && oss) {
    if (!hasXl(profile)) return { ok: false, reason: 'OSS_REQUIRES_XL', message: REGIME_MESSAGES.OSS_REQUIRES_XL };
    const standard = Math.max(...rates, 0) || EU_STANDARD_RATES[country] || 19;
    return {
      ok: true,
      regime: {
        ...base,
        kind: 'oss',
        taxType: netOrGross,
        taxSubType: 'distanceSales',
        taxFree: false,
        allowedRates: [...new Set([...rates, standard, 0])].sort((a, b) => b - a),
        standardRate: standard,
      },
    };
  }
  if (rates.some((r) => !(GERMAN_RATES as readonly number[]).includes(r))) base.warnings.push('FOREIGN_RATES_MAPPED');
  return {
    ok: true,
    regime: {
      ...base,
      kind: 'germanVat',
      taxType: netOrGross,
      taxFree: false,
      allowedRates: [...GERMAN_RATES],
      standardRate: 19,
    },
  };
}

/**
 * The Lexware rate for a line Shopify taxed at `shopifyPercent`. Tax-free regimes print 0 %;
 * German VAT maps foreign rates onto 19 (the order's highest rate) or 7 (a lower one).
 */
export function regimeRate(regime: TaxRegime, shopifyPercent: number, highestCharged?: number): number {
  if (regime.taxFree) return 0;
  if (shopifyPercent === 0 && regime.untaxedRate !== undefined) return regime.untaxedRate;
  if (regime.allowedRates.includes(shopifyPercent)) return shopifyPercent;
  if (shopifyPercent === 0) return 0;
  if (regime.kind === 'germanVat') return highestCharged !== undefined && shopifyPercent < highestCharged ? 7 : 19;
  return shopifyPercent;
}
