/**
 * The least an order workflow can be (bench/floor.ts): started by its first signal, one local activity per round of
 * signals, and ending after 30 days of quiet (a timer), as the order workflow does. No database, no rules.
 * `patch` adds what one `patched()` costs a new run: a marker, and the SDK's upsert of `TemporalChangeVersion`.
 * `status` adds the order workflow's upsert of its status after a round (the load then starts each run with the
 * shop's and the order's search attributes too, as the gateway does).
 */
import {
  condition,
  defineSignal,
  patched,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import { DocumentStatusKey } from '@belegfluss/orchestration/api';

export const floorSignal = defineSignal<[unknown]>('floor');

const { settled } = proxyLocalActivities<{ settled(): Promise<void> }>({ startToCloseTimeout: '30s' });

export async function floorWorkflow(opts: { patch?: boolean; status?: boolean } = {}): Promise<void> {
  if (opts.patch) patched('floor-patch');
  let waiting = 0;
  setHandler(floorSignal, () => void waiting++);
  for (;;) {
    if (!(await condition(() => waiting > 0, '30 days'))) return;
    waiting = 0;
    await settled();
    if (opts.status) upsertSearchAttributes([{ key: DocumentStatusKey, value: 'WAIT' }]);
  }
}
