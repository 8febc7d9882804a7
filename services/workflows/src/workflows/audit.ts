import {
  allHandlersFinished,
  condition,
  continueAsNew,
  executeChild,
  ParentClosePolicy,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { AuditFindingKind } from '@belegfluss/shared';
import { lastClosedMonth } from '@belegfluss/shared/workflow';
import type { AuditActivities } from '../activities/audit';
import { monthlyAuditWorkflowId, type AuditInput, type AuditRunInput } from '../api';

// One audit reads a month of orders and vouchers at Lexware's 2 requests/s: give it time, heartbeat it.
const { runCompletenessAudit } = proxyActivities<AuditActivities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '10s', maximumInterval: '10 minutes', maximumAttempts: 20 },
});
const { auditShops } = proxyActivities<AuditActivities>({ startToCloseTimeout: '1 minute' });

/**
 * Every child costs the run's history about ten events, and Temporal refuses a history past 50,000 events:
 * with thousands of shops the run hands over to a fresh one well before, also when the server suggests it.
 */
const HISTORY_LIMIT = 10_000;

/** One shop's audit of one month, on demand or from the monthly run; the report lands in the database. */
export async function completenessAuditWorkflow(input: AuditInput): Promise<Record<AuditFindingKind, number>> {
  return runCompletenessAudit(input.shopId, input.month);
}

/**
 * Started by the `completeness-audit` Schedule after each month closes: every installed shop's audit of it, one
 * child each, in the order of their ids; a run continued as new goes on after the last shop it audited.
 */
export async function completenessAuditRunWorkflow(input: AuditRunInput = {}): Promise<number> {
  const month = input.month ?? lastClosedMonth(new Date(workflowInfo().startTime).toISOString());
  const shops = (await auditShops()).sort().filter((shopId) => input.after === undefined || shopId > input.after);
  for (const shopId of shops) {
    await executeChild(completenessAuditWorkflow, {
      workflowId: monthlyAuditWorkflowId(shopId, month),
      args: [{ shopId, month }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    }).catch(() => undefined); // one shop's failure (its own history shows why) must not stop the others
    const info = workflowInfo();
    if (shopId !== shops.at(-1) && (info.continueAsNewSuggested || info.historyLength > HISTORY_LIMIT)) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof completenessAuditRunWorkflow>({
        month,
        after: shopId,
        audited: audited(input) + shops.indexOf(shopId) + 1,
      });
    }
  }
  return audited(input) + shops.length;
}

const audited = (input: AuditRunInput) => input.audited ?? 0;
