import Router from '@koa/router';
import Koa, { type Context } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { readForm, readJson } from '../http/body.js';
import { errorHandler } from '../http/errors.js';
import { link, type PayPalPayouts } from './payouts.js';
import { randomId } from './webhooks.js';

/**
 * A stand-in for PayPal's REST API as far as partner payouts need it, at the root of its own port as
 * PayPal's is (its SDKs take only host and port from the base URL): OAuth client credentials
 * (`POST /v1/oauth2/token`), the Payouts API (batches with paging, single items, cancelling an unclaimed
 * item) with PayPal's shapes, statuses and error bodies, and the webhook check
 * (`POST /v1/notifications/verify-webhook-signature`). Its knobs are on the control port (control.ts).
 */
export function paypalApp(payouts: PayPalPayouts, opts: { clientId: string; clientSecret: string; log: Logger }): Koa {
  const app = new Koa();
  const api = new Router();
  const tokens = new Map<string, number>();
  app.use(errorHandler(opts.log));

  api.post('/v1/oauth2/token', async (ctx) => {
    const [scheme, encoded] = (ctx.get('authorization') || '').split(' ');
    const [user, pass] = Buffer.from(encoded ?? '', 'base64')
      .toString()
      .split(':');
    const form = await readForm(ctx);
    if (scheme !== 'Basic' || user !== opts.clientId || pass !== opts.clientSecret) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'Client Authentication failed' };
      return;
    }
    if (form.grant_type !== 'client_credentials') {
      ctx.status = 400;
      ctx.body = { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' };
      return;
    }
    const token = `A21AA${randomId(40)}`;
    tokens.set(token, Date.now() + 32_400_000);
    ctx.body = {
      scope: 'https://uri.paypal.com/services/payments/payouts',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${randomId(20)}`,
    };
  });

  /** Bearer token check and the fault knobs, before every Payouts call. */
  api.use('/v1/payments', async (ctx, next) => {
    const token = /^Bearer (.+)$/.exec(ctx.get('authorization') || '')?.[1];
    if (!token || (tokens.get(token) ?? 0) < Date.now()) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_token', error_description: 'Token signature verification failed' };
      return;
    }
    const fault =
      payouts.knobs.failNext.shift() ??
      (Math.random() < payouts.knobs.failRate ? ([429, 500, 503] as const)[Math.floor(Math.random() * 3)] : undefined);
    if (fault === 429)
      return paypalError(ctx, 429, 'RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.');
    if (fault) return paypalError(ctx, fault, 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');
    await next();
  });

  api.post('/v1/payments/payouts', (ctx) => createBatch(payouts, ctx));

  api.get('/v1/payments/payouts/:id', (ctx) => {
    const batch = payouts.batches.get(ctx.params.id!);
    if (!batch) return notFound(ctx);
    const paging = Paging.safeParse(ctx.query);
    if (!paging.success)
      return validationError(
        ctx,
        paging.error.issues.map((i) => ({ field: pointer(i.path), location: 'query', issue: i.message })),
      );
    payouts.advance(batch);
    const { page, page_size: pageSize, total_required: totalRequired } = paging.data;
    ctx.body = payouts.page(batch, page, pageSize, totalRequired);
  });

  api.get('/v1/payments/payouts-item/:id', (ctx) => {
    const found = payouts.findItem(ctx.params.id!);
    if (!found) return notFound(ctx);
    ctx.body = payouts.itemView(found.batch, found.item);
  });

  api.post('/v1/payments/payouts-item/:id/cancel', (ctx) => {
    const found = payouts.findItem(ctx.params.id!);
    if (!found) return notFound(ctx);
    const refused = payouts.cancel(found.batch, found.item);
    if (refused === 'ITEM_ALREADY_CANCELLED')
      return paypalError(ctx, 400, refused, 'The requested item is already cancelled.');
    if (refused) return paypalError(ctx, 400, refused, 'You can only cancel items that are in UNCLAIMED state.');
    ctx.body = payouts.itemView(found.batch, found.item);
  });

  api.post('/v1/notifications/verify-webhook-signature', async (ctx) => {
    const req = (await readJson(ctx)) as Record<string, unknown> | undefined;
    const missing = VERIFY_FIELDS.filter((k) => req?.[k] === undefined || req?.[k] === '');
    if (!req || missing.length > 0)
      return validationError(
        ctx,
        missing.map((field) => ({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' })),
      );
    ctx.body = { verification_status: payouts.webhooks.verify(req) };
  });

  app.use(api.routes()).use(api.allowedMethods());
  return app;
}

/** A new payout batch, refused as PayPal refuses it: a bad receiver, mixed currencies, a sender batch id again. */
async function createBatch(payouts: PayPalPayouts, ctx: Context): Promise<void> {
  const parsed = PayoutRequest.safeParse(await readJson(ctx));
  if (!parsed.success)
    return validationError(
      ctx,
      parsed.error.issues.map((i) => ({ field: pointer(i.path), location: 'body', issue: i.message })),
    );
  const req = parsed.data;
  for (const [n, item] of req.items.entries()) {
    const type = item.recipient_type ?? req.sender_batch_header.recipient_type ?? 'EMAIL';
    if (type === 'EMAIL' && !EMAIL.test(item.receiver))
      return validationError(ctx, [
        { field: `items[${n}].receiver`, location: 'body', issue: 'Receiver is invalid or does not match with type' },
      ]);
    if (item.amount.currency !== req.items[0]!.amount.currency)
      return paypalError(ctx, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
        { issue: 'CURRENCY_MISMATCH', description: 'All items of a batch use one currency.' },
      ]);
  }
  const duplicate = [...payouts.batches.values()].find(
    (b) => b.senderBatchId === req.sender_batch_header.sender_batch_id,
  );
  if (duplicate)
    return paypalError(
      ctx,
      400,
      'USER_BUSINESS_ERROR',
      'User business error.',
      [{ field: 'SENDER_BATCH_ID', location: 'body', issue: 'Batch with given sender_batch_id already exists' }],
      [link(payouts.batchUrl(duplicate.id), 'self')],
    );
  const batch = payouts.create(req.sender_batch_header, req.items);
  ctx.status = 201;
  ctx.body = {
    batch_header: { sender_batch_header: batch.header, payout_batch_id: batch.id, batch_status: batch.status },
    links: [link(payouts.batchUrl(batch.id), 'self')],
  };
}

const VERIFY_FIELDS = [
  'auth_algo',
  'cert_url',
  'transmission_id',
  'transmission_sig',
  'transmission_time',
  'webhook_id',
  'webhook_event',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const Amount = z.object({
  value: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Amount must be a decimal number with at most two decimal places')
    .refine((v) => Number(v) > 0, 'Amount cannot be zero'),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
const Item = z.object({
  recipient_type: z.enum(['EMAIL', 'PHONE', 'PAYPAL_ID']).optional(),
  amount: Amount,
  receiver: z.string().min(1).max(127),
  note: z.string().max(4000).optional(),
  sender_item_id: z.string().max(63).optional(),
  recipient_wallet: z.enum(['PAYPAL', 'VENMO']).optional(),
  purpose: z.string().optional(),
});
const PayoutRequest = z.object({
  sender_batch_header: z.object({
    sender_batch_id: z.string().min(1).max(256),
    recipient_type: z.enum(['EMAIL', 'PHONE', 'PAYPAL_ID']).optional(),
    email_subject: z.string().max(255).optional(),
    email_message: z.string().max(1000).optional(),
  }),
  items: z.array(Item).min(1).max(15000),
});
/** PayPal's paging of a batch's items: pages from 1, at most 1000 items a page. */
const Paging = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(1000),
  total_required: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** A zod path as PayPal names fields: items[0].amount.value. */
const pointer = (path: PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');

function paypalError(
  ctx: Context,
  status: number,
  name: string,
  message: string,
  details: unknown[] = [],
  links: unknown[] = [],
): void {
  ctx.status = status;
  ctx.body = {
    name,
    message,
    debug_id: randomId(13).toLowerCase(),
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
    details,
    links,
  };
}
const validationError = (ctx: Context, details: unknown[]) =>
  paypalError(ctx, 400, 'VALIDATION_ERROR', 'Invalid request - see details', details);
const notFound = (ctx: Context) => paypalError(ctx, 404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
