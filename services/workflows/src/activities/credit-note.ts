import { buildCreditNote, ShopifyRefundSchema, type ShopifyOrder, type TaxRegime } from '@belegfluss/shared';
import { loadShopContext } from './context';
import type { ActivityDeps } from './deps';
import { issueDocument, type IssueResult } from './documents';
import { forgetRejectedContact, lexwareAccess } from './lexware-step';
import { readOrderMetafields } from './metafields';

/** A refund's credit note, linked to the order's invoice. */
export function createCreditNoteActivities(
  deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>,
) {
  const { db, box, shopify, appUrl } = deps;
  const { notifier, clientFor, step } = lexwareAccess(deps);
  return {
    async issueCreditNote(
      shopId: string,
      order: ShopifyOrder,
      refund: unknown,
      invoice: { lexwareId: string; contactId: string | null },
      regime: TaxRegime,
    ): Promise<IssueResult> {
      const { prefs, metafields: mf } = await loadShopContext(db, shopId);
      const parsed = ShopifyRefundSchema.parse(refund);
      const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
      const built = buildCreditNote(order, parsed, {
        contactId: invoice.contactId,
        prefs: prefs.credit,
        orderHandling: prefs.orderHandling,
        regime,
        metafields,
        language: prefs.language,
      });
      return step(shopId, order, 'credit', async () =>
        issueDocument(
          db,
          await clientFor(shopId, order),
          {
            shopId,
            order,
            intentKey: `credit:${parsed.id}`,
            finalize: built.finalize,
            contactId: invoice.contactId,
            document: { type: 'credit', body: built.creditNote, precedingInvoiceId: invoice.lexwareId },
          },
          notifier,
        ),
      ).catch((error: unknown) => forgetRejectedContact(db, shopId, invoice.contactId, error));
    },
  };
}
