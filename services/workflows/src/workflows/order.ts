import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { ShopifyOrder } from '@belegfluss/shared';
import { orderEditRecord, ShopifyOrderSchema, ShopifyRefundSchema } from '@belegfluss/shared/workflow';
import type { LexwareEvent, OrderState, OrderWorkflowInput, ShopifyEvent } from '../api';
import {
  cancelInvoiceUpdate,
  DocumentStatusKey,
  emptyOrderState,
  lexwareEventSignal,
  orderStateQuery,
  shopifyEventSignal,
  withCurrentNames,
} from '../api';
import { issueDeliveryNotes } from './delivery-notes';
import { applyLexwareEvents, bookPayments, mailDocuments, writeMetafields } from './after-invoice';
import { lexwareActivities, localDbActivities } from './activity-options';
import { correctEditedOrder } from './corrections';
import { creditRefunds } from './credit-note';
import { absorbReturn, returnUnderway, settleExchanges } from './exchange';
import { takeRoundLogs, type StepOutcome } from './decisions';
import { issueInvoiceIfDue } from './invoice';
import { prepareRepairs } from './repair';

const { beginRound, endRound, loadShopContext } = localDbActivities;
const { cancelInvoice } = lexwareActivities;

/** An order with nothing left to do ends after this much quiet; a new webhook restarts it. */
const IDLE = '30 days';

/**
 * One order, from its first webhook until it has been quiet for a month: the invoice
 * when it is due, a credit note per refund, the corrections of an order edited after its invoice, each exactly once. It is the only writer of the order's
 * documents: the merchant's cancel of an invoice is asked of it too (an update that answers once the
 * closing credit note exists), and runs between rounds, never beside one.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<void> {
  const state: OrderState = input.state ? withCurrentNames(input.state) : emptyOrderState();
  const inbox: ShopifyEvent[] = [];
  const lexwareEvents: LexwareEvent[] = [];
  // Two writers of one document at once would make it twice: the second sees the first's attempt, looks for the
  // orphan before Lexware has made it, and creates its own. So a round and each cancel take turns.
  let writing = false;
  const oneWriter = async <T>(work: () => Promise<T>): Promise<T> => {
    while (writing) await condition(() => !writing);
    writing = true;
    try {
      return await work();
    } finally {
      writing = false;
    }
  };
  setHandler(shopifyEventSignal, (event) => void inbox.push(event));
  setHandler(lexwareEventSignal, (event) => void lexwareEvents.push(event));
  setHandler(orderStateQuery, () => state);
  setHandler(cancelInvoiceUpdate, (request) => oneWriter(() => cancelInvoice(input.shopId, input.orderId, request)));

  for (;;) {
    // An order waiting for VIES wakes at its next attempt; any other waits for news until it has been idle.
    const viesDue = state.viesWait ? Math.max(1, state.viesWait.retryAt - Date.now()) : null;
    const woke = await condition(() => inbox.length > 0 || lexwareEvents.length > 0, viesDue ?? IDLE);
    if (!woke && viesDue === null) {
      // A cancel asked for just now is answered, and the order stays for another quiet month after it.
      if (allHandlersFinished()) return;
      await condition(allHandlersFinished);
      continue;
    }
    await oneWriter(async () => {
      const changes = lexwareEvents.splice(0);
      if (changes.length > 0)
        await applyLexwareEvents(input.shopId, state, await loadShopContext(input.shopId), changes);
      const events = inbox.splice(0);
      if (events.length > 0) await handleOrGiveUp(input.shopId, state, events);
      // The timer fired: a round without webhooks asks VIES again (and does whatever else is due).
      else if (!woke) await handleOrGiveUp(input.shopId, state, []);
    });
    publishStatus(state);
    // Any round grows the history, a round of Lexware events alone too, so any round may start a new run.
    // Signals that came in while this round ran live only in memory: handle them before a new run starts.
    if (workflowInfo().continueAsNewSuggested && inbox.length === 0 && lexwareEvents.length === 0) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof orderWorkflow>({ ...input, state });
    }
  }
}

/** One round of webhooks: the newest snapshot, then every step that may be due, then the inbox rows settled. */
async function handleShopifyEvents(shopId: string, state: OrderState, events: ShopifyEvent[]): Promise<void> {
  const repairs = events.flatMap((e) => (e.repair ? [e.repair] : []));
  if (repairs.length > 0) {
    const fresh = await prepareRepairs(shopId, state, repairs);
    if (fresh) absorb(state, { topic: 'audit/repair', webhookId: '', order: fresh });
  }
  for (const event of events) absorb(state, event);
  const ctx = await startRound(shopId, state);
  const outcomes: StepOutcome[] = [await issueInvoiceIfDue(shopId, state, ctx)];
  // Exchanges before edits: the edit correction leaves out what an exchange's own documents cover.
  outcomes.push(await settleExchanges(shopId, state, ctx));
  // Edits before refunds: a refund that only pays back what an edit took off is known as such once it is corrected.
  // While a return's refund waits for its return, the order may already show the exchange: no edit to correct yet.
  const corrected = returnUnderway(state) ? 'skipped' : await correctEditedOrder(shopId, state, ctx);
  outcomes.push(corrected);
  // "Storno und neue Rechnung" closed the invoice: the new one is made in the same round.
  if (corrected === 'successful' && !state.invoice) outcomes.push(await issueInvoiceIfDue(shopId, state, ctx));
  outcomes.push(await creditRefunds(shopId, state, ctx));
  await mailDocuments(shopId, state, ctx);
  if (outcomes.includes('successful')) await writeMetafields(shopId, state, ctx);
  await bookPayments(shopId, state, ctx);
  await issueDeliveryNotes(shopId, state, ctx);
  const status = outcomes.includes('successful')
    ? 'successful'
    : outcomes.includes('unprocessable')
      ? 'unprocessable'
      : 'skipped';
  await finishRound(
    events.map((e) => e.webhookId),
    status,
  );
}

