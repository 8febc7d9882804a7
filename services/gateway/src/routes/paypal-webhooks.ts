import Router from '@koa/router';
import getRawBody from 'raw-body';
import { runOfPayPalBatch } from '@belegfluss/db';
import { paypalClient } from '@belegfluss/paypal';
import { payoutRunWorkflowId, paypalBatchChangedSignal } from '@belegfluss/orchestration/api';
import type { GatewayContext } from '../context';

type PayPalEvent = { event_type?: unknown; resource?: { batch_header?: { payout_batch_id?: unknown } } };

/**
 * PayPal's `PAYMENT.PAYOUTSBATCH.*` webhooks. PayPal itself checks each one
 * (verify-webhook-signature); a verified one wakes the payout run that sent the batch, which
 * then reads the batch's status (the webhook says that something changed, the status what).
 */
export function paypalWebhookRoutes(gw: GatewayContext): Router {
  const router = new Router();
  const paypal = paypalClient(gw.settings.payouts.paypal);
  router.post('/webhooks/paypal', async (ctx) => {
    let event: PayPalEvent;
    try {
      event = JSON.parse((await getRawBody(ctx.req, { limit: '1mb' })).toString('utf8')) as PayPalEvent;
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'BAD_REQUEST', message: 'Der Webhook enthält kein gültiges JSON' };
      return;
    }
    if (
      !(await paypal.verifyWebhook((name) => ctx.get(name) || undefined, event, gw.settings.payouts.paypal.webhookId))
    ) {
      ctx.status = 401;
      ctx.body = { error: 'UNAUTHORIZED', message: 'PayPal hat diesen Webhook nicht bestätigt' };
      return;
    }
    const batchId = event.resource?.batch_header?.payout_batch_id;
    const run =
      typeof event.event_type === 'string' &&
      event.event_type.startsWith('PAYMENT.PAYOUTSBATCH.') &&
      typeof batchId === 'string'
        ? await runOfPayPalBatch(gw.db, batchId)
        : undefined;
    if (run) {
      // A run that has ended already read the final status itself; nothing is lost when this signal finds no workflow.
      await gw.temporal.workflow
        .getHandle(payoutRunWorkflowId(run.month))
        .signal(paypalBatchChangedSignal, String(event.event_type))
        .catch((err: unknown) => gw.log.info({ err, run: run.id }, 'payout run not signalled'));
    }
    ctx.status = 200;
    ctx.body = { received: true };
  });
  return router;
}
