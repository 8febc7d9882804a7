import {
  buildCorrectionCreditNote,
  buildPlannedInvoice,
  buildSupplementaryInvoice,
  formatEuro,
  sumOf,
  type Position,
  type ShopifyOrder,
  type TaxRegime,
} from '@belegfluss/shared';
import { writeLog } from '@belegfluss/db';
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

/** The order's log entry for a correction: what was made, for how much, per tax rate. */
function describe(type: 'invoice' | 'credit', req: CorrectionRequest): string {
  const rates = [...new Set(req.positions.map((p) => p.rate))];
  const byRate = rates
    .map((rate) => {
      const cents = sumOf(req.positions.filter((p) => p.rate === rate).map((p) => p.grossCents));
      return `${String(rate).replace('.', ',')} %: ${formatEuro(cents)}`;
    })
    .join(', ');
  const total = formatEuro(sumOf(req.positions.map((p) => p.grossCents)));
  const invoice = req.invoice.number ? `Rechnung ${req.invoice.number}` : 'der Rechnung';
  return `${type === 'credit' ? `Gutschrift zu ${invoice}` : `Nachtragsrechnung zu ${invoice}`} über ${total} (${byRate})`;
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
    return step(shopId, order, document.type, async () => {
      const result = await issueDocument(db, await clientFor(shopId, order), request, notifier);
      if (result.outcome === 'created' || result.outcome === 'matched')
        await writeLog(db, {
          shopId,
          origin: document.type,
          event: 'order.edited',
          status: 'success',
          orderId: String(order.id),
          orderName: order.name,
          ref: { [document.type]: result.lexwareId },
          body: { message: describe(document.type, req), amount: sumOf(req.positions.map((p) => p.grossCents)) / 100 },
        });
      return result;
    }).catch((error: unknown) => forgetRejectedContact(db, shopId, contactId, error));
  };
  /** The invoice's number: Lexware answers a create with the id alone, so a fresh invoice's number is read there. */
  const numberOf = async (shopId: string, order: ShopifyOrder, invoice: CorrectionRequest['invoice']) =>
    invoice.number ?? (await (await clientFor(shopId, order)).invoice(invoice.lexwareId)).voucherNumber ?? null;
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
      const { contactId } = req.invoice;
      const number = await numberOf(shopId, order, req.invoice);
      const planned = buildPlannedInvoice(order, prefs, req.regime, [], contactId);
      const { invoice } = buildSupplementaryInvoice(order, planned, req.positions, req.regime, {
        invoiceNumber: number,
        reason: req.reason,
        now: new Date(),
      });
      const known = { ...req, invoice: { ...req.invoice, number } };
      return issue(shopId, order, known, { type: 'invoice', body: invoice }, planned.finalize);
    },

    /** A credit note for the given positions, following the invoice it corrects (Rechnungskorrektur). */
    async issueCorrectionCreditNote(shopId: string, order: ShopifyOrder, req: CorrectionRequest): Promise<IssueResult> {
      const { prefs } = await loadShopContext(db, shopId);
      const { contactId, lexwareId } = req.invoice;
      const number = await numberOf(shopId, order, req.invoice);
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
      return issue(shopId, order, { ...req, invoice: { ...req.invoice, number } }, document, built.finalize);
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
