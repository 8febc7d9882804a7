import type { InvoiceDecisionContext, LogOrigin } from '@belegfluss/shared';
import type { Activities } from '../activities';
import type { OrderState } from '../api';

type LogEntryInput = Parameters<Activities['endRound']>[0][number];

/** The log entries of the round under way, written with its deliveries' status at its end (`endRound`). */
const roundLogs: LogEntryInput[] = [];

/** Notes an entry for the shop's log; the round's end writes it, in the same transaction as the settling. */
export async function log(entry: LogEntryInput): Promise<void> {
  roundLogs.push(entry);
}

/** The entries the round logged so far, taken out for its end. */
export const takeRoundLogs = (): LogEntryInput[] => roundLogs.splice(0);

/** Outcomes that count as processed, not as failures. */
export const PROCESSED = new Set<string>(['UNCHANGED', 'EXISTING', 'RECEIPT_NOT_FOUND']);

export type StepOutcome = 'successful' | 'skipped' | 'unprocessable';

/**
 * Logs a decision unless the same step already said the same: the same answer again is
 * not news. Each step (the invoice, each refund) remembers its own last answer, so the
 * invoice's WAIT does not hide a refund's WAIT_FOR_INVOICE and vice versa.
 */
export async function logDecision(
  shopId: string,
  state: OrderState,
  origin: LogOrigin,
  reason: string,
  status: 'info' | 'warning',
  extra: Record<string, unknown> = {},
  step: string = origin,
) {
  const order = state.order!;
  const said = (state.said ??= {});
  if (said[step] === reason) return;
  said[step] = reason;
  state.lastDecision = reason;
  await log({
    shopId,
    origin,
    event: `${origin}.skipped`,
    status,
    orderId: String(order.id),
    orderName: order.name,
    body: { reason, ...extra },
  });
}

/**
 * How the rules judge the order: an order the paid import brought is historical (no TOO_OLD,
 * no SKIP_DATE); one the connect wizard imported is judged with TOO_OLD but without the switch's day.
 */
export function decisionContext(state: OrderState): InvoiceDecisionContext {
  if (state.origin === 'import') return { origin: 'import' };
  return state.origin === 'historical' ? { origin: 'historical' } : {};
}
