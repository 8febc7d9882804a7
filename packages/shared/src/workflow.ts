// What workflow code runs from this package, and nothing more. Each workflow evaluates the modules it imports
// anew in its own sandboxed context, so every schema built here costs CPU and memory per workflow: the full
// index (every screen's request schemas) cost an order workflow about 60 ms of CPU to start.
// Workflow code imports values from here; types may still come from the index (they are erased).
export { ShopifyOrderSchema } from './shopify-order';
export { ShopifyRefundSchema } from './domain/refund-types';
export {
  exchangeAmounts,
  exchangeIntentKey,
  exchangeOrder,
  isExchange,
  refundReturnId,
  ShopifyReturnSchema,
  withoutExchanges,
} from './domain/exchange';
export { planInvoice } from './domain/plan-invoice';
export { decideInvoice } from './domain/invoice-decision';
export { decideCreditNote } from './domain/credit-decision';
export { defaultRegime } from './domain/invoice-draft';
export { shippedFulfillments } from './domain/delivery-note';
export { lastClosedMonth } from './domain/completeness-audit';
export { daysBetween } from './domain/import-range';
export { afterViesUnavailable } from './domain/vat-id-check';
export {
  addCoverage,
  correctionIntentKey,
  orderCoverage,
  orderEditRecord,
  planOrderCorrection,
  sameThings,
  unexplainedLines,
} from './domain/order-corrections';
export { formatEuro } from './domain/money';
export { refundGrossCents } from './domain/credit-note';