/** The newest snapshot recorded and the shop's context read, in one local activity. */
async function startRound(shopId: string, state: OrderState) {
  return beginRound(shopId, state.order ?? null);
}

/** The round's log entries written and its deliveries settled, in one local activity. */
async function finishRound(webhookIds: string[], status: StepOutcome) {
  await endRound(takeRoundLogs(), webhookIds, status);
}

/**
 * A failure no retry can mend (the shop has no app installed) ends the order: its webhooks are settled
 * as unprocessable, the status says why, and the run fails with a German reason support finds in the UI.
 */
async function handleOrGiveUp(shopId: string, state: OrderState, events: ShopifyEvent[]): Promise<void> {
  try {
    await handleShopifyEvents(shopId, state, events);
  } catch (error) {
    // An activity's failure comes wrapped in an ActivityFailure; a local activity's arrives as it was thrown.
    const cause = error instanceof ActivityFailure ? error.cause : error;
    if (!(cause instanceof ApplicationFailure) || cause.type !== 'NOT_INSTALLED') throw error;
    await finishRound(
      events.map((e) => e.webhookId),
      'unprocessable',
    );
    upsertSearchAttributes([{ key: DocumentStatusKey, value: 'NOT_INSTALLED' }]);
    throw ApplicationFailure.nonRetryable(cause.message, 'NOT_INSTALLED');
  }
}

/** Webhooks can arrive twice or out of order: keep the newest snapshot, and each refund once. */
function absorb(state: OrderState, event: ShopifyEvent): void {
  // The historical import's laxer rules win: an order it brought stays historical whatever comes after.
  if (event.origin && state.origin !== 'historical') state.origin = event.origin;
  if (event.order) {
    const next = ShopifyOrderSchema.parse(event.order);
    const triggeredAt = event.triggeredAt ? Date.parse(event.triggeredAt) : NaN;
    if (!state.order || isNewer(next, triggeredAt, state.order, state.orderTriggeredAt)) {
      state.order = next;
      if (Number.isFinite(triggeredAt)) state.orderTriggeredAt = triggeredAt;
      else delete state.orderTriggeredAt;
    }
    for (const refund of next.refunds) addRefund(state, refund);
  }
  if (event.refund) addRefund(state, event.refund);
  if (event.return) absorbReturn(state, event.return);
  const edit = event.edit ? orderEditRecord(event.edit) : null;
  if (edit && !state.orderEdits?.some((e) => e.id === edit.id)) (state.orderEdits ??= []).push(edit);
}

function addRefund(state: OrderState, raw: unknown): void {
  const parsed = ShopifyRefundSchema.safeParse(raw);
  if (!parsed.success) return;
  const refund = parsed.data;
  if (state.settledRefundIds.includes(refund.id) || state.pendingRefunds.some((r) => r.id === refund.id)) return;
  state.pendingRefunds.push(refund);
}

/** Lets support staff search the Temporal UI for, say, every order waiting for payment. */
function publishStatus(state: OrderState): void {
  const status =
    state.credits.length > 0
      ? 'credited'
      : state.invoice
        ? 'invoiced'
        : (state.waitingFor ?? state.lastDecision ?? 'pending');
  const current = workflowInfo().typedSearchAttributes.get(DocumentStatusKey);
  if (current !== status) upsertSearchAttributes([{ key: DocumentStatusKey, value: status }]);
}

const updatedAt = (o: ShopifyOrder) => Date.parse(o.updated_at ?? o.created_at);

/**
 * Whether a snapshot is newer than the one kept. Shopify's updated_at counts whole seconds, so an order paid and
 * shipped within one second gives two snapshots with the same updated_at, and their webhooks arrive in any order:
 * the moment Shopify triggered each breaks the tie. Without both moments, the later arrival wins.
 */
function isNewer(next: ShopifyOrder, nextTriggered: number, kept: ShopifyOrder, keptTriggered = NaN): boolean {
  const [a, b] = [updatedAt(next), updatedAt(kept)];
  if (a !== b) return a > b;
  if (Number.isFinite(nextTriggered) && Number.isFinite(keptTriggered)) return nextTriggered >= keptTriggered;
  return true;
}
