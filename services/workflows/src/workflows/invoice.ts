import { planInvoice } from '@belegfluss/shared';
import type { OrderState } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities } from './activity-options';
import { decisionContext, logDecision, type StepOutcome } from './decisions';

const { ensureContact, issueInvoice } = lexwareActivities;

/** Creates the order's invoice once it is due; every other answer is logged with its reason. */
export async function issueInvoiceIfDue(shopId: string, state: OrderState, ctx: ShopContext): Promise<StepOutcome> {
  const order = state.order;
  if (!order || state.invoice) return 'skipped';
  const plan = planInvoice(order, ctx, [], decisionContext(state));
  if (plan.action === 'skip') {
    state.waitingFor = plan.reason === 'WAIT' ? `WAIT:${ctx.invoice.invoiceEvent}` : null;
    await logDecision(shopId, state, 'invoice', plan.reason, plan.reason === 'WAIT' ? 'info' : 'warning');
    return 'skipped';
  }
  if (plan.action === 'unprocessable') {
    state.waitingFor = null;
    await logDecision(shopId, state, 'invoice', plan.reason, 'warning', { message: plan.message });
    return 'unprocessable';
  }
  const { regime } = plan;
  const contactId = await ensureContact(shopId, order, { ...plan.contact, shopDomain: shopId });
  // The activity builds with this same context (plus the order's metafields) instead of loading the settings again;
  // only the activity's input changes, not the commands, so running histories replay as before.
  const result = await issueInvoice(shopId, order, contactId, regime, ctx);
  if (result.outcome === 'NO_CREDITS') {
    state.lastDecision = 'NO_CREDITS';
    state.waitingFor = 'NO_CREDITS';
    return 'skipped';
  }
  // The activity names the contact it used when Lexware refused ours and it made the customer's contact anew.
  state.invoice = { documentId: result.documentId, lexofficeId: result.lexofficeId, number: result.number, status: result.status, contactId: result.contactId ?? contactId };
  state.regime = regime;
  state.lastDecision = result.outcome;
  state.waitingFor = null;
  return 'successful';
}
