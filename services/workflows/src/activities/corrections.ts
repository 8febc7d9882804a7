import {
  buildCorrectionCreditNote,
  buildPlannedInvoice,
  buildSupplementaryInvoice,
  type Position,
  type ShopifyOrder,
  type TaxRegime,
} from '@belegfluss/shared';
import { loadShopContext, type ShopContext } from './context';
import type { ActivityDeps } from './deps';
import { issueDocument, type DocumentBody, type IssueResult } from './documents';
import { forgetRejectedContact, lexwareAccess } from './lexware-step';
import { closeInvoice } from './repair';

/** A correction document for given positions: its intent (one document per intent, ever) and what it follows. */
export interface CorrectionRequest {
  intentKey: string;
  positions: Position[];
  regime: TaxRegime;
  invoice: { lexwareId: string; contactId: string | null; number: string | null };
  /** Why, in German, printed in the document's introduction. */
  reason: string;
}

/**
 * Documents that correct an invoice after the order changed: a supplementary invoice (Nachtragsrechnung) for what
 * came in, a credit note for what went away, or the invoice closed to be made anew. Each is made exactly once and
 * charged as one transfer, like every document (issueDocument).
 */
export function createCorrectionActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail'>) {
  const { db } = deps;
  const { notifier, clientFor, step } = lexwareAccess(deps);
  /** One correction document under its intent, as a Lexware step of its kind. */
  const issue = (
    shopId: string,
    order: ShopifyOrder,
    req: CorrectionRequest,
    document: DocumentBody,
    finalize: boolean,
  ): Promise<IssueResult> => {
    const { contactId } = req.invoice;
    const request = { shopId, order, intentKey: req.intentKey, document, finalize, contactId };
    return step(shopId, order, document.type, async () =>
      issueDocument(db, await clientFor(shopId, order), request, notifier),
    ).catch((error: unknown) => forgetRejectedContact(db, shopId, contactId, error));
  };
  return {
    /**
     * A supplementary invoice for the given positions only, with everything else (contact, tax conditions, terms,
     * layout) as the order's own invoice plan has it. Not linked in Lexware (an invoice can't follow an invoice);
     * its introduction names the invoice and the order.
     */
    async issueSupplementaryInvoice(
      shopId: string,
      order: ShopifyOrder,
      req: CorrectionRequest,
      ctx?: ShopContext,
    ): Promise<IssueResult> {
      const { prefs } = ctx ?? (await loadShopContext(db, shopId));
      const { contactId, number } = req.invoice;
      const planned = buildPlannedInvoice(order, prefs, req.regime, [], contactId);
      const { invoice } = buildSupplementaryInvoice(order, planned, req.positions, req.regime, {
        invoiceNumber: number,
        reason: req.reason,
        now: new Date(),
      });
      return issue(shopId, order, req, { type: 'invoice', body: invoice }, planned.finalize);
    },

    /** A credit note for the given positions, following the invoice it corrects (Rechnungskorrektur). */
    async issueCorrectionCreditNote(shopId: string, order: ShopifyOrder, req: CorrectionRequest): Promise<IssueResult> {
      const { prefs } = await loadShopContext(db, shopId);
      const { contactId, number, lexwareId } = req.invoice;
      const built = buildCorrectionCreditNote(
        order,
        req.positions,
        {
          contactId,
          prefs: prefs.credit,
          orderHandling: prefs.orderHandling,
          regime: req.regime,
          language: prefs.language,
        },
        { invoiceNumber: number, reason: req.reason, now: new Date() },
      );
      const document = { type: 'credit' as const, body: built.creditNote, precedingInvoiceId: lexwareId };
      return issue(shopId, order, req, document, built.finalize);
    },

    /**
     * "Storno und neue Rechnung": the order's invoice closed by a credit note over every position (the intent the
     * merchant's cancel uses), its own intent freed, so the invoice step makes the new one.
     */
    reissueInvoice: (shopId: string, order: ShopifyOrder, lexwareId: string) =>
      step(shopId, order, 'credit', async () =>
        closeInvoice(db, await clientFor(shopId, order), shopId, order, lexwareId, notifier, 'edit'),
      ),
  };
}
