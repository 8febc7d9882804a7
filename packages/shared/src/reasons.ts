/** Reason codes, used in the event log and as non-retryable failure types. */
export const SKIP_REASONS = [
  'WAIT',
  'SKIP_POS',
  'SKIP_FREE',
  'SKIP_TAG',
  'SKIP_DATE',
  'TOO_OLD',
  'INVALID_CURRENCY',
  'MISSING_CUSTOMER',
  'MISSING_CUSTOMER_EMAIL',
  'MISSING_ADDRESS',
  'DUPLICATE_ORDER',
] as const;
export const DISABLED_REASONS = [
  'DISABLED',
  'NOT_CONNECTED',
  'DISABLED_INVOICE_CREATE',
  'DISABLED_CREDIT_CREATE',
] as const;
export const PROCESSED_REASONS = ['UNCHANGED', 'EXISTING', 'RECEIPT_NOT_FOUND'] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];
export type DisabledReason = (typeof DISABLED_REASONS)[number];
export type ProcessedReason = (typeof PROCESSED_REASONS)[number];
/*
 * NO_CREDITS (no transfers left) keeps the name it was first stored under: event-log rows, the order workflows'
 * recorded activity results and waitingFor (a search attribute support filters by) hold it, and the log
 * catalogue reads those rows by it. Everything else says transfers.
 */
export type ReasonCode =
  SkipReason | DisabledReason | ProcessedReason | 'NO_CREDITS' | 'MISSING_VAT-ID' | 'MISSING_SCOPE';

export const LOG_ORIGINS = [
  'shop',
  'lexoffice',
  'shopify',
  'order',
  'webhook',
  'contact',
  'transaction',
  'invoice',
  'credit',
  'delivery',
  'mail',
] as const;
export type LogOrigin = (typeof LOG_ORIGINS)[number];
export const LOG_STATUSES = ['info', 'success', 'warning', 'critical'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** The toast for an unexpected failure, word for word; the gateway answers a 500 with it too. */
export const UNKNOWN_ERROR_MESSAGE = 'Unbekannter Fehler aufgetreten';
