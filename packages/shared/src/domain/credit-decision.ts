import type { ShopifyOrder } from '../shopify-order';
import { cents } from './money';
import { isFinalSkip, type InvoiceDecision } from './invoice-decision';
import type { ShopifyRefund } from './refund-types';
import { refundGrossCents, refundTransactionsCents } from './credit-note';

export interface CreditSettings {
  connected: boolean;
  automationEnabled: boolean;
  creditCreate: boolean;
  skipPos: boolean;
  skipFree: boolean;
  posName: string;
}

export interface KnownInvoice {
  id: string;
  status: 'draft' | 'open' | 'paid' | 'paidoff' | 'voided' | 'overdue';
}

export type CreditDecision =
  | { action: 'create'; precedingInvoiceId: string }
  /**
   * Keep the refund and come back: WAIT_FOR_INVOICE when the order's invoice is still to come
   * (the credit note follows right after it), WAIT_FOR_FINALIZED_INVOICE while it is a draft,
   * which Lexware refuses as `precedingSalesVoucherId`.
   */
  | { action: 'wait'; reason: 'WAIT_FOR_INVOICE' | 'WAIT_FOR_FINALIZED_INVOICE' }
  | {
      action: 'skip';
      reason:
        | 'NOT_CONNECTED'
        | 'DISABLED'
        | 'DISABLED_CREDIT_CREATE'
        | 'SKIP_POS'
        | 'SKIP_FREE'
        | 'UNCHANGED'
        | 'EXISTING'
        | 'RECEIPT_NOT_FOUND';
    };

export interface CreditDecisionContext {
  /** The order's invoice in Lexware, if one exists. */
  invoice: KnownInvoice | null;
  /** What decideInvoice says about the order now; a final skip means no invoice will ever come. */
  invoiceDecision?: InvoiceDecision;
  /** A credit note for this refund exists already. */
  existingCredit?: boolean;
}

/**
 * Whether a refund gets its credit note now. A refund that arrives before the invoice waits for
 * it (the merchant expects invoice, then credit note), unless the order will never be invoiced:
 * then there is nothing to correct, and the refund counts as processed (RECEIPT_NOT_FOUND).
 */
export function decideCreditNote(
  order: ShopifyOrder,
  refund: ShopifyRefund,
  s: CreditSettings,
  ctx: CreditDecisionContext,
): CreditDecision {
  const skip = (reason: Extract<CreditDecision, { action: 'skip' }>['reason']): CreditDecision => ({
    action: 'skip',
    reason,
  });
  if (!s.connected) return skip('NOT_CONNECTED');
  if (!s.automationEnabled) return skip('DISABLED');
  if (!s.creditCreate) return skip('DISABLED_CREDIT_CREATE');
  if (ctx.existingCredit) return skip('EXISTING');
  if (s.skipPos && (order.source_name ?? '') === s.posName) return skip('SKIP_POS');
  if (s.skipFree && cents(order.total_price) === 0) return skip('SKIP_FREE');
  if (refundGrossCents(order, refund) === 0 && refundTransactionsCents(refund) === 0) return skip('UNCHANGED');
  if (!ctx.invoice) {
    if (ctx.invoiceDecision && isFinalSkip(ctx.invoiceDecision)) return skip('RECEIPT_NOT_FOUND');
    return { action: 'wait', reason: 'WAIT_FOR_INVOICE' };
  }
  if (ctx.invoice.status === 'voided') return skip('RECEIPT_NOT_FOUND');
  if (ctx.invoice.status === 'draft') return { action: 'wait', reason: 'WAIT_FOR_FINALIZED_INVOICE' };
  return { action: 'create', precedingInvoiceId: ctx.invoice.id };
}
