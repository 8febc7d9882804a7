import type { ShopifyOrder } from '../shopify-order';
import { buildCreditNote, type CreditNoteBuildOptions } from './credit-note';
import { orderReference } from './document-texts';
import type { BuiltInvoice } from './invoice-draft';
import { lexwareDate } from './lexware-date';
import type { LexwareCreditNoteInput, LexwareInvoiceInput } from './lexware-types';
import { settleLineItems, type Position } from './positions';
import type { TaxRegime } from './tax-regime';

/** What a correction document says about itself: the invoice it follows and why it was made. */
export interface CorrectionTexts {
  /** The number of the invoice it corrects or adds to, when Lexware gave one. */
  invoiceNumber: string | null;
  /** Why, in the merchant's words (German): "Bestellung nachträglich geändert", "Umtausch". */
  reason: string;
  now: Date;
}

const following = (number: string | null) => (number ? `zu Rechnung ${number}` : 'zur Rechnung');

/**
 * A supplementary invoice (Nachtragsrechnung) for the given positions only: everything else (address or contact,
 * tax conditions, payment terms, layout) as the order's own invoice would have it, so it is built from the same
 * plan (`planInvoice(...).build`). The original invoice stays valid; this one bills what came in after it.
 */
export function buildSupplementaryInvoice(
  order: Pick<ShopifyOrder, 'name'>,
  planned: BuiltInvoice,
  positions: readonly Position[],
  regime: TaxRegime,
  texts: CorrectionTexts,
): { invoice: LexwareInvoiceInput; totalCents: number } {
  const { lineItems, rounding } = settleLineItems(positions, regime.taxType, regime.allowedRates);
  const invoice: LexwareInvoiceInput = {
    ...planned.invoice,
    voucherDate: lexwareDate(texts.now),
    lineItems,
    title: 'Nachtragsrechnung',
    introduction: `Nachtrag ${following(texts.invoiceNumber)} (${orderReference(order)}): ${texts.reason}.`,
  };
  return { invoice, totalCents: rounding.totalCents };
}

/**
 * A credit note for the given positions, linked to the invoice it corrects (Rechnungskorrektur for the difference
 * only): address, tax conditions and layout as a refund's credit note would have them.
 */
export function buildCorrectionCreditNote(
  order: ShopifyOrder,
  positions: readonly Position[],
  options: CreditNoteBuildOptions & { regime: TaxRegime },
  texts: CorrectionTexts,
): { creditNote: LexwareCreditNoteInput; finalize: boolean; totalCents: number } {
  const at = texts.now.toISOString();
  // A refund without lines gives the frame (address, tax conditions, layout); the positions are ours.
  const frame = buildCreditNote(
    order,
    { id: 0, created_at: at, processed_at: at, refund_line_items: [], order_adjustments: [], transactions: [] },
    options,
  );
  const { lineItems, rounding } = settleLineItems(positions, options.regime.taxType, options.regime.allowedRates);
  return {
    creditNote: {
      ...frame.creditNote,
      lineItems,
      title: 'Rechnungskorrektur',
      introduction: `Korrektur ${following(texts.invoiceNumber)} (${orderReference(order)}): ${texts.reason}.`,
    },
    finalize: frame.finalize,
    totalCents: rounding.totalCents,
  };
}
