/**
 * The historical import's days as Temporal sees them. A day's workflow writes its own end
 * (completed, failed), but a run ended from outside — terminated by hand, e.g. by support in
 * the Temporal UI, cancelled, timed out — writes nothing: its row would stay "running", hold up
 * every later day (days are read in turn) and refuse a new import of that day. The gateway and
 * the worker therefore ask Temporal about runs the table still calls running.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ImportStatus } from '@belegfluss/shared';

type ImportEnd = Exclude<ImportStatus, 'running'>;

/** One day's run as the store holds it. */
export interface ImportRun {
  shopId: string;
  day: string;
  status: ImportStatus;
  workflowId: string | null;
  claimedAt: Date;
}

/** Where the service keeps the import runs (packages/db has one). */
export interface ImportRunStore {
  /** The shop's runs still marked running, of the given days or all. */
  runningOrderImports(shopId: string, days?: string[]): Promise<ImportRun[]>;
  /** Records the end of the run, if it is still the one with this workflow id. */
  settleOrderImport(shopId: string, day: string, workflowId: string, end: ImportEnd): Promise<void>;
}

/** A range of days as the store holds it, and how the store records a range's end. */
export interface ImportRangeRun {
  workflowId: string;
  status: string;
  startedAt: Date;
}
export interface ImportRangeStore {
  finishImportRange(workflowId: string, status: 'failed'): Promise<void>;
}

/** How a claimed run that Temporal does not know (yet) is told from one about to start. */
const START_GRACE_MS = 60_000;

const ENDS: Record<string, ImportEnd | undefined> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  TIMED_OUT: 'failed',
  TERMINATED: 'terminated',
  CANCELLED: 'cancelled',
};

/** The end of the run, or null while it runs (or may still be starting). */
async function endOf(temporal: Client, run: ImportRun): Promise<ImportEnd | null> {
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
export async function settleEndedImports(store: ImportRunStore, temporal: Client, runs: ImportRun[]): Promise<boolean> {
  let settled = false;
  for (const run of runs) {
    const end = run.status === 'running' && run.workflowId ? await endOf(temporal, run) : null;
    if (!end) continue;
    await store.settleOrderImport(run.shopId, run.day, run.workflowId!, end);
    settled = true;
  }
  return settled;
}

/** The shop's days (or the given ones) brought in line with Temporal before they are shown or claimed. */
export async function settleShopImports(
  store: ImportRunStore,
  temporal: Client,
  shopId: string,
  days?: string[],
): Promise<void> {
  await settleEndedImports(store, temporal, await store.runningOrderImports(shopId, days));
}

/**
 * A range the table still calls running whose workflow ended from outside (terminated by hand,
 * timed out): it wrote no end, and would refuse every further range of the shop. Its running
 * day, if any, is a day run of its own and settles as the days do.
 */
export async function settleImportRange<R extends ImportRangeRun>(
  store: ImportRangeStore,
  temporal: Client,
  range: R,
): Promise<R> {
  if (range.status !== 'running') return range;
  try {
    const { status } = await temporal.workflow.getHandle(range.workflowId).describe();
    const end = ENDS[status.name];
    if (!end || end === 'completed') return range;
    await store.finishImportRange(range.workflowId, 'failed');
    return { ...range, status: 'failed' } as R;
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // Claimed but never started: the gateway gives the claim back itself, unless it died in between.
    if (Date.now() - range.startedAt.getTime() <= START_GRACE_MS) return range;
    await store.finishImportRange(range.workflowId, 'failed');
    return { ...range, status: 'failed' } as R;
  }
}
