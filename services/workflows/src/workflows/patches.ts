import { patched } from '@temporalio/workflow';

/**
 * The order workflow's patches up to 2026-11-26 (histories/README.md has the plan for each).
 *
 * Every `patched()` id a run passes costs its history a marker and, from Temporal's SDK core, an upsert of the
 * `TemporalChangeVersion` search attribute, which the server indexes: a paid order carried seven of each
 * (issue 17). A run of today's code records one marker, `order-baseline-2026-11`, and takes every branch below;
 * a history without it (a run started by older code) still decides each branch by its own marker, as before.
 *
 * This list is closed. A later patch is a plain `patched()` call of its own: adding an id here would hand its new
 * branch to runs that recorded the baseline before the branch existed, and they would no longer replay.
 */
export type OrderPatch =
  | 'document-status-attribute'
  | 'order-metafields'
  | 'bank-transactions'
  | 'mail-documents'
  | 'log-decisions-per-step'
  | 'not-installed-ends'
  | 'continue-as-new-after-any-round'
  | 'historical-origin'
  | 'local-shop-context'
  | 'delivery-notes'
  | 'einvoice-leitweg'
  | 'audit-repair'
  | 'local-db-steps';

/** Whether this run takes the branch of `id`: yes for every run of today's code, by the marker for older ones. */
export function orderPatched(id: OrderPatch): boolean {
  return coarseRounds() || patched('order-baseline-2026-11') || patched(id);
}

/**
 * Since 2026-11-26 (issue 17), fewer round trips per round:
 * - a round's database steps are two local activities, `beginRound` (record the snapshot, read the shop's context)
 *   and `endRound` (write the round's log entries, settle its deliveries), instead of one each;
 * - the invoice's contact and the invoice are one activity (`issueInvoiceWithContact`);
 * - a shop that books no bank transactions is not asked by activity (`bookPayments` logs the reason itself).
 * Its marker is the baseline of today's runs: it implies every id above, so such a run records this one marker and
 * no other. Runs with `order-baseline-2026-11` (or single ids) keep their steps, round by round as they replay.
 */
export function coarseRounds(): boolean {
  return patched('order-baseline-2026-11b');
}
