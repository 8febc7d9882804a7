import { allHandlersFinished, condition, continueAsNew, patched, proxyActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { ShopifyOrderSchema, ShopifyRefundSchema, type ShopifyOrder } from '@belegfluss/shared';
import type { LexofficeEvent, OrderState, OrderWorkflowInput, ShopifyEvent } from '../api';
import { DocumentStatusKey, emptyOrderState, lexofficeEventSignal, orderStateQuery, shopifyEventSignal } from '../api';
import type { Activities } from '../activities';
import { applyLexofficeEvents, creditRefunds, issueInvoiceIfDue, type StepOutcome } from './steps';

const { loadShopContext, recordOrder, settleDeliveries } = proxyActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '1m', nonRetryableErrorTypes: ['NOT_INSTALLED'] },
});

/** An order with nothing left to do ends after this much quiet; a new webhook restarts it. */
const IDLE = '30 days';

/**
 * One order, from its first webhook until it has been quiet for a month: the invoice
 * when it is due, a credit note per refund, each exactly once.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<void> {
  const state: OrderState = input.state ?? emptyOrderState();
  const inbox: ShopifyEvent[] = [];
  const lexoffice: LexofficeEvent[] = [];
  setHandler(shopifyEventSignal, (event) => void inbox.push(event));
  setHandler(lexofficeEventSignal, (event) => void lexoffice.push(event));
  setHandler(orderStateQuery, () => state);

  for (;;) {
    if (!(await condition(() => inbox.length > 0 || lexoffice.length > 0, IDLE))) return;
    const changes = lexoffice.splice(0);
    if (changes.length > 0) await applyLexofficeEvents(input.shopId, state, await loadShopContext(input.shopId), changes);
    const events = inbox.splice(0);
    if (events.length === 0) {
      if (patched('document-status-attribute')) publishStatus(state);
      continue;
    }
    for (const event of events) absorb(state, event);
    if (state.order) await recordOrder(input.shopId, state.order);
    const ctx = await loadShopContext(input.shopId);
    const outcomes: StepOutcome[] = [await issueInvoiceIfDue(input.shopId, state, ctx), await creditRefunds(input.shopId, state, ctx)];
    const status = outcomes.includes('successful') ? 'successful' : outcomes.includes('unprocessable') ? 'unprocessable' : 'skipped';
    await settleDeliveries(events.map((e) => e.webhookId), status);
    if (patched('document-status-attribute')) publishStatus(state);
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof orderWorkflow>({ ...input, state });
    }
  }
}

/** Webhooks can arrive twice or out of order: keep the newest snapshot, and each refund once. */
function absorb(state: OrderState, event: ShopifyEvent): void {
  if (event.order) {
    const next = ShopifyOrderSchema.parse(event.order);
    if (!state.order || updatedAt(next) >= updatedAt(state.order)) state.order = next;
    for (const refund of next.refunds) addRefund(state, refund);
  }
  if (event.refund) addRefund(state, event.refund);
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
  const status = state.credits.length > 0 ? 'credited' : state.invoice ? 'invoiced' : (state.waitingFor ?? state.lastDecision ?? 'pending');
  const current = workflowInfo().typedSearchAttributes.get(DocumentStatusKey);
  if (current !== status) upsertSearchAttributes([{ key: DocumentStatusKey, value: status }]);
}

const updatedAt = (o: ShopifyOrder) => Date.parse(o.updated_at ?? o.created_at);
