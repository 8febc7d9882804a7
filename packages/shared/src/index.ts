// Everything here is pure and deterministic: it is imported by workflow code,
// the gateway and the front ends alike. Node-only helpers live in ./config.
export * from './plans';
export * from './shopify-order';
export * from './reasons';
export * from './preferences';
export * from './domain/has-happened';
export * from './domain/invoice-draft';
export * from './domain/invoice-decision';
export * from './domain/contact-draft';
export * from './domain/money';
export * from './domain/lexware-totals';
export * from './domain/order-fields';
export * from './domain/refund-types';
export * from './domain/templates';
export * from './domain/vat-id';
export * from './domain/tax-regime';
export * from './domain/invoice-dates';
export * from './domain/positions';
export * from './domain/order-positions';
export * from './domain/document-texts';
export * from './domain/credit-note';
export * from './domain/credit-decision';
export * from './domain/order-balance';
export * from './domain/credits-state';
export * from './shop-view';
