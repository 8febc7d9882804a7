import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { readForm, readJson } from '../http/body.js';
import { body } from '../control/validate.js';

/**
 * A stand-in for PayPal's REST API as far as partner payouts need it, mounted under /paypal on
 * the control port: OAuth client credentials (`POST /v1/oauth2/token`, Basic auth), the Payouts
 * API (`POST /v1/payments/payouts`, `GET /v1/payments/payouts/{id}`) with PayPal's shapes,
 * statuses and error bodies, `PAYMENT.PAYOUTSBATCH.*` webhooks to the app with PayPal's
 * transmission headers and their check (`POST /v1/notifications/verify-webhook-signature`),
 * and fault knobs under /control/paypal.
 */
export interface PayPalKnobs {
  /** Answers for the next calls to the Payouts API, in order (then normal service). */
  failNext: Array<429 | 500 | 503>;
  /** How many status reads a batch shows PROCESSING before it ends. */
  processingReads: number;
  /** How batches end: SUCCESS, or DENIED (e.g. insufficient funds). */
  outcome: 'SUCCESS' | 'DENIED';
  /** A batch also ends by itself this long after it was created, as PayPal's do within minutes (0: only status reads move it). */
  completeAfterMs: number;
  /** Send the webhooks at all (PayPal only sends what the app subscribed to). */
  webhooks: boolean;
}

interface Batch {
  id: string;
  senderBatchId: string;
  status: 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED';
  reads: number;
  created: string;
  completed?: string;
  header: Record<string, unknown>;
  items: {
    payout_item_id: string;
    transaction_id?: string;
    transaction_status: string;
    payout_item: Record<string, unknown>;
  }[];
}

const defaults = (): PayPalKnobs => ({
  failNext: [],
  processingReads: 1,
  outcome: 'SUCCESS',
  completeAfterMs: 3000,
  webhooks: true,
});
const id = (n = 13) =>
  randomBytes(16)
    .toString('base64')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, n);

