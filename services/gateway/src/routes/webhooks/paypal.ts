import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { runOfPayPalBatch } from '@belegfluss/db';
import { paypalClient } from '@belegfluss/paypal';
import { payoutRunWorkflowId, paypalBatchChangedSignal } from '@belegfluss/orchestration/api';
import type { GatewayContext } from '../../context';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'webhooks.paypal': 'PayPal payout events, verified, wake the payout run',
});

type PayPalEvent = {
  event_type?: unknown;
  resource?: { batch_header?: { payout_batch_id?: unknown }; payout_batch_id?: unknown };
};

/** The transmission headers PayPal signs every webhook with; without them PayPal's check cannot succeed. */
const TRANSMISSION_HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
  'paypal-auth-algo',
  'paypal-cert-url',
];

/** The batch an event is about: batch events carry its header, item events the item with its batch id. */
function batchOf(event: PayPalEvent): string | undefined {
  const type = typeof event.event_type === 'string' ? event.event_type : '';
  const id = type.startsWith('PAYMENT.PAYOUTSBATCH.')
    ? event.resource?.batch_header?.payout_batch_id
    : type.startsWith('PAYMENT.PAYOUTS-ITEM.')
      ? event.resource?.payout_batch_id
      : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}

/**
 * PayPal's `PAYMENT.PAYOUTSBATCH.*` and `PAYMENT.PAYOUTS-ITEM.*` webhooks. A verified one wakes the
 * payout run that sent the batch, which then reads every item (the webhook says that something
 * changed, the batch what). The cheap checks come first: only an event with PayPal's transmission
 * headers about a batch one of our runs sent costs a call to PayPal's own verification.
 */
export function paypalWebhookRoutes(gw: GatewayContext): Router {
  const router = new Router();
  const paypal = paypalClient(gw.settings.payouts.paypal);
  const refuse = (ctx: Context, why: string) => {
    gw.log.warn({ why }, 'PayPal webhook refused');
    ctx.status = 401;
    ctx.body = { error: 'UNAUTHORIZED', message: 'PayPal hat diesen Webhook nicht bestätigt' };
  };
  router.post('webhooks.paypal', '/webhooks/paypal', async (ctx) => {
    let event: PayPalEvent;
    try {
      event = JSON.parse((await getRawBody(ctx.req, { limit: '1mb' })).toString('utf8')) as PayPalEvent;
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'BAD_REQUEST', message: 'Der Webhook enthält kein gültiges JSON' };
      return;
    }
    if (TRANSMISSION_HEADERS.some((h) => !ctx.get(h))) return refuse(ctx, 'transmission headers missing');
    const batchId = batchOf(event);
    const run = batchId ? await runOfPayPalBatch(gw.db, batchId) : undefined;
    if (!run) return refuse(ctx, 'no run of ours sent this batch');
    if (
      !(await paypal.verifyWebhook((name) => ctx.get(name) || undefined, event, gw.settings.payouts.paypal.webhookId))
    )
      return refuse(ctx, 'PayPal did not verify the signature');
    // A run that has ended already read the final state itself; nothing is lost when this signal finds no workflow.
    await gw.temporal.workflow
      .getHandle(payoutRunWorkflowId(run.month))
      .signal(paypalBatchChangedSignal, String(event.event_type))
      .catch((err: unknown) => gw.log.info({ err, run: run.id }, 'payout run not signalled'));
    ctx.status = 200;
    ctx.body = { received: true };
  });
  return router;
}
