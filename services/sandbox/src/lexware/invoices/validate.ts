import { notAllowed, notNull, type Violation } from '../errors.js';
import type { Organization, VoucherKind } from '../types.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const TAX_TYPES = [
  'net',
  'gross',
  'vatfree',
  'intraCommunitySupply',
  'constructionService13b',
  'externalService13b',
  'thirdPartyCountryService',
  'thirdPartyCountryDelivery',
  'photovoltaicEquipment',
];
const TAX_FREE = new Set(TAX_TYPES.filter((t) => !['net', 'gross'].includes(t)));
const SHIPPING_TYPES = ['service', 'serviceperiod', 'delivery', 'deliveryperiod', 'none'];
const GERMAN_RATES = new Set([0, 5, 7, 16, 19]);
const MAX_LINE_ITEMS = 300;

function validateLineItems(
  items: unknown,
  taxType: string,
  distanceSales: boolean,
  kind: VoucherKind,
  out: Violation[],
): void {
  if (!Array.isArray(items) || items.length === 0) {
    out.push(notNull('lineItems'));
    return;
  }
  if (items.length > MAX_LINE_ITEMS)
    out.push({
      violation: 'SIZE',
      field: 'lineItems',
      message: `Es sind höchstens ${MAX_LINE_ITEMS} Positionen erlaubt`,
    });
  items.forEach((item: unknown, i) => {
    const f = `lineItems[${i}]`;
    if (!isObj(item)) return out.push(notNull(f));
    const type = item.type;
    if (!['custom', 'text', 'material', 'service'].includes(String(type)))
      return out.push(notAllowed(`${f}.type`, 'Unbekannter Positionstyp'));
    if (typeof item.name !== 'string' || item.name.trim() === '') out.push(notNull(`${f}.name`));
    if (type === 'text') return;
    if (!isNum(item.quantity)) out.push(notNull(`${f}.quantity`));
    if (typeof item.unitName !== 'string' || item.unitName === '') out.push(notNull(`${f}.unitName`));
    if (item.discountPercentage !== undefined && kind === 'creditnote')
      out.push(notAllowed(`${f}.discountPercentage`, 'Rabatte sind in Gutschriften nicht erlaubt'));
    if (isNum(item.discountPercentage) && (item.discountPercentage < 0 || item.discountPercentage > 100))
      out.push(notAllowed(`${f}.discountPercentage`, 'muss zwischen 0 und 100 liegen'));
    const price = item.unitPrice;
    if (!isObj(price)) return out.push(notNull(`${f}.unitPrice`));
    if (price.currency !== 'EUR') out.push(notAllowed(`${f}.unitPrice.currency`, 'Nur EUR ist erlaubt'));
    const amountField = taxType === 'gross' ? 'grossAmount' : 'netAmount';
    if (!isNum(price[amountField])) out.push(notNull(`${f}.unitPrice.${amountField}`));
    const rate = price.taxRatePercentage;
    if (!isNum(rate)) return out.push(notNull(`${f}.unitPrice.taxRatePercentage`));
    if (TAX_FREE.has(taxType) && rate !== 0)
      out.push(notAllowed(`${f}.unitPrice.taxRatePercentage`, `Für taxType ${taxType} ist nur 0 % erlaubt`));
    else if (!TAX_FREE.has(taxType) && !distanceSales && !GERMAN_RATES.has(rate))
      out.push(notAllowed(`${f}.unitPrice.taxRatePercentage`, `Der Steuersatz ${rate} % ist nicht erlaubt`));
    else if (distanceSales && (rate < 0 || rate > 27))
      out.push(notAllowed(`${f}.unitPrice.taxRatePercentage`, `Der Steuersatz ${rate} % ist nicht erlaubt`));
  });
}

export function validateAddress(address: unknown, org: Organization, out: Violation[]): string | undefined {
  if (!isObj(address)) {
    out.push(notNull('address'));
    return undefined;
  }
  if (typeof address.contactId === 'string') {
    if (!org.contacts[address.contactId]) out.push(notAllowed('address.contactId', 'Kontakt existiert nicht'));
    return address.contactId;
  }
  if (typeof address.name !== 'string' || address.name === '') out.push(notNull('address.name'));
  if (typeof address.countryCode !== 'string' || !/^[A-Z]{2}$/.test(address.countryCode))
    out.push(notNull('address.countryCode'));
  return undefined;
}

