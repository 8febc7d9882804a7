import { esc } from '../../http/html.js';
import type { Organization, Voucher } from '../types.js';

type Json = Record<string, unknown>;

/** The sandbox organisation's fixed seller data; the PDF prints the same address. */
const SELLER = { street: 'Sandbox-Straße 1', zip: '10115', city: 'Berlin', countryCode: 'DE', vatId: 'DE123456789', iban: 'DE02120300000000202051', phone: '+49 30 123456' };

const amount = (v: unknown) => `currencyID="EUR">${Number(v ?? 0).toFixed(2)}`;
const category = (rate: number) => `<cac:TaxCategory><cbc:ID>${rate > 0 ? 'S' : 'Z'}</cbc:ID><cbc:Percent>${rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>`;

function postal(a: { street?: unknown; zip?: unknown; city?: unknown; countryCode?: unknown }): string {
  return `<cac:PostalAddress><cbc:StreetName>${esc(a.street)}</cbc:StreetName><cbc:CityName>${esc(a.city)}</cbc:CityName><cbc:PostalZone>${esc(a.zip)}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${esc(a.countryCode)}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`;
}

function line(item: Json, i: number, credit: boolean): string {
  const price = item.unitPrice as Json;
  const quantity = Number(item.quantity);
  const rate = Number(price.taxRatePercentage);
  const allowance = Math.round((quantity * Number(price.netAmount) - Number(item.lineItemAmount)) * 100) / 100;
  const tag = credit ? 'CreditNote' : 'Invoice';
  return `<cac:${tag}Line><cbc:ID>${i + 1}</cbc:ID><cbc:${credit ? 'Credited' : 'Invoiced'}Quantity unitCode="H87">${quantity}</cbc:${credit ? 'Credited' : 'Invoiced'}Quantity><cbc:LineExtensionAmount ${amount(item.lineItemAmount)}</cbc:LineExtensionAmount>${
    allowance > 0 ? `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason><cbc:Amount ${amount(allowance)}</cbc:Amount></cac:AllowanceCharge>` : ''
  }<cac:Item><cbc:Name>${esc(item.name)}</cbc:Name>${category(rate).replace(/TaxCategory/g, 'ClassifiedTaxCategory')}</cac:Item><cac:Price><cbc:PriceAmount ${amount(price.netAmount)}</cbc:PriceAmount></cac:Price></cac:${tag}Line>`;
}

/**
 * The XML of an XRechnung (UBL 2.1, XRechnung 3.0 CIUS) for a finalised net voucher whose contact has a
 * buyer reference: what `GET /v1/invoices/{id}/file` answers for `Accept: application/xml` or `*\/*`.
 */
export function renderXRechnung(org: Organization, v: Voucher): string {
  const j = v.json;
  const credit = v.kind === 'creditnote';
  const root = credit ? 'CreditNote' : 'Invoice';
  const address = (j.address ?? {}) as Json;
  const contact = v.contactId ? org.contacts[v.contactId] : undefined;
  const override = (j.xRechnung as Json | undefined)?.buyerReference;
  const buyerReference = typeof override === 'string' ? override : (contact?.xRechnung?.buyerReference ?? '');
  const tp = j.totalPrice as Json;
  const taxes = (j.taxAmounts as Json[]) ?? [];
  const items = ((j.lineItems as Json[]) ?? []).filter((l) => l.type !== 'text');
  const day = (d: unknown) => String(d ?? '').slice(0, 10);
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:${root} xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
<cbc:ID>${esc(v.voucherNumber)}</cbc:ID>
<cbc:IssueDate>${day(j.voucherDate)}</cbc:IssueDate>${j.dueDate ? `\n<cbc:DueDate>${day(j.dueDate)}</cbc:DueDate>` : ''}
<cbc:${root}TypeCode>${credit ? 381 : 380}</cbc:${root}TypeCode>${j.remark ? `\n<cbc:Note>${esc(j.remark)}</cbc:Note>` : ''}
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>${esc(buyerReference)}</cbc:BuyerReference>
<cac:AccountingSupplierParty><cac:Party>${contact?.xRechnung?.vendorNumberAtCustomer ? `<cac:PartyIdentification><cbc:ID>${esc(contact.xRechnung.vendorNumberAtCustomer)}</cbc:ID></cac:PartyIdentification>` : ''}${postal(SELLER)}<cac:PartyTaxScheme><cbc:CompanyID>${SELLER.vatId}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>${esc(org.profile.companyName)}</cbc:RegistrationName></cac:PartyLegalEntity><cac:Contact><cbc:Name>${esc(org.profile.userName)}</cbc:Name><cbc:Telephone>${SELLER.phone}</cbc:Telephone><cbc:ElectronicMail>${esc(org.profile.userEmail)}</cbc:ElectronicMail></cac:Contact></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party>${postal(address)}<cac:PartyLegalEntity><cbc:RegistrationName>${esc(address.name)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${SELLER.iban}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
<cac:TaxTotal><cbc:TaxAmount ${amount(tp.totalTaxAmount)}</cbc:TaxAmount>${taxes.map((t) => `<cac:TaxSubtotal><cbc:TaxableAmount ${amount(t.netAmount)}</cbc:TaxableAmount><cbc:TaxAmount ${amount(t.taxAmount)}</cbc:TaxAmount>${category(Number(t.taxRatePercentage))}</cac:TaxSubtotal>`).join('')}</cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount ${amount(tp.totalNetAmount)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount ${amount(tp.totalNetAmount)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount ${amount(tp.totalGrossAmount)}</cbc:TaxInclusiveAmount><cbc:PayableAmount ${amount(tp.totalGrossAmount)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${items.map((item, i) => line(item, i, credit)).join('\n')}
</ubl:${root}>
`;
}
