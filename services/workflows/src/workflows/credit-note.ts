import type { ShopifyRefund } from '@belegfluss/shared';
import { decideCreditNote, decideInvoice, defaultRegime, refundGrossCents } from '@belegfluss/shared/workflow';
import type { OrderState } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities } from './activity-options';
import { owedForEdits } from './corrections';
import { decisionContext, logDecision, PROCESSED, type StepOutcome } from './decisions';
import { refundOfReturn } from './exchange';

const { issueCreditNote } = lexwareActivities;

/** Turns each pending refund into a credit note linked to the invoice, or says why not. */
export async function creditRefunds(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.pendingRefunds.length === 0) return 'skipped';
  let outcome: StepOutcome = 'skipped';
  const stillPending: ShopifyRefund[] = [];
  for (const refund of state.pendingRefunds) {
    // A return's refund is known only with its return: an exchange's documents already cover the money it moved.
    const ofReturn = refundOfReturn(state, refund);
    if (ofReturn !== 'credit') {
      const reason = ofReturn === 'wait' ? 'WAIT_FOR_RETURN' : 'EXCHANGE';
      if (ofReturn === 'wait') stillPending.push(refund);
      else state.settledRefundIds.push(refund.id);
      await logDecision(shopId, state, 'credit', reason, 'info', { refund: refund.id }, `credit:${refund.id}`);
      continue;
    }
    const decision = decideCreditNote(order, refund, ctx.credit, {
      invoice: state.invoice ? { id: state.invoice.lexwareId, status: state.invoice.status as 'open' } : null,
      invoiceDecision: state.invoice ? undefined : decideInvoice(order, ctx.invoice, decisionContext(state)),
      existingCredit: state.credits.some((c) => c.refundId === refund.id),
    });
    if (decision.action === 'wait') {
      stillPending.push(refund);
      state.waitingFor = decision.reason;
      await logDecision(shopId, state, 'credit', decision.reason, 'info', { refund: refund.id }, `credit:${refund.id}`);
      continue;
    }
    state.settledRefundIds.push(refund.id);
    if (decision.action === 'create' && paysBackAnEdit(state, order, refund)) {
      state.editRefundedCents = (state.editRefundedCents ?? 0) + refundGrossCents(order, refund);
      await logDecision(shopId, state, 'credit', 'EDIT_REFUND', 'info', { refund: refund.id }, `credit:${refund.id}`);
      continue;
    }
    if (decision.action === 'skip') {
      await logDecision(
        shopId,
        state,
        'credit',
        decision.reason,
        PROCESSED.has(decision.reason) ? 'info' : 'warning',
        { refund: refund.id },
        `credit:${refund.id}`,
      );
      continue;
    }
    const result = await issueCreditNote(
      shopId,
      order,
      refund,
      { lexwareId: decision.precedingInvoiceId, contactId: state.invoice?.contactId ?? null },
      state.regime ?? defaultRegime(order),
    );
    if (result.outcome === 'NO_CREDITS') {
      state.settledRefundIds.pop();
      stillPending.push(refund);
      state.waitingFor = 'NO_CREDITS';
      continue;
    }
    state.credits.push({
      documentId: result.documentId,
      lexwareId: result.lexwareId,
      number: result.number,
      status: result.status,
      refundId: refund.id,
    });
    outcome = 'successful';
  }
  state.pendingRefunds = stillPending;
  if (stillPending.length === 0 && state.waitingFor?.startsWith('WAIT_FOR')) state.waitingFor = null;
  return outcome;
}

/**
 * Shopify asks the merchant to pay back what an edit took off a paid order ("Erstattung fällig"): that refund names no
 * items (they are gone already) and returns money alone. The edit's credit note has credited it; a second one would
 * credit it twice.
 */
function paysBackAnEdit(state: OrderState, order: NonNullable<OrderState['order']>, refund: ShopifyRefund): boolean {
  if (refund.refund_line_items.length > 0 || refund.order_adjustments.some((a) => a.kind === 'shipping_refund'))
    return false;
  const cents = refundGrossCents(order, refund);
  return cents > 0 && cents <= owedForEdits(state);
}