export function validateShipping(sc: unknown, out: Violation[]): void {
  if (!isObj(sc)) return void out.push(notNull('shippingConditions'));
  const type = String(sc.shippingType);
  if (!SHIPPING_TYPES.includes(type)) return void out.push(notNull('shippingConditions.shippingType'));
  if (type !== 'none' && typeof sc.shippingDate !== 'string') out.push(notNull('shippingConditions.shippingDate'));
  if (type.endsWith('period') && typeof sc.shippingEndDate !== 'string')
    out.push(notNull('shippingConditions.shippingEndDate'));
}

/**
 * Payment conditions are optional (Lexware then applies the organisation's or the contact's default); when sent,
 * the term is a whole number of days (the documented type) and the label a text. The label template is read-only,
 * and a write must not carry read-only fields.
 */
export function validatePayment(pc: unknown, out: Violation[]): void {
  if (pc === undefined || pc === null) return;
  if (!isObj(pc)) return void out.push(notAllowed('paymentConditions', 'Ungültige Zahlungsbedingungen'));
  const days = pc.paymentTermDuration;
  if (days !== undefined && days !== null && !(isNum(days) && Number.isInteger(days)))
    out.push(notAllowed('paymentConditions.paymentTermDuration', 'Zahlungsziel in ganzen Tagen'));
  if (pc.paymentTermLabel !== undefined && pc.paymentTermLabel !== null && typeof pc.paymentTermLabel !== 'string')
    out.push(notAllowed('paymentConditions.paymentTermLabel', 'Text erwartet'));
  if (pc.paymentTermLabelTemplate !== undefined)
    out.push(notAllowed('paymentConditions.paymentTermLabelTemplate', 'Nur lesbar'));
}

/** The checks Lexware runs on a new invoice or credit note, reported as one 406 with every violation. */
export function validateVoucher(kind: VoucherKind, body: unknown, org: Organization): Violation[] {
  const out: Violation[] = [];
  if (!isObj(body)) return [notNull('voucher')];
  if (typeof body.voucherDate !== 'string' || Number.isNaN(Date.parse(body.voucherDate)))
    out.push(notNull('voucherDate'));
  const contactId = validateAddress(body.address, org, out);
  const tc = body.taxConditions;
  let taxType = 'net';
  let distanceSales = false;
  if (!isObj(tc) || !TAX_TYPES.includes(String(tc.taxType))) out.push(notNull('taxConditions.taxType'));
  else {
    taxType = String(tc.taxType);
    if (tc.taxSubType !== undefined && tc.taxSubType !== null) {
      if (!['distanceSales', 'electronicServices'].includes(String(tc.taxSubType)))
        out.push(notAllowed('taxConditions.taxSubType', 'Unbekannter taxSubType'));
      else if (taxType !== 'net' && taxType !== 'gross')
        out.push(notAllowed('taxConditions.taxSubType', 'taxSubType ist nur bei net oder gross erlaubt'));
      else distanceSales = true;
    }
    if (TAX_FREE.has(taxType) && taxType !== 'vatfree' && !contactId)
      out.push(notAllowed('address.contactId', `Für taxType ${taxType} ist ein Kontakt (contactId) nötig`));
  }
  if (org.profile.smallBusiness && isObj(tc) && tc.taxType !== 'vatfree')
    out.push(notAllowed('taxConditions.taxType', 'Kleinunternehmer dürfen nur vatfree verwenden'));
  validateLineItems(body.lineItems, taxType, distanceSales, kind, out);
  const tp = body.totalPrice;
  if (!isObj(tp) || tp.currency !== 'EUR') out.push(notNull('totalPrice.currency'));
  if (kind === 'invoice') {
    validateShipping(body.shippingConditions, out);
    validatePayment(body.paymentConditions, out);
  } else if (body.shippingConditions !== undefined)
    out.push(notAllowed('shippingConditions', 'Gutschriften haben keine Lieferbedingungen'));
  if (typeof body.title === 'string' && body.title.length > 255) out.push(notAllowed('title', 'zu lang'));
  return out;
}
