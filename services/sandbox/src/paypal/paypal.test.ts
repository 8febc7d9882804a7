import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import type { RunningSandbox } from '../index.js';
import { fakeApp, startTestSandbox } from '../test-support.js';

// The PayPal stand-in over real HTTP, as strict as PayPal: credentials, shapes, duplicates, webhooks.
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
const base = () => `${sb.urls.control}/paypal`;
const basic = (id: string = DEV_DEFAULTS.paypalClientId, secret: string = DEV_DEFAULTS.paypalClientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(): Promise<string> {
  const res = await fetch(`${base()}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
const payouts = async (body: unknown, bearer?: string) =>
  fetch(`${base()}/v1/payments/payouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer ?? (await token())}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const batch = (
  id: string,
  items = [
    {
      recipient_type: 'EMAIL',
      amount: { value: '67.55', currency: 'EUR' },
      receiver: 'partner@example.de',
      sender_item_id: 'p-1',
    },
  ],
) => ({ sender_batch_header: { sender_batch_id: id, email_subject: 'Provision' }, items });

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('PayPal stand-in', () => {
  it('gives a token only for the right client credentials and the client_credentials grant', async () => {
    const wrong = await fetch(`${base()}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: basic('x', 'y') },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grant = await fetch(`${base()}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: basic() },
      body: 'grant_type=password',
    });
    expect(grant.status).toBe(400);
    expect(await token()).toMatch(/^A21AA/);
    expect((await payouts(batch('b-0'), 'not-a-token')).status).toBe(401);
  });

  it('creates a batch PENDING, refuses bad items and a reused sender_batch_id like PayPal, and reports SUCCESS', async () => {
    await fetch(`${sb.urls.control}/control/paypal/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ processingReads: 1, completeAfterMs: 0 }),
    });
    const bad = await payouts(
      batch('b-1', [
        {
          recipient_type: 'EMAIL',
          amount: { value: '67.555', currency: 'EUR' },
          receiver: 'kein-mail',
          sender_item_id: 'x',
        },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      name: 'VALIDATION_ERROR',
      details: [{ field: 'items.0.amount.value', location: 'body' }],
    });
    const created = await payouts(batch('b-1'));
    expect(created.status).toBe(201);
    const { batch_header: header } = (await created.json()) as {
      batch_header: { payout_batch_id: string; batch_status: string };
    };
    expect(header.batch_status).toBe('PENDING');
    const again = await payouts(batch('b-1'));
    expect(again.status).toBe(400);
    const dup = (await again.json()) as { name: string; details: { field: string }[]; links: { href: string }[] };
    expect(dup).toMatchObject({ name: 'USER_BUSINESS_ERROR', details: [{ field: 'SENDER_BATCH_ID' }] });
    expect(dup.links[0]!.href).toContain(header.payout_batch_id);

    const read = async () =>
      (await (
        await fetch(`${base()}/v1/payments/payouts/${header.payout_batch_id}`, {
          headers: { Authorization: `Bearer ${await token()}` },
        })
      ).json()) as {
        batch_header: { batch_status: string; amount: { value: string } };
        items: { transaction_status: string }[];
      };
    expect((await read()).batch_header.batch_status).toBe('PROCESSING');
    const done = await read();
    expect(done.batch_header).toMatchObject({ batch_status: 'SUCCESS', amount: { value: '67.55', currency: 'EUR' } });
    expect(done.items[0]!.transaction_status).toBe('SUCCESS');
  });

  it('sends PAYMENT.PAYOUTSBATCH webhooks that only verify-webhook-signature can confirm, unchanged', async () => {
    app.received.length = 0;
    await fetch(`${sb.urls.control}/control/paypal/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ completeAfterMs: 50 }),
    });
    expect((await payouts(batch('b-2'))).status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!app.received.some((r) => r.path === '/webhooks/paypal') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const hook = app.received.find((r) => r.path === '/webhooks/paypal')!;
    const event = JSON.parse(hook.body) as { event_type: string; resource: { batch_header: { batch_status: string } } };
    expect(event).toMatchObject({
      event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
      resource_type: 'payouts',
      resource: { batch_header: { batch_status: 'SUCCESS' } },
    });
    const h = (n: string) => String(hook.headers[n]);
    const verify = async (webhookEvent: unknown, webhookId: string = DEV_DEFAULTS.paypalWebhookId) =>
      (
        (await (
          await fetch(`${base()}/v1/notifications/verify-webhook-signature`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              auth_algo: h('paypal-auth-algo'),
              cert_url: h('paypal-cert-url'),
              transmission_id: h('paypal-transmission-id'),
              transmission_sig: h('paypal-transmission-sig'),
              transmission_time: h('paypal-transmission-time'),
              webhook_id: webhookId,
              webhook_event: webhookEvent,
            }),
          })
        ).json()) as { verification_status: string }
      ).verification_status;
    expect(await verify(event)).toBe('SUCCESS');
    expect(await verify({ ...event, event_type: 'PAYMENT.PAYOUTSBATCH.DENIED' })).toBe('FAILURE');
    expect(await verify(event, 'WH-OTHER')).toBe('FAILURE');
  });
});
