import type { Position, ShopifyOrder, TaxRegime } from '@belegfluss/shared';
import {
  addCoverage,
  correctionIntentKey,
  orderCoverage,
  planOrderCorrection,
  sameThings,
  unexplainedLines,
  withoutExchanges,
} from '@belegfluss/shared/workflow';
import type { OrderState } from '../api';
import type { IssueResult, ShopContext } from '../activities';
import { lexwareActivities } from './activity-options';
import { logDecision, type StepOutcome } from './decisions';

const { issueSupplementaryInvoice, issueCorrectionCreditNote, reissueInvoice } = lexwareActivities;

const REASON = 'Bestellung nachträglich geändert';

/** What an invoice made now for the order covers, line by line and per rate (kept with the invoice). */
export function invoiceCoverage(order: ShopifyOrder, ctx: ShopContext, regime: TaxRegime) {
  return orderCoverage(order, {
    layout: ctx.prefs.invoice.invoiceLayout,
    useDiscount: false,
    orderHandling: ctx.prefs.orderHandling,
    regime,
  });
}

/**
 * The order was edited after its invoice (Shopify's order editing: items, quantities, shipping): the documents are
 * brought in line with the order as it now is, the way the merchant chose (Differenz, or Storno und neue Rechnung).
 * Returns 'successful' when a document was made; after a reissue the invoice is gone from the state and the round's
 * invoice step makes the new one.
 */
export async function correctEditedOrder(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const { order, invoice, regime } = state;
  if (!order || !invoice || !regime) return 'skipped';
  // An exchange is no edit: it has its own credit note and invoice.
  const seen = withoutExchanges(order, state.returns);
  const current = invoiceCoverage(seen, ctx, regime);
  // An invoice from before coverage was kept covers the order as it was then, which is no longer known.
  state.covered ??= current;
  const plan = planOrderCorrection(ctx.prefs.invoice.invoiceCorrection, state.covered, current, sameThings(order));
  if (plan.action === 'none') return 'skipped';
  // A change no edit explains (an exchange whose return is still on its way) waits for the webhook that does.
  const unexplained = unexplainedLines(seen, state.orderEdits ?? [], state.covered);
  if (unexplained.length > 0) {
    const step = `edit:${order.updated_at ?? ''}`;
    await logDecision(shopId, state, 'invoice', 'EDIT_UNEXPLAINED', 'info', { lineItems: unexplained }, step);
    return 'skipped';
  }
  // Lexware can't correct a draft with documents: the merchant changes or deletes it there.
  if (invoice.status === 'draft') {
    await logDecision(shopId, state, 'invoice', 'EDITED_DRAFT', 'warning', {}, `edit:${order.updated_at ?? ''}`);
    return 'skipped';
  }
  if (plan.action === 'reissue') return reissue(shopId, state, order, invoice.lexwareId);
  let made = false;
  for (const [kind, positions] of [
    ['credit', plan.credit],
    ['supplement', plan.supplement],
  ] as const) {
    if (positions.length === 0) continue;
    const result = await makeCorrection(shopId, state, order, kind, positions);
    if (result.outcome === 'NO_CREDITS') {
      state.waitingFor = 'NO_CREDITS';
      return made ? 'successful' : 'skipped';
    }
    made = true;
  }
  if (state.waitingFor === 'NO_CREDITS') state.waitingFor = null;
  return 'successful';
}

/**
 * One correction document: made exactly once under its own intent (the activity logs it on the order in German),
 * then counted in what the documents cover.
 */
async function makeCorrection(
  shopId: string,
  state: OrderState,
  order: ShopifyOrder,
  kind: 'credit' | 'supplement',
  positions: Position[],
): Promise<IssueResult> {
  const invoice = state.invoice!;
  const corrections = (state.corrections ??= []);
  // Numbered by the documents made so far: a retry keeps its intent, the next document gets the next one.
  const intentKey = correctionIntentKey(kind, order.id, corrections.length + 1);
  const req = {
    intentKey,
    positions,
    regime: state.regime!,
    invoice: { lexwareId: invoice.lexwareId, contactId: invoice.contactId, number: invoice.number },
    reason: REASON,
  };
  const result =
    kind === 'credit'
      ? await issueCorrectionCreditNote(shopId, order, req)
      : await issueSupplementaryInvoice(shopId, order, req);
  if (result.outcome === 'NO_CREDITS') return result;
  const total = positions.reduce((a, p) => a + p.grossCents, 0);
  corrections.push({
    documentId: result.documentId,
    lexwareId: result.lexwareId,
    number: result.number,
    status: result.status,
    kind,
    cents: total,
  });
  state.covered = addCoverage(state.covered ?? [], positions, kind === 'credit' ? -1 : 1);
  return result;
}

/** "Storno und neue Rechnung": the invoice closed by a full credit note; the round's invoice step makes the new one. */
async function reissue(
  shopId: string,
  state: OrderState,
  order: ShopifyOrder,
  lexwareId: string,
): Promise<StepOutcome> {
  const { result, reopened } = await reissueInvoice(shopId, order, lexwareId);
  if (result?.outcome === 'NO_CREDITS') {
    state.waitingFor = 'NO_CREDITS';
    return 'skipped';
  }
  if (!result || !reopened) return 'unprocessable';
  (state.corrections ??= []).push({
    documentId: result.documentId,
    lexwareId: result.lexwareId,
    number: result.number,
    status: result.status,
    kind: 'storno',
    cents: 0,
  });
  state.invoice = null;
  state.covered = undefined;
  state.said = { ...state.said, invoice: '' };
  if (state.waitingFor === 'NO_CREDITS') state.waitingFor = null;
  return 'successful';
}

/**
 * What the edits' documents owe the customer and Shopify has not yet paid back: credited minus invoiced on top,
 * minus refunds of money alone that already paid it back. Such a refund gets no credit note of its own: the edit's
 * credit note has credited that money already.
 */
export function owedForEdits(state: OrderState): number {
  const docs = state.corrections ?? [];
  const credited = docs.filter((d) => d.kind === 'credit').reduce((a, d) => a + d.cents, 0);
  const added = docs.filter((d) => d.kind === 'supplement').reduce((a, d) => a + d.cents, 0);
  return Math.max(0, credited - added - (state.editRefundedCents ?? 0));
}
