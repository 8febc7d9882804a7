/**
 * The least an order workflow can be (bench/floor.ts): started by its first signal, one local activity per round of
 * signals, and ending after 30 days of quiet (a timer), as the order workflow does. No database, no rules.
 * `patch` adds what one `patched()` costs a new run: a marker, and the SDK's upsert of `TemporalChangeVersion`.
 * `status` adds the order workflow's upsert of its status after a round (the load then starts each run with the
 * shop's and the order's search attributes too, as the gateway does).
 * `steps` gives a round as many empty activities, of the same kinds and in the same order, as a real order's round
 * has (a paid order's: local, normal, local); the last one tells the bench the run has settled.
 */
import {
  condition,
  defineSignal,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import { DocumentStatusKey } from '@belegfluss/orchestration/api';

export const floorSignal = defineSignal<[unknown]>('floor');

export type FloorStep = 'local' | 'normal';
type Empty = { step(): Promise<void>; settled(): Promise<void> };
const kinds: Record<FloorStep, Empty> = {
  local: proxyLocalActivities<Empty>({ startToCloseTimeout: '30s' }),
  normal: proxyActivities<Empty>({ startToCloseTimeout: '30s' }),
};

export async function floorWorkflow(
  opts: { patch?: boolean; status?: boolean; steps?: FloorStep[] } = {},
): Promise<void> {
  const steps = opts.steps?.length ? opts.steps : (['local'] as const);
  if (opts.patch) patched('floor-patch');
  let waiting = 0;
  setHandler(floorSignal, () => void waiting++);
  for (;;) {
    if (!(await condition(() => waiting > 0, '30 days'))) return;
    waiting = 0;
    for (const [i, kind] of steps.entries())
      await (i === steps.length - 1 ? kinds[kind].settled() : kinds[kind].step());
    if (opts.status) upsertSearchAttributes([{ key: DocumentStatusKey, value: 'WAIT' }]);
  }
}
