import { z } from 'zod';
import { MESSAGES } from './messages';

/** Order handling of spec 3 §3: which orders are processed and how tips and shipping are taxed. */
export const OrderHandlingPreferencesSchema = z.object({
  /** Tips get the regime's standard rate instead of 0 % (tips to the business are taxable revenue). */
  fixTaxTip: z.boolean().default(true),
  /** Shipping follows the items' rates in proportion (ancillary service) instead of Shopify's single rate. */
  fixTaxShipping: z.boolean().default(false),
  /** The order `source_name` that marks point-of-sale orders. */
  posName: z.string({ error: MESSAGES.notEmpty }).trim().min(1, MESSAGES.notEmpty).default('pos'),
  skipPos: z.boolean().default(true),
  skipFree: z.boolean().default(true),
  /** Mark the Shopify order paid when Lexware reports its invoice paid. */
  syncOrderPayment: z.boolean().default(false),
  /**
   * A delivery note in Lexware for each fulfilment, with only that fulfilment's items. It costs no
   * transfer: the plan table counts invoices and credit notes (spec 1 §1, §9), and a delivery note
   * is neither a booking nor revenue.
   */
  deliveryNoteCreate: z.boolean().default(false),
});

export type OrderHandlingPreferences = z.infer<typeof OrderHandlingPreferencesSchema>;
export const DEFAULT_ORDER_HANDLING: OrderHandlingPreferences = OrderHandlingPreferencesSchema.parse({});
