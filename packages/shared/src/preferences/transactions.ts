import { z } from 'zod';
import type { PAYMENT_GATEWAYS } from './messages';

const flag = z.preprocess((v) => (v === 'all' ? true : v === 'false' ? false : v), z.boolean()).default(false);

/** The names the screens show for the gateways the specs know. */
export const GATEWAY_LABELS: Record<(typeof PAYMENT_GATEWAYS)[number], string> = {
  shopify_payments: 'Shopify Payments',
  paypal: 'PayPal',
  klarna: 'Klarna',
  klarna_pay_later: 'Klarna Rechnung',
  manual: 'Manuelle Zahlung',
  bogus: 'Testzahlung (Bogus)',
  ebay: 'eBay',
};

/** Lexware imports PayPal on its own; a second booking would count every payment twice. */
export const UNSELECTABLE_GATEWAYS = ['paypal'] as const;

/**
 * Gateways that are off until the merchant turns them on: manual payments arrive in the
 * merchant's own bank account, which Lexware already imports.
 */
export const GATEWAYS_OFF_BY_DEFAULT = ['manual'] as const;

/** Bank transactions: the create switch, hints, fees and a create flag per gateway. */
export const TransactionPreferencesSchema = z.object({
  transactionCreate: flag,
  transactionHints: flag,
  transactionFees: flag,
  transactionGateway: z
    .record(z.string().regex(/^[a-z0-9_-]{1,64}$/i, 'Ungültiges Zahlungsmittel'), z.boolean())
    .default({})
    .refine((map) => !map.paypal, { message: 'PayPal kann für Umsätze nicht gewählt werden', path: ['paypal'] }),
});
export type TransactionPreferences = z.infer<typeof TransactionPreferencesSchema>;

export const DEFAULT_TRANSACTION_PREFERENCES: TransactionPreferences = TransactionPreferencesSchema.parse({});

export const gatewayLabel = (gateway: string): string => (GATEWAY_LABELS as Record<string, string>)[gateway] ?? gateway;
