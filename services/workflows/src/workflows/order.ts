import { allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { OrderState, OrderWorkflowInput, ShopifyEvent } from '../api';
import { orderStateQuery, shopifyEventSignal } from '../api';
import { decideInvoice, ShopifyOrderSchema } from '@belegfluss/shared';
import type { Activities } from '../activities';

const { loadInvoiceSettings, recordOrder, settleDeliveries, writeLog } = proxyActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', maximumInterval: '1m' },
});

// Lexware calls share a 2 requests/s budget and may meet 429s: retry patiently.
const { ensureContact, issueInvoice } = proxyActivities<Activities>({
  startToCloseTimeout: '2m',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '5m', nonRetryableErrorTypes: ['LEXOFFICE_REJECTED'] },
});

/** An order with nothing left to do ends after this much quiet; a new webhook restarts it. */
const IDLE = '30 days';

export async function orderWorkflow(input: OrderWorkflowInput): Promise<void> {
  const state: OrderState = input.state ?? { order: null, invoice: null, lastDecision: null };
  const inbox: ShopifyEvent[] = [];
  setHandler(shopifyEventSignal, (event) => void inbox.push(event));
  setHandler(orderStateQuery, () => state);

  for (;;) {
    if (!(await condition(() => inbox.length > 0, IDLE))) return;
    const events = inbox.splice(0);
    for (const event of events) if (event.order) state.order = newest(state.order, ShopifyOrderSchema.parse(event.order));
    if (state.order) await recordOrder(input.shopId, state.order);
    const status = await issueInvoiceIfDue(input.shopId, state);
    await settleDeliveries(events.map((e) => e.webhookId), status);
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof orderWorkflow>({ ...input, state });
    }
  }
}

/** Webhooks can arrive out of order: keep the snapshot Shopify updated last. */
function newest(current: OrderState['order'], next: NonNullable<OrderState['order']>) {
  if (!current) return next;
  return Date.parse(next.updated_at ?? next.created_at) >= Date.parse(current.updated_at ?? current.created_at) ? next : current;
}

async function issueInvoiceIfDue(shopId: string, state: OrderState): Promise<'successful' | 'skipped'> {
  const order = state.order;
  if (!order || state.invoice) return 'skipped';
  const decision = decideInvoice(order, await loadInvoiceSettings(shopId));
  if (decision.action === 'skip') {
    if (state.lastDecision !== decision.reason) {
      await writeLog({ shopId, origin: 'invoice', event: 'invoice.skipped', status: decision.reason === 'WAIT' ? 'info' : 'warning', orderId: String(order.id), orderName: order.name, body: { reason: decision.reason } });
    }
    state.lastDecision = decision.reason;
    return 'skipped';
  }
  const contactId = await ensureContact(shopId, order);
  const result = await issueInvoice(shopId, order, contactId);
  state.lastDecision = result.outcome;
  if (result.outcome === 'created' || result.outcome === 'existing') {
    state.invoice = { documentId: result.documentId, number: result.number };
    return 'successful';
  }
  return 'skipped';
}
