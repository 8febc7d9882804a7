/** Request bodies shared by the Lexware tests. */
export const date = '2025-10-01T00:00:00.000+02:00';

export function grossInvoice(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    voucherDate: date,
    address: { name: 'Max Mustermann', street: 'Hauptstraße 12', zip: '10115', city: 'Berlin', countryCode: 'DE' },
    lineItems: [
      {
        type: 'custom',
        name: 'Bio-Baumwoll T-Shirt',
        quantity: 2,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 29.9, taxRatePercentage: 19 },
        discountPercentage: 10,
      },
      {
        type: 'custom',
        name: 'Kochbuch',
        quantity: 1,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 24, taxRatePercentage: 7 },
      },
      {
        type: 'custom',
        name: 'Versand',
        quantity: 1,
        unitName: 'pauschal',
        unitPrice: { currency: 'EUR', grossAmount: 4.9, taxRatePercentage: 19 },
      },
      { type: 'text', name: 'Danke für Ihren Einkauf', description: 'Bestellung #1001' },
    ],
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: 'gross' },
    shippingConditions: { shippingType: 'delivery', shippingDate: date },
    title: 'Rechnung #1001',
    ...extra,
  };
}

export function netInvoice(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...grossInvoice(),
    lineItems: [
      {
        type: 'custom',
        name: 'Beratung',
        quantity: 3,
        unitName: 'Stunde',
        unitPrice: { currency: 'EUR', netAmount: 33.33, taxRatePercentage: 19 },
      },
      {
        type: 'custom',
        name: 'Buch',
        quantity: 1,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', netAmount: 10.05, taxRatePercentage: 7 },
      },
    ],
    taxConditions: { taxType: 'net' },
    ...extra,
  };
}

export const person = {
  version: 0,
  roles: { customer: {} },
  person: { salutation: 'Herr', firstName: 'Max', lastName: 'Mustermann' },
  addresses: { billing: [{ street: 'Hauptstraße 12', zip: '10115', city: 'Berlin', countryCode: 'DE' }] },
  emailAddresses: { private: ['max.mustermann@example.com'] },
};
