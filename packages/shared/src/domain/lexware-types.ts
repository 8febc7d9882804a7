/** The body of `POST /v1/invoices`, as far as we write it (api-notes, "Invoices"). */
export interface LexwareUnitPrice {
  currency: 'EUR';
  netAmount?: number;
  grossAmount?: number;
  taxRatePercentage: number;
}

export type LexwareLineItem =
  | {
      type: 'custom';
      name: string;
      description?: string;
      quantity: number;
      unitName: string;
      unitPrice: LexwareUnitPrice;
      discountPercentage?: number;
    }
  | { type: 'text'; name: string; description?: string };

export type LexwareTaxType =
  | 'net'
  | 'gross'
  | 'vatfree'
  | 'intraCommunitySupply'
  | 'constructionService13b'
  | 'externalService13b'
  | 'thirdPartyCountryService'
  | 'thirdPartyCountryDelivery'
  | 'photovoltaicEquipment';

export interface LexwareInvoiceInput {
  voucherDate: string;
  address: { contactId: string } | { name: string; street?: string; zip?: string; city?: string; countryCode: string };
  lineItems: LexwareLineItem[];
  totalPrice: { currency: 'EUR' };
  taxConditions: { taxType: LexwareTaxType; taxSubType?: 'distanceSales' | 'electronicServices' };
  shippingConditions: {
    shippingType: 'service' | 'serviceperiod' | 'delivery' | 'deliveryperiod' | 'none';
    shippingDate?: string;
    shippingEndDate?: string;
  };
  /** Omitted, Lexware applies the organisation's (or the contact's) default payment condition. */
  paymentConditions?: { paymentTermLabel: string; paymentTermDuration: number };
  /** The print layout (GET /v1/print-layouts); without it Lexware prints with the organisation's default. */
  printLayoutId?: string;
  title?: string;
  introduction?: string;
  remark?: string;
}

export interface LexwareContactInput {
  version: number;
  roles: { customer: Record<string, never> | { number?: number } };
  person?: { salutation?: string; firstName?: string; lastName: string };
  company?: {
    name: string;
    taxNumber?: string;
    vatRegistrationId?: string;
    allowTaxFreeInvoices?: boolean;
    contactPersons?: Array<{
      salutation?: string;
      firstName?: string;
      lastName: string;
      emailAddress?: string;
      phoneNumber?: string;
    }>;
  };
  addresses?: { billing?: AddressEntry[]; shipping?: AddressEntry[] };
  emailAddresses?: { business?: string[]; office?: string[]; private?: string[]; other?: string[] };
  phoneNumbers?: {
    business?: string[];
    office?: string[];
    mobile?: string[];
    private?: string[];
    fax?: string[];
    other?: string[];
  };
  note?: string;
  /** An XRechnung contact: the buyer's Leitweg-ID and our supplier number at the buyer (both required together). */
  xRechnung?: { buyerReference: string; vendorNumberAtCustomer: string };
}

export interface AddressEntry {
  supplement?: string;
  street?: string;
  zip?: string;
  city?: string;
  countryCode: string;
}

/** The body of `POST /v1/credit-notes`: an invoice without shipping conditions or line discounts. */
export type LexwareCreditNoteInput = Omit<LexwareInvoiceInput, 'shippingConditions' | 'paymentConditions'>;
