/** Where the VAT ID of a B2B order may be read, in the order the merchant's list tries them. */
export const VAT_ID_PLACES = [
  'order-note',
  'order-attributes',
  'order-items',
  'order-billing',
  'order-shipping',
  'order-tags',
  'customer-note',
  'customer-tags',
  'company-location',
] as const;
export type VatIdPlace = (typeof VAT_ID_PLACES)[number];
