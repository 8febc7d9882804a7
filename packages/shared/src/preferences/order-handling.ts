import { z } from 'zod';
import { PREFERENCE_DEFAULTS } from './defaults';

import { MESSAGES } from './messages';

const D = PREFERENCE_DEFAULTS.orderHandling;

/** Order handling: which orders are processed and how tips and shipping are taxed. */
export const OrderHandlingPreferencesSchema = z.object({
  /** Tips get the regime's standard rate instead of 0 % (tips to the business are taxable revenue). */
  fixTaxTip: z.boolean().default(D.fixTaxTip),
  /** Shipping follows the items' rates in proportion (ancillary service) instead of Shopify's single rate. */
  fixTaxShipping: z.boolean().default(D.fixTaxShipping),
  /** The order `source_name` that marks point-of-sale orders. */
  posName: z.string({ error: MESSAGES.notEmpty }).trim().min(1, MESSAGES.notEmpty).default(D.posName),
  skipPos: z.boolean().default(D.skipPos),
  skipFree: z.boolean().default(D.skipFree),
  /** Mark the Shopify order paid when Lexware reports its invoice paid. */
  syncOrderPayment: z.boolean().default(D.syncOrderPayment),
  /**
   * A delivery note in Lexware for each fulfilment, with only that fulfilment's items. It costs no
   * transfer: the plan table counts invoices and credit notes, and a delivery note
   * is neither a booking nor revenue.
   */
  deliveryNoteCreate: z.boolean().default(D.deliveryNoteCreate),
});

export type OrderHandlingPreferences = z.infer<typeof OrderHandlingPreferencesSchema>;
