import {
  exchangeIntentKey,
  returnedItemsRefund,
  ShopifyReturnSchema,
  type ShopifyOrder,
  type TaxRegime,
} from '@belegfluss/shared';
import { creditNoteIssuer, type PrecedingInvoice } from './credit-note';
import type { ActivityDeps } from './deps';
import type { IssueResult } from './documents';

/**
 * An exchange's credit note for what came back, at the price it was invoiced at and by tax rate, following the
 * order's invoice: made exactly once under exchange-credit:{return} and charged as one transfer. Finalised, as the
 * invoice it follows is (the workflow waits for that). What went out is a supplementary invoice (corrections.ts).
 */
export function createExchangeActivities(
  deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>,
) {
  const issueCredit = creditNoteIssuer(deps);
  return {
    async issueExchangeCreditNote(
      shopId: string,
      order: ShopifyOrder,
      ret: unknown,
      invoice: PrecedingInvoice,
      regime: TaxRegime,
    ): Promise<IssueResult> {
      const parsed = ShopifyReturnSchema.parse(ret);
      return issueCredit(shopId, order, returnedItemsRefund(order, parsed), invoice, regime, {
        key: exchangeIntentKey('credit', parsed.id),
        finalize: true,
      });
    },
  };
}
