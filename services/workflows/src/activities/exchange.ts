import {
  buildPlannedInvoice,
  exchangeOrder,
  returnedItemsRefund,
  ShopifyReturnSchema,
  type ShopifyOrder,
  type TaxRegime,
} from '@belegfluss/shared';
import { loadShopContext } from './context';
import { creditNoteIssuer, type PrecedingInvoice } from './credit-note';
import type { ActivityDeps } from './deps';
import { issueDocument, type IssueResult } from './documents';
import { forgetRejectedContact, lexwareAccess } from './lexware-step';
import { readOrderMetafields } from './metafields';

/**
 * An exchange's two documents, each made exactly once under its own intent (exchange-credit:{return},
 * exchange-invoice:{return}) and charged as one transfer: the credit note for what came back, at the price it was
 * invoiced at, following the order's invoice; the invoice for what went out. Both finalised, as the order's invoice
 * they correct is (the workflow waits for that).
 */
export function createExchangeActivities(
  deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>,
) {
  const { db, box, shopify, appUrl } = deps;
  const { notifier, clientFor, step } = lexwareAccess(deps);
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
        key: `exchange-credit:${parsed.id}`,
        finalize: true,
      });
    },

    async issueExchangeInvoice(
      shopId: string,
      order: ShopifyOrder,
      ret: unknown,
      invoice: PrecedingInvoice,
      regime: TaxRegime,
    ): Promise<IssueResult> {
      const parsed = ShopifyReturnSchema.parse(ret);
      const { prefs, metafields: mf } = await loadShopContext(db, shopId);
      const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
      const built = buildPlannedInvoice(exchangeOrder(order, parsed), prefs, regime, metafields, invoice.contactId);
      return step(shopId, order, 'invoice', async () =>
        issueDocument(
          db,
          await clientFor(shopId, order),
          {
            shopId,
            order,
            intentKey: `exchange-invoice:${parsed.id}`,
            finalize: true,
            contactId: invoice.contactId,
            document: { type: 'invoice', body: built.invoice },
          },
          notifier,
        ),
      ).catch((error: unknown) => forgetRejectedContact(db, shopId, invoice.contactId, error));
    },
  };
}
