import Router from '@koa/router';
import { z } from 'zod';
import { body, ControlError } from '../control/validate.js';
import { defaultKnobs, ITEM_STATUSES, type PayPalPayouts } from './payouts.js';

const Knobs = z
  .object({
    failNext: z.array(z.union([z.literal(429), z.literal(500), z.literal(503)])),
    failRate: z.number().min(0).max(1),
    processingReads: z.number().int().min(0).max(100),
    outcome: z.enum(['SUCCESS', 'DENIED']),
    completeAfterMs: z.number().int().min(0).max(3_600_000),
    webhooks: z.boolean(),
    itemOutcomes: z.record(z.string(), z.enum(ITEM_STATUSES)),
    unclaimedReturnAfterMs: z.number().int().min(0).max(2_592_000_000),
  })
  .partial();
const ItemMove = z.object({ status: z.enum(ITEM_STATUSES) });

/** The PayPal stand-in's knobs and what happens on PayPal's side (a receiver claims or refuses a payout), on the control port. */
export function paypalControlRoutes(payouts: PayPalPayouts): Router {
  const control = new Router({ prefix: '/control/paypal' });
  control.get('/', (ctx) => {
    ctx.body = {
      knobs: payouts.knobs,
      verifications: payouts.webhooks.verifications,
      batches: [...payouts.batches.values()].map((b) => ({
        id: b.id,
        senderBatchId: b.senderBatchId,
        status: b.status,
        items: b.items.map((i) => ({
          ...i.payout_item,
          payout_item_id: i.payout_item_id,
          transaction_status: i.transaction_status,
          ...(i.transaction_id ? { transaction_id: i.transaction_id } : {}),
        })),
      })),
    };
  });
  control.put('/knobs', async (ctx) => {
    payouts.knobs = { ...payouts.knobs, ...(await body(ctx, Knobs)) };
    ctx.body = payouts.knobs;
  });
  control.delete('/knobs', (ctx) => {
    payouts.knobs = defaultKnobs();
    ctx.body = payouts.knobs;
  });
  control.post('/items/:id', async (ctx) => {
    const found = payouts.findItem(ctx.params.id!);
    if (!found) throw new ControlError(404, 'Unbekannte payout_item_id');
    const { status } = await body(ctx, ItemMove);
    if (found.batch.status !== 'SUCCESS')
      throw new ControlError(409, 'Nur Posten eines abgeschlossenen Stapels (SUCCESS) lassen sich bewegen');
    payouts.move(found.batch, found.item, status);
    ctx.body = payouts.itemView(found.batch, found.item);
  });
  return control;
}
