import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { HousekeepingActivities, HousekeepingResult } from '../activities/housekeeping';

const { housekeeping } = proxyActivities<HousekeepingActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { maximumInterval: '10 minutes' },
});

/** Started daily by the `housekeeping` Schedule (see schedules.ts); "now" is the time the schedule meant. */
export async function housekeepingWorkflow(): Promise<HousekeepingResult> {
  return housekeeping(new Date(workflowInfo().startTime).toISOString());
}
