/**
 * The historical import's days as Temporal sees them. A day's workflow writes its own end
 * (completed, failed), but a run ended from outside — terminated by hand, e.g. by support in
 * the Temporal UI, cancelled, timed out — writes nothing: its row would stay "running", hold up
 * every later day (days are read in turn) and refuse a new import of that day. The gateway and
 * the worker therefore ask Temporal about runs the table still calls running.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  finishImportRange,
  runningOrderImports,
  settleOrderImport,
  type Db,
  type ImportRange,
  type ImportStatus,
  type OrderImport,
} from '@belegfluss/db';

/** How a claimed run that Temporal does not know (yet) is told from one about to start. */
const START_GRACE_MS = 60_000;

const ENDS: Record<string, Exclude<ImportStatus, 'running'> | undefined> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  TIMED_OUT: 'failed',
  TERMINATED: 'terminated',
  CANCELLED: 'cancelled',
};

/** The end of the run, or null while it runs (or may still be starting). */
async function endOf(temporal: Client, run: OrderImport): Promise<Exclude<ImportStatus, 'running'> | null> {
  try {
    const { status } = await temporal.workflow.getHandle(run.workflowId!).describe();
    return ENDS[status.name] ?? null;
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // Claimed but never started (the gateway died between the two), or gone from Temporal's retention.
    return Date.now() - run.claimedAt.getTime() > START_GRACE_MS ? 'failed' : null;
  }
}

/** Records the end of each given run that has ended; true when any had. */
export async function settleEndedImports(db: Db, temporal: Client, runs: OrderImport[]): Promise<boolean> {
  let settled = false;
  for (const run of runs) {
    const end = run.status === 'running' && run.workflowId ? await endOf(temporal, run) : null;
    if (!end) continue;
    await settleOrderImport(db, run.shopId, run.day, run.workflowId!, end);
    settled = true;
  }
  return settled;
}

/** The shop's days (or the given ones) brought in line with Temporal before they are shown or claimed. */
export async function settleShopImports(db: Db, temporal: Client, shopId: string, days?: string[]): Promise<void> {
  await settleEndedImports(db, temporal, await runningOrderImports(db, shopId, days));
}

/**
 * A range the table still calls running whose workflow ended from outside (terminated by hand,
 * timed out): it wrote no end, and would refuse every further range of the shop. Its running
 * day, if any, is a day run of its own and settles as the days do.
 */
export async function settleImportRange(db: Db, temporal: Client, range: ImportRange): Promise<ImportRange> {
  if (range.status !== 'running') return range;
  try {
    const { status } = await temporal.workflow.getHandle(range.workflowId).describe();
    const end = ENDS[status.name];
    if (!end || end === 'completed') return range;
    await finishImportRange(db, range.workflowId, 'failed');
    return { ...range, status: 'failed' };
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // Claimed but never started: the gateway gives the claim back itself, unless it died in between.
    if (Date.now() - range.startedAt.getTime() <= START_GRACE_MS) return range;
    await finishImportRange(db, range.workflowId, 'failed');
    return { ...range, status: 'failed' };
  }
}
