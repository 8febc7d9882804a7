import type Router from '@koa/router';
import { confirmSepaExecution, listPayoutRuns, payoutRun, sepaFileOf } from '@belegfluss/db';
import { payoutRunWorkflowId, sepaConfirmedSignal } from '@belegfluss/orchestration/api';
import { staffLabel } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound, Conflict } from '../../errors';
import { body, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { requireStaff, staffOf } from '../../middleware/staff';
import { ConfirmBody, PAYOUT_RUN_MESSAGES, RunId } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.payoutRuns': 'The monthly partner payout runs with their state',
  'admin.payoutRun.sepa': "The run's pain.001 file for the bank",
  'admin.payoutRun.confirm': '{executed: true}: the bank executed the file, its payouts are paid (operator)',
});

/**
 * The partner payout runs for support staff: the list with each run's state, the
 * SEPA file to hand to the bank, and the confirmation that the bank executed it (→ paid).
 */
export function payoutRunRoutes(gw: GatewayContext, admin: Router): void {
  admin.get('admin.payoutRuns', '/payout-runs', async (ctx) => {
    ctx.body = { items: await listPayoutRuns(gw.db) };
  });

  admin.get('admin.payoutRun.sepa', '/payout-runs/:id/sepa', async (ctx) => {
    const file = await sepaFileOf(gw.db, validate(RunId, ctx.params.id));
    if (!file) throw NotFound(PAYOUT_RUN_MESSAGES.noFile);
    ctx.set('Content-Disposition', `attachment; filename="belegfluss-auszahlung-${file.month.slice(0, 7)}.xml"`);
    ctx.type = 'application/xml';
    ctx.body = file.xml;
  });

  admin.post('admin.payoutRun.confirm', '/payout-runs/:id/confirm', requireStaff(gw, 'payout.confirm'), async (ctx) => {
    const id = validate(RunId, ctx.params.id);
    await body(ctx, ConfirmBody);
    const run = await payoutRun(gw.db, id);
    if (!run) throw NotFound(PAYOUT_RUN_MESSAGES.notFound);
    if (!run.hasSepaFile) throw Conflict('NO_FILE', PAYOUT_RUN_MESSAGES.noFile);
    // The person who confirmed, as the admin area and the run's history show them, not only their shop.
    const by = staffLabel(staffOf(gw, ctx) ?? { userId: sessionOf(ctx).userId ?? '?', shop: sessionOf(ctx).shop });
    if (!(await confirmSepaExecution(gw.db, id, by, new Date())))
      throw Conflict('CONFIRMED', PAYOUT_RUN_MESSAGES.alreadyConfirmed);
    // The run's workflow waits for this; once it has ended, the database alone carries the confirmation.
    await gw.temporal.workflow
      .getHandle(payoutRunWorkflowId(run.month))
      .signal(sepaConfirmedSignal, by)
      .catch((err: unknown) => gw.log.info({ err, run: id }, 'payout run workflow not signalled'));
    ctx.body = { run: await payoutRun(gw.db, id), message: PAYOUT_RUN_MESSAGES.confirmed };
  });
}
