import type { Invoice } from '@e-invoice-eu/core';
import type { Organization, Voucher } from '../types.js';
import { conformingInvoiceService } from './cii.js';
import { renderVoucherPdf } from './pdf.js';

type Json = Record<string, unknown>;

/** The sandbox organisation's fixed seller data; the PDF prints the same address. */
const SELLER = {
  street: 'Sandbox-Straße 1',
  zip: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  iban: 'DE02120300000000202051',
  phone: '+49 30 123456',
};

const money = (v: unknown) => Number(v ?? 0).toFixed(2);
const day = (d: unknown) => String(d ?? '').slice(0, 10);
const category = (rate: number) => (rate > 0 ? 'S' : 'Z');

/** What the voucher's profile makes of it: which e-invoice Lexware issues, if any. */
export const isXRechnung = (v: Voucher) => v.json.electronicDocumentProfile === 'XRechnung';
export const isZugferd = (v: Voucher) => v.json.electronicDocumentProfile === 'EN16931';

/**
 * The voucher in EN 16931 terms (the library's UBL-shaped internal format), from the same numbers Lexware
 * shows in its JSON: line net amounts, the tax breakdown per rate and the totals. A credit note is an
 * invoice of type 381, as EN 16931 allows in both syntaxes.
 */
function invoiceData(org: Organization, v: Voucher, buyerReference: string | undefined): Invoice {
  const j = v.json;
  const address = (j.address ?? {}) as Json;
  const contact = v.contactId ? org.contacts[v.contactId] : undefined;
  const tp = j.totalPrice as Json;
  const taxes = (j.taxAmounts as Json[]) ?? [];
  const items = ((j.lineItems as Json[]) ?? []).filter((l) => l.type !== 'text');
  const vendorNumber = contact?.xRechnung?.vendorNumberAtCustomer;
  const eur = 'EUR' as const;
  const lines = items.map(invoiceLine);
  const data = {
    'ubl:Invoice': {
      'cbc:ID': String(v.voucherNumber),
      'cbc:IssueDate': day(j.voucherDate),
      ...(j.dueDate ? { 'cbc:DueDate': day(j.dueDate) } : {}),
      'cbc:InvoiceTypeCode': v.kind === 'creditnote' ? '381' : '380',
      ...(j.remark ? { 'cbc:Note': [String(j.remark)] } : {}),
      'cbc:DocumentCurrencyCode': eur,
      ...(buyerReference ? { 'cbc:BuyerReference': buyerReference } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': org.profile.userEmail,
          'cbc:EndpointID@schemeID': 'EM',
          ...(vendorNumber ? { 'cac:PartyIdentification': [{ 'cbc:ID': vendorNumber }] } : {}),
          'cac:PostalAddress': {
            'cbc:StreetName': SELLER.street,
            'cbc:CityName': SELLER.city,
            'cbc:PostalZone': SELLER.zip,
            'cac:Country': { 'cbc:IdentificationCode': SELLER.countryCode },
          },
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': SELLER.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': org.profile.companyName },
          'cac:Contact': {
            'cbc:Name': org.profile.userName,
            'cbc:Telephone': SELLER.phone,
            'cbc:ElectronicMail': org.profile.userEmail,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID':
            contact?.emailAddresses?.business?.[0] ?? contact?.emailAddresses?.private?.[0] ?? org.profile.userEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            ...(address.street ? { 'cbc:StreetName': String(address.street) } : {}),
            ...(address.city ? { 'cbc:CityName': String(address.city) } : {}),
            ...(address.zip ? { 'cbc:PostalZone': String(address.zip) } : {}),
            'cac:Country': { 'cbc:IdentificationCode': String(address.countryCode ?? 'DE') },
          },
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': String(address.name ?? '') },
        },
      },
      // The delivery date (BT-72): Lexware's shipping date, else the voucher date.
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': day((j.shippingConditions as Json | undefined)?.shippingDate ?? j.voucherDate),
      },
      ...(v.kind === 'invoice'
        ? {
            'cac:PaymentMeans': [
              { 'cbc:PaymentMeansCode': '58', 'cac:PayeeFinancialAccount': { 'cbc:ID': SELLER.iban } },
            ],
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(tp.totalTaxAmount),
          'cbc:TaxAmount@currencyID': eur,
          'cac:TaxSubtotal': taxes.map((t) => ({
            'cbc:TaxableAmount': money(t.netAmount),
            'cbc:TaxableAmount@currencyID': eur,
            'cbc:TaxAmount': money(t.taxAmount),
            'cbc:TaxAmount@currencyID': eur,
            'cac:TaxCategory': {
              'cbc:ID': category(Number(t.taxRatePercentage)),
              'cbc:Percent': String(t.taxRatePercentage),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(lines.reduce((a, l) => a + Number(l['cbc:LineExtensionAmount']), 0)),
        'cbc:LineExtensionAmount@currencyID': eur,
        'cbc:TaxExclusiveAmount': money(tp.totalNetAmount),
        'cbc:TaxExclusiveAmount@currencyID': eur,
        'cbc:TaxInclusiveAmount': money(tp.totalGrossAmount),
        'cbc:TaxInclusiveAmount@currencyID': eur,
        ...(discountOf(lines, tp) > 0
          ? { 'cbc:AllowanceTotalAmount': money(discountOf(lines, tp)), 'cbc:AllowanceTotalAmount@currencyID': eur }
          : {}),
        'cbc:PayableAmount': money(tp.totalGrossAmount),
        'cbc:PayableAmount@currencyID': eur,
      },
      ...(discountOf(lines, tp) > 0 ? { 'cac:AllowanceCharge': allowancesPerRate(j) } : {}),
      'cac:InvoiceLine': lines,
    },
  };
  return data as unknown as Invoice;
}

/** One of the voucher's lines as an EN 16931 invoice line, a discount on it as the line's allowance. */
function invoiceLine(item: Json, i: number) {
  const eur = 'EUR' as const;
  const price = item.unitPrice as Json;
  const quantity = Number(item.quantity);
  const rate = Number(price.taxRatePercentage);
  const allowance = Math.round((quantity * Number(price.netAmount) - Number(item.lineItemAmount)) * 100) / 100;
  return {
    'cbc:ID': String(i + 1),
    'cbc:InvoicedQuantity': String(quantity),
    'cbc:InvoicedQuantity@unitCode': 'H87',
    'cbc:LineExtensionAmount': money(item.lineItemAmount),
    'cbc:LineExtensionAmount@currencyID': eur,
    ...(allowance > 0
      ? {
          'cac:AllowanceCharge': [
            {
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReason': 'Rabatt',
              'cbc:Amount': money(allowance),
              'cbc:Amount@currencyID': eur,
            },
          ],
        }
      : {}),
    'cac:Item': {
      'cbc:Name': String(item.name),
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': category(rate),
        'cbc:Percent': String(rate),
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    },
    'cac:Price': { 'cbc:PriceAmount': money(price.netAmount), 'cbc:PriceAmount@currencyID': eur },
  };
}

/** A total discount (Lexware's totalDiscountAbsolute/Percentage) is a document-level allowance in EN 16931. */
function discountOf(lines: Json[], tp: Json): number {
  return (
    Math.round(
      (lines.reduce((a, l) => a + Number(l['cbc:LineExtensionAmount']), 0) - Number(tp.totalNetAmount)) * 100,
    ) / 100
  );
}

/** The document allowance split per tax rate, as Lexware spreads it (line sum per rate minus the rate's net). */
function allowancesPerRate(j: Json): Json[] {
  const perRate = new Map<number, number>();
  for (const item of ((j.lineItems as Json[]) ?? []).filter((l) => l.type !== 'text')) {
    const rate = Number((item.unitPrice as Json).taxRatePercentage);
    perRate.set(rate, (perRate.get(rate) ?? 0) + Number(item.lineItemAmount));
  }
  return ((j.taxAmounts as Json[]) ?? []).flatMap((t) => {
    const rate = Number(t.taxRatePercentage);
    const amount = Math.round(((perRate.get(rate) ?? 0) - Number(t.netAmount)) * 100) / 100;
    return amount > 0
      ? [
          {
            'cbc:ChargeIndicator': 'false',
            'cbc:AllowanceChargeReason': 'Rabatt',
            'cbc:Amount': money(amount),
            'cbc:Amount@currencyID': 'EUR',
            'cac:TaxCategory': {
              'cbc:ID': category(rate),
              'cbc:Percent': String(rate),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          },
        ]
      : [];
  });
}

function buyerReferenceOf(org: Organization, v: Voucher): string | undefined {
  const override = (v.json.xRechnung as Json | undefined)?.buyerReference;
  const contact = v.contactId ? org.contacts[v.contactId] : undefined;
  const ref = typeof override === 'string' ? override : contact?.xRechnung?.buyerReference;
  return ref || undefined;
}

/**
 * The XML of an XRechnung (CII, XRechnung 3.0 CIUS) for a finalised net voucher whose contact has a buyer
 * reference: what `GET /v1/invoices/{id}/file` answers for `Accept: application/xml` or `*\/*`.
 */
export async function renderXRechnung(org: Organization, v: Voucher): Promise<string> {
  const out = await conformingInvoiceService().generate(invoiceData(org, v, buyerReferenceOf(org, v)), {
    format: 'XRECHNUNG-CII',
    lang: 'de-de',
  });
  return typeof out === 'string' ? out : Buffer.from(out).toString('utf8');
}

/**
 * The voucher's PDF as Lexware hands it out: a ZUGFeRD (EN 16931) voucher is a PDF/A-3 with its CII XML
 * embedded as factur-x.xml; any other is the plain PDF (for an XRechnung, only a preview).
 */
export async function renderVoucherFile(org: Organization, v: Voucher): Promise<Buffer> {
  const pdf = await renderVoucherPdf(org, v);
  if (!isZugferd(v)) return pdf;
  const name = `${v.kind === 'invoice' ? 'Rechnung' : 'Gutschrift'}_${v.voucherNumber ?? v.id}.pdf`;
  const out = await conformingInvoiceService().generate(invoiceData(org, v, buyerReferenceOf(org, v)), {
    format: 'Factur-X-EN16931',
    lang: 'de-de',
    pdf: { buffer: pdf, filename: name, mimetype: 'application/pdf' },
  });
  return Buffer.from(out as Uint8Array);
}
