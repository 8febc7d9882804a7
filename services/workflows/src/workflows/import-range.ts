import {
  allHandlersFinished,
  condition,
  continueAsNew,
  executeChild,
  isCancellation,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { daysBetween } from '@belegfluss/shared/workflow';
import type { createImportActivities } from '../activities/import';
import {
  importWorkflowId,
  stopImportRangeSignal,
  ShopDomainKey,
  type ImportRangeInput,
  type ImportRangeResult,
} from '../api';
import { importWorkflow } from './import';

const { claimImportDay, recordImportRange, finishImportRange } = proxyActivities<
  ReturnType<typeof createImportActivities>
>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '2s', maximumInterval: '1 minute' },
});

/**
 * The historical import of a range of days: each day is still its own day workflow (one
 * workflow per day), started here one after another on this (the background) queue, so a
 * shop's range never reads two days at once and its queue outlives a worker restart. A day
 * imported or importing already is passed over; a day that fails does not stop the next one
 * (it may be imported again on its own). A stop leaves the days not started alone and lets the
 * running day finish.
 */
export async function importRangeWorkflow({
  shopId,
  from,
  to,
  daysDone = 0,
}: ImportRangeInput): Promise<ImportRangeResult> {
  const days = daysBetween(from, to);
  let stopped = false;
  setHandler(stopImportRangeSignal, () => void (stopped = true));
  let done = daysDone;
  while (done < days.length && !stopped) {
    await importDay(shopId, days[done]!);
    done++;
    await recordImportRange(workflowInfo().workflowId, done);
    if (done < days.length && workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      if (!stopped) return continueAsNew<typeof importRangeWorkflow>({ shopId, from, to, daysDone: done });
    }
  }
  await finishImportRange(workflowInfo().workflowId, stopped && done < days.length ? 'stopped' : 'completed');
  return { days: days.length, daysDone: done, stopped };
}

/** One day of the range as its own day workflow, claimed as the single-day start claims it. */
async function importDay(shopId: string, day: string): Promise<void> {
  const workflowId = importWorkflowId(shopId, day);
  if (!(await claimImportDay(shopId, day, workflowId))) return;
  try {
    await executeChild(importWorkflow, {
      workflowId,
      args: [{ shopId, day }],
      // A day that ran before and ended unfinished may run again; a completed one was not claimed.
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      // A range ended by hand leaves its running day to finish, as a stop does.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: [{ key: ShopDomainKey, value: shopId }],
    });
  } catch (error) {
    // A range cancelled from outside ends here, not with the next day.
    if (isCancellation(error)) throw error;
    // Otherwise the day's run wrote why it failed, or a run the table had given up on still holds the
    // day's id and writes the day's end itself; either way the next day comes.
  }
}
