// Everything here is pure and deterministic: it is imported by workflow code,
// the gateway and the front ends alike. Node-only helpers live in ./config.
export * from './plans';
export * from './shopify-order';
export * from './reasons';
export * from './domain/has-happened';
export * from './domain/invoice-draft';
export * from './domain/invoice-decision';
export * from './domain/contact-draft';
export * from './shop-view';