const Amount = z.object({
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
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
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function paypalError(ctx: Context, status: number, name: string, message: string, details: unknown[] = []): void {
  ctx.status = status;
  ctx.body = {
    name,
    message,
    debug_id: id(13).toLowerCase(),
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
    details,
    links: [],
  };
}

const EVENT_SUMMARY: Record<string, string> = {
  PROCESSING: 'Payouts batch is being processed.',
  SUCCESS: 'Payouts batch completed successfully.',
  DENIED: 'Payouts batch got denied.',
};

export function paypalRoutes(opts: {
  clientId: string;
  clientSecret: string;
  appUrl: string;
  webhookId: string;
  log?: (msg: string) => void;
}) {
  const tokens = new Map<string, number>();
  const batches = new Map<string, Batch>();
  const signingKey = randomBytes(32);
  const transmissions = new Map<string, { sig: string; body: string }>();
  let knobs = defaults();
  let origin = '';

  /** A transmission's signature over id, time, webhook id and the exact body (PayPal signs the CRC32 of it with its certificate). */
  const sign = (id: string, time: string, body: string) =>
    createHmac('sha256', signingKey).update(`${id}|${time}|${opts.webhookId}|${body}`).digest('base64');

  /** PAYMENT.PAYOUTSBATCH.{PROCESSING,SUCCESS,DENIED} to the app's webhook URL, retried a few times like PayPal's. */
  async function notify(batch: Batch): Promise<void> {
    if (!knobs.webhooks) return;
    const event = {
      id: `WH-${id(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts',
      event_type: `PAYMENT.PAYOUTSBATCH.${batch.status}`,
      summary: EVENT_SUMMARY[batch.status] ?? batch.status,
      resource: {
        batch_header: header(batch),
        links: [
          {
            href: `${origin}/paypal/v1/payments/payouts/${batch.id}`,
            rel: 'self',
            method: 'GET',
            encType: 'application/json',
          },
        ],
      },
      links: [],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const sig = sign(transmissionId, time, body);
    transmissions.set(transmissionId, { sig, body });
    const headers = {
      'Content-Type': 'application/json',
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-CERT-URL': `${origin}/paypal/v1/notifications/certs/CERT-360caa42-fca2a594-sandbox`,
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-SIG': sig,
      'PAYPAL-TRANSMISSION-TIME': time,
    };
    for (const delay of [0, 1000, 5000]) {
      await new Promise((r) => setTimeout(r, delay));
      const res = await fetch(`${opts.appUrl}/webhooks/paypal`, { method: 'POST', headers, body }).catch(
        () => undefined,
      );
      if (res?.ok) return;
    }
    opts.log?.(`PayPal webhook ${event.event_type} für ${batch.id} nicht zugestellt`);
  }
  const api = new Router({ prefix: '/paypal' });
  const self = (ctx: Context, batchId: string) => `${ctx.origin}/paypal/v1/payments/payouts/${batchId}`;

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
    const token = `A21AA${id(40)}`;
    tokens.set(token, Date.now() + 32_400_000);
    ctx.body = {
      scope: 'https://uri.paypal.com/services/payments/payouts',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${id(20)}`,
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
    const fault = knobs.failNext.shift();
    if (fault === 429)
      return paypalError(ctx, 429, 'RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.');
    if (fault) return paypalError(ctx, fault, 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');
    await next();
  });

  api.post('/v1/payments/payouts', async (ctx) => {
    const parsed = PayoutRequest.safeParse(await readJson(ctx));
    if (!parsed.success) {
      return paypalError(
        ctx,
        400,
        'VALIDATION_ERROR',
        'Invalid request - see details.',
        parsed.error.issues.map((i) => ({ field: i.path.join('.'), location: 'body', issue: i.message })),
      );
    }
    const req = parsed.data;
    for (const [n, item] of req.items.entries()) {
      const type = item.recipient_type ?? req.sender_batch_header.recipient_type ?? 'EMAIL';
      if (type === 'EMAIL' && !EMAIL.test(item.receiver))
        return paypalError(ctx, 400, 'VALIDATION_ERROR', 'Invalid request - see details.', [
          { field: `items[${n}].receiver`, location: 'body', issue: 'Receiver is invalid or does not match with type' },
        ]);
      if (item.amount.currency !== req.items[0]!.amount.currency)
        return paypalError(ctx, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
          { issue: 'CURRENCY_MISMATCH', description: 'All items of a batch use one currency.' },
        ]);
    }
    const duplicate = [...batches.values()].find((b) => b.senderBatchId === req.sender_batch_header.sender_batch_id);
    if (duplicate) {
      ctx.status = 400;
      ctx.body = {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        debug_id: id(13).toLowerCase(),
        information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
        details: [
          { field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists` },
        ],
        links: [{ href: self(ctx, duplicate.id), rel: 'self', method: 'GET', encType: 'application/json' }],
      };
      return;
    }
    const batch: Batch = {
      id: id(),
      senderBatchId: req.sender_batch_header.sender_batch_id,
      status: 'PENDING',
      reads: 0,
      created: new Date().toISOString(),
      header: req.sender_batch_header,
      items: req.items.map((item) => ({
        payout_item_id: id(),
        transaction_status: 'PENDING',
        payout_item: {
          recipient_type: req.sender_batch_header.recipient_type ?? 'EMAIL',
          recipient_wallet: 'PAYPAL',
          ...item,
        },
      })),
    };
    batches.set(batch.id, batch);
    origin = ctx.origin;
    if (knobs.completeAfterMs > 0) setTimeout(() => advance(batch, true), knobs.completeAfterMs).unref();
    ctx.status = 201;
    ctx.body = {
      batch_header: { sender_batch_header: batch.header, payout_batch_id: batch.id, batch_status: batch.status },
      links: [{ href: self(ctx, batch.id), rel: 'self', method: 'GET', encType: 'application/json' }],
    };
  });

  function header(batch: Batch) {
    const total = batch.items.reduce((s, i) => s + Number((i.payout_item.amount as { value: string }).value), 0);
    const currency = (batch.items[0]!.payout_item.amount as { currency: string }).currency;
    return {
      payout_batch_id: batch.id,
      batch_status: batch.status,
      time_created: batch.created,
      ...(batch.completed ? { time_completed: batch.completed, time_closed: batch.completed } : {}),
      sender_batch_header: batch.header,
      amount: { currency, value: total.toFixed(2) },
      fees: { currency, value: '0.00' },
    };
  }

  api.get('/v1/payments/payouts/:id', (ctx) => {
    const batch = batches.get(ctx.params.id!);
    if (!batch) return paypalError(ctx, 404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    advance(batch);
    const currency = (batch.items[0]!.payout_item.amount as { currency: string }).currency;
    ctx.body = {
      batch_header: header(batch),
      items: batch.items.map((i) => ({
        ...i,
        payout_batch_id: batch.id,
        payout_item_fee: { currency, value: '0.00' },
        ...(batch.completed ? { time_processed: batch.completed } : {}),
      })),
      links: [{ href: self(ctx, batch.id), rel: 'self', method: 'GET', encType: 'application/json' }],
    };
  });

  /** A batch goes PENDING → PROCESSING → its outcome over the status reads (or by itself, completeAfterMs), as PayPal's does over minutes. */
  function advance(batch: Batch, finish = false): void {
    if (batch.status === 'SUCCESS' || batch.status === 'DENIED') return;
    batch.reads++;
    if (!finish && batch.reads <= knobs.processingReads) {
      if (batch.status !== 'PROCESSING') {
        batch.status = 'PROCESSING';
        void notify(batch);
      }
      return;
    }
    batch.status = knobs.outcome;
    batch.completed = new Date().toISOString();
    for (const item of batch.items) {
      item.transaction_status = knobs.outcome === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
      if (knobs.outcome === 'SUCCESS') item.transaction_id = id(17);
    }
    void notify(batch);
  }

  /** PayPal's check of a webhook the app received: SUCCESS only for a transmission we sent, unchanged, to this webhook id. */
  api.post('/v1/notifications/verify-webhook-signature', async (ctx) => {
    const req = (await readJson(ctx)) as Record<string, unknown> | undefined;
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ];
    const missing = required.filter((k) => req?.[k] === undefined || req?.[k] === '');
    if (!req || missing.length > 0)
      return paypalError(
        ctx,
        400,
        'VALIDATION_ERROR',
        'Invalid request - see details.',
        missing.map((field) => ({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' })),
      );
    const sent = transmissions.get(String(req.transmission_id));
    const ok =
      Boolean(sent) &&
      req.webhook_id === opts.webhookId &&
      sent!.sig === req.transmission_sig &&
      sign(String(req.transmission_id), String(req.transmission_time), sent!.body) === sent!.sig &&
      JSON.stringify(req.webhook_event) === sent!.body;
    ctx.body = { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  const control = new Router({ prefix: '/control/paypal' });
  const Knobs = z
    .object({
      failNext: z.array(z.union([z.literal(429), z.literal(500), z.literal(503)])),
      processingReads: z.number().int().min(0).max(100),
      outcome: z.enum(['SUCCESS', 'DENIED']),
      completeAfterMs: z.number().int().min(0).max(3_600_000),
      webhooks: z.boolean(),
    })
    .partial();
  control.get('/', (ctx) => {
    ctx.body = {
      knobs,
      batches: [...batches.values()].map((b) => ({
        id: b.id,
        senderBatchId: b.senderBatchId,
        status: b.status,
        items: b.items.map((i) => i.payout_item),
      })),
    };
  });
  control.put('/knobs', async (ctx) => {
    knobs = { ...knobs, ...(await body(ctx, Knobs)) };
    ctx.body = knobs;
  });
  control.delete('/knobs', (ctx) => {
    knobs = defaults();
    ctx.body = knobs;
  });
  return { api, control };
}
