import {
  buildCreditNote,
  ShopifyRefundSchema,
  type ShopifyOrder,
  type ShopifyRefund,
  type TaxRegime,
} from '@belegfluss/shared';
import { loadShopContext } from './context';
import type { ActivityDeps } from './deps';
import { issueDocument, type IssueResult } from './documents';
import { forgetRejectedContact, lexwareAccess } from './lexware-step';
import { readOrderMetafields } from './metafields';

type CreditDeps = Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>;

/** The order's invoice a credit note follows: its Lexware id and the contact it went to. */
export interface PrecedingInvoice {
  lexwareId: string;
  contactId: string | null;
}

/**
 * A credit note of refunded positions, linked to the order's invoice, made once under `intentKey`: a refund's
 * (credit:{refund}) and an exchange's, whose returned items are shaped as a refund (exchange-credit:{return}).
 * `finalize` overrides the preferences' choice where the caller knows better.
 */
export function creditNoteIssuer(deps: CreditDeps) {
  const { db, box, shopify, appUrl } = deps;
  const { notifier, clientFor, step } = lexwareAccess(deps);
  return async (
    shopId: string,
    order: ShopifyOrder,
    refund: ShopifyRefund,
    invoice: PrecedingInvoice,
    regime: TaxRegime,
    intent: { key: string; finalize?: boolean },
  ): Promise<IssueResult> => {
    const { prefs, metafields: mf } = await loadShopContext(db, shopId);
    const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
    const built = buildCreditNote(order, refund, {
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
          intentKey: intent.key,
          finalize: intent.finalize ?? built.finalize,
          contactId: invoice.contactId,
          document: { type: 'credit', body: built.creditNote, precedingInvoiceId: invoice.lexwareId },
        },
        notifier,
      ),
    ).catch((error: unknown) => forgetRejectedContact(db, shopId, invoice.contactId, error));
  };
}

/** A refund's credit note, linked to the order's invoice. */
export function createCreditNoteActivities(deps: CreditDeps) {
  const issue = creditNoteIssuer(deps);
  return {
    async issueCreditNote(
      shopId: string,
      order: ShopifyOrder,
      refund: unknown,
      invoice: PrecedingInvoice,
      regime: TaxRegime,
    ): Promise<IssueResult> {
      const parsed = ShopifyRefundSchema.parse(refund);
      return issue(shopId, order, parsed, invoice, regime, { key: `credit:${parsed.id}` });
    },
  };
}
