import { executeChild, ParentClosePolicy, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { AuditFindingKind } from '@belegfluss/shared';
import type { AuditActivities } from '../activities/audit';
import { auditWorkflowId, type AuditInput, type AuditRunInput } from '../api';

// One audit reads a month of orders and vouchers at Lexware's 2 requests/s: give it time, heartbeat it.
const { runCompletenessAudit } = proxyActivities<AuditActivities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '10s', maximumInterval: '10 minutes', maximumAttempts: 20 },
});
const { auditShops } = proxyActivities<AuditActivities>({ startToCloseTimeout: '1 minute' });

/** One shop's audit of one month (issue 19 §2), on demand or from the monthly run; the report lands in the database. */
export async function completenessAuditWorkflow(input: AuditInput): Promise<Record<AuditFindingKind, number>> {
  return runCompletenessAudit(input.shopId, input.month);
}

/** The month before the one the run starts in, on the German calendar. */
function closedMonth(startedAt: Date): string {
  const berlin = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
  }).format(startedAt);
  const [y, m] = berlin.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Started by the `completeness-audit` Schedule after each month closes: every installed shop's audit of it, one child each. */
export async function completenessAuditRunWorkflow(input: AuditRunInput = {}): Promise<number> {
  const month = input.month ?? closedMonth(new Date(workflowInfo().startTime));
  const shops = await auditShops();
  for (const shopId of shops) {
    await executeChild(completenessAuditWorkflow, {
      workflowId: `${auditWorkflowId(shopId, month)}:monthly`,
      args: [{ shopId, month }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    }).catch(() => undefined); // one shop's failure (its own history shows why) must not stop the others
  }
  return shops.length;
}
