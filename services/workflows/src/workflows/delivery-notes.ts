import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import { shippedFulfillments } from '@belegfluss/shared/workflow';
import type { OrderState } from '../api';
import type { Activities, ShopContext } from '../activities';

// Delivery notes share the Lexware budget of the order's other documents: retry as patiently.
const { issueDeliveryNote } = proxyActivities<Activities>({
  startToCloseTimeout: '15m',
  heartbeatTimeout: '10s',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumInterval: '5m',
    nonRetryableErrorTypes: ['LEXWARE_REJECTED', 'NOT_INSTALLED'],
  },
});

/**
 * A delivery note for each shipment of the order, with only that shipment's items.
 * Each fulfilment is decided once: shipments seen while the setting is off are passed over (turning it
 * on later does not fill old orders with delivery notes), and the activity's intent row keeps a
 * duplicated webhook or a restarted worker from making a second note. A refusal by Lexware is logged
 * by the activity and ends only this note, never the order's invoice or credit notes.
 */
export async function issueDeliveryNotes(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  const order = state.order;
  if (!order) return;
  const decided = (state.deliveryNotes ??= []);
  const fresh = shippedFulfillments(order).filter((f) => !decided.some((d) => d.fulfillmentId === f.id));
  if (fresh.length === 0) return;
  const enabled = ctx.prefs.orderHandling.deliveryNoteCreate && ctx.invoice.connected && ctx.invoice.automationEnabled;
  for (const fulfillment of fresh) {
    if (!enabled) {
      decided.push({ fulfillmentId: fulfillment.id, outcome: 'disabled' });
      continue;
    }
    try {
      const result = await issueDeliveryNote(shopId, order, fulfillment.id, {
        contactId: state.invoice?.contactId ?? null,
        taxType: state.regime?.taxType ?? null,
      });
      decided.push({ fulfillmentId: fulfillment.id, outcome: result.outcome });
    } catch (error) {
      const cause = error instanceof ActivityFailure ? error.cause : undefined;
      if (!(cause instanceof ApplicationFailure) || cause.type !== 'LEXWARE_REJECTED') throw error;
      decided.push({ fulfillmentId: fulfillment.id, outcome: 'rejected' });
    }
  }
}
