import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import type { RunningSandbox } from '../index.js';
import { fakeApp, json, startTestSandbox, until, type Received } from '../test-support.js';

// The PayPal stand-in over real HTTP, as strict as PayPal: credentials, shapes, duplicates, items, webhooks, control.
let sb: RunningSandbox;
let app: Awaited<ReturnType<typeof fakeApp>>;
const base = () => sb.urls.paypal;
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
const get = async (path: string) =>
  fetch(`${base()}${path}`, { headers: { Authorization: `Bearer ${await token()}` } });
const item = (receiver: string, value = '67.55', senderItemId = receiver) => ({
  recipient_type: 'EMAIL',
  amount: { value, currency: 'EUR' },
  receiver,
  sender_item_id: senderItemId,
});
const batch = (id: string, items = [item('partner@example.de', '67.55', 'p-1')]) => ({
  sender_batch_header: { sender_batch_id: id, email_subject: 'Provision' },
  items,
});
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sb.urls.control}/control/paypal${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface PayPalItem {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: string;
  payout_batch_id: string;
  payout_item: { receiver: string; sender_item_id: string };
  errors?: { name: string };
}
interface PayPalEvent {
  event_type: string;
  resource_type: string;
  resource: { batch_header?: { batch_status: string }; payout_item_id?: string } & Partial<PayPalItem>;
}
const events = () =>
  app.received
    .filter((r) => r.path === '/webhooks/paypal')
    .map((r) => ({ hook: r, event: JSON.parse(r.body) as PayPalEvent }));
const waitForEvent = async (type: string, itemId?: string) => {
  const find = () =>
    events().find((e) => e.event.event_type === type && (!itemId || e.event.resource.payout_item_id === itemId));
  await until(() => find() !== undefined, 10_000);
  return find()!;
};
/** PayPal's check takes each PAYPAL-* transmission header as a body field (PAYPAL-AUTH-ALGO → auth_algo). */
async function verify(hook: Received, webhookEvent: unknown, webhookId: string = DEV_DEFAULTS.paypalWebhookId) {
  const transmission = Object.fromEntries(
    ['auth-algo', 'cert-url', 'transmission-id', 'transmission-sig', 'transmission-time'].map((name) => [
      name.replace('-', '_'),
      String(hook.headers[`paypal-${name}`]),
    ]),
  );
  const res = await fetch(`${base()}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...transmission, webhook_id: webhookId, webhook_event: webhookEvent }),
  });
  return ((await res.json()) as { verification_status: string }).verification_status;
}
/** Creates a batch that ends at its first status read, and reads it. */
async function completedBatch(id: string, items: ReturnType<typeof item>[]) {
  await control('PUT', '/knobs', { processingReads: 0, completeAfterMs: 0 });
  const created = await json<{ batch_header: { payout_batch_id: string } }>(await payouts(batch(id, items)));
  return json<{ batch_header: { batch_status: string }; items: PayPalItem[] }>(
    await get(`/v1/payments/payouts/${created.batch_header.payout_batch_id}`),
  );
}

beforeAll(async () => {
  app = await fakeApp();
  sb = await startTestSandbox({ appUrl: app.url });
});
beforeEach(async () => {
  await control('DELETE', '/knobs');
  app.received.length = 0;
});
afterAll(async () => {
  await sb.stop();
  await app.close();
});

describe('PayPal stand-in', () => {
  it('serves the API at the root of its own port, no longer under /paypal on the control port', async () => {
    expect(base()).not.toBe(sb.urls.control);
    expect(await token()).toMatch(/^A21AA/);
    const old = await fetch(`${sb.urls.control}/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: basic() },
      body: 'grant_type=client_credentials',
    });
    expect(old.status).toBe(404);
  });

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
    expect((await payouts(batch('b-0'), 'not-a-token')).status).toBe(401);
    expect((await fetch(`${base()}/v1/payments/payouts-item/X`)).status).toBe(401);
  });

  it('creates a batch PENDING, refuses bad items and a reused sender_batch_id like PayPal, and reports SUCCESS', async () => {
    await control('PUT', '/knobs', { processingReads: 1, completeAfterMs: 0 });
    const bad = await payouts(batch('b-1', [item('kein-mail', '67.555')]));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      name: 'VALIDATION_ERROR',
      details: [{ field: 'items[0].amount.value', location: 'body' }],
    });
    const zero = await payouts(batch('b-1', [item('partner@example.de', '0.00')]));
    expect(zero.status).toBe(400);
    expect(await zero.json()).toMatchObject({ details: [{ issue: 'Amount cannot be zero' }] });
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
    expect(dup.links[0]!.href).toBe(`${base()}/v1/payments/payouts/${header.payout_batch_id}`);

    type Read = { batch_header: { batch_status: string }; items: PayPalItem[] };
    const read = async () => json<Read>(await get(`/v1/payments/payouts/${header.payout_batch_id}`));
    expect((await read()).batch_header.batch_status).toBe('PROCESSING');
    const done = await read();
    expect(done.batch_header).toMatchObject({ batch_status: 'SUCCESS', amount: { value: '67.55', currency: 'EUR' } });
    expect(done.items[0]).toMatchObject({ transaction_status: 'SUCCESS', transaction_id: expect.any(String) });
    expect((await get('/v1/payments/payouts/NOSUCHBATCH')).status).toBe(404);
  });

  it('sends PAYMENT.PAYOUTSBATCH webhooks that only verify-webhook-signature can confirm, unchanged', async () => {
    await control('PUT', '/knobs', { completeAfterMs: 50 });
    expect((await payouts(batch('b-2'))).status).toBe(201);
    const { hook, event } = await waitForEvent('PAYMENT.PAYOUTSBATCH.SUCCESS');
    expect(event).toMatchObject({ resource_type: 'payouts', resource: { batch_header: { batch_status: 'SUCCESS' } } });
    expect(hook.headers['paypal-cert-url']).toMatch(new RegExp(`^${base()}/v1/notifications/certs/`));
    expect(await verify(hook, event)).toBe('SUCCESS');
    expect(await verify(hook, { ...event, event_type: 'PAYMENT.PAYOUTSBATCH.DENIED' })).toBe('FAILURE');
    expect(await verify(hook, event, 'WH-OTHER')).toBe('FAILURE');
  });

  it('ends a batch SUCCESS with each item as itemOutcomes says, and sends a verifiable webhook per item', async () => {
    await control('PUT', '/knobs', {
      itemOutcomes: { 'neu@example.de': 'UNCLAIMED', 'weg@example.de': 'FAILED', 'gesperrt@example.de': 'BLOCKED' },
    });
    const done = await completedBatch('b-3', [
      item('bezahlt@example.de'),
      item('neu@example.de'),
      item('weg@example.de'),
      item('gesperrt@example.de'),
    ]);
    expect(done.batch_header.batch_status).toBe('SUCCESS');
    const byReceiver = Object.fromEntries(done.items.map((i) => [i.payout_item.receiver, i]));
    expect(byReceiver['bezahlt@example.de']).toMatchObject({
      transaction_status: 'SUCCESS',
      transaction_id: expect.any(String),
    });
    expect(byReceiver['bezahlt@example.de']!.errors).toBeUndefined();
    expect(byReceiver['neu@example.de']).toMatchObject({
      transaction_status: 'UNCLAIMED',
      transaction_id: expect.any(String),
      errors: { name: 'RECEIVER_UNREGISTERED' },
    });
    expect(byReceiver['weg@example.de']).toMatchObject({
      transaction_status: 'FAILED',
      errors: { name: 'RECEIVER_UNREGISTERED' },
    });
    expect(byReceiver['gesperrt@example.de']).toMatchObject({
      transaction_status: 'BLOCKED',
      errors: { name: 'RECEIVER_ACCOUNT_LOCKED' },
    });
    expect(byReceiver['weg@example.de']!.transaction_id).toBeUndefined();
    expect(byReceiver['gesperrt@example.de']!.transaction_id).toBeUndefined();

    for (const [receiver, type] of [
      ['bezahlt@example.de', 'SUCCEEDED'],
      ['neu@example.de', 'UNCLAIMED'],
      ['weg@example.de', 'FAILED'],
      ['gesperrt@example.de', 'BLOCKED'],
    ] as const) {
      const { hook, event } = await waitForEvent(`PAYMENT.PAYOUTS-ITEM.${type}`, byReceiver[receiver]!.payout_item_id);
      expect(event).toMatchObject({
        resource_type: 'payouts_item',
        resource: {
          payout_batch_id: byReceiver[receiver]!.payout_batch_id,
          payout_item: { receiver, sender_item_id: receiver },
        },
      });
      expect(await verify(hook, event)).toBe('SUCCESS');
    }

    // The control API lists the items with their ids and statuses, and moves one as PayPal would (the receiver claims it).
    const listed = await json<{
      batches: {
        senderBatchId: string;
        items: { receiver: string; payout_item_id: string; transaction_status: string }[];
      }[];
    }>(await control('GET', ''));
    const items = listed.batches.find((b) => b.senderBatchId === 'b-3')!.items;
    expect(items.map((i) => [i.receiver, i.transaction_status])).toEqual([
      ['bezahlt@example.de', 'SUCCESS'],
      ['neu@example.de', 'UNCLAIMED'],
      ['weg@example.de', 'FAILED'],
      ['gesperrt@example.de', 'BLOCKED'],
    ]);
    const claimed = await control('POST', `/items/${items[1]!.payout_item_id}`, { status: 'SUCCESS' });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toMatchObject({ transaction_status: 'SUCCESS' });
    const { event } = await waitForEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', items[1]!.payout_item_id);
    expect(event.resource).toMatchObject({ transaction_status: 'SUCCESS' });
    expect(event.resource.errors).toBeUndefined();
    expect((await control('POST', `/items/${items[1]!.payout_item_id}`, { status: 'PAID' })).status).toBe(400);
    expect((await control('POST', '/items/NOSUCHITEM', { status: 'SUCCESS' })).status).toBe(404);
  });

  it('returns an UNCLAIMED item to the sender by itself after unclaimedReturnAfterMs', async () => {
    const done = await completedBatch('b-4', [item('neu@example.de')]);
    expect(done.items[0]!.transaction_status).toBe('SUCCESS'); // knobs were reset: every receiver is paid
    await control('PUT', '/knobs', { itemOutcomes: { 'neu@example.de': 'UNCLAIMED' }, unclaimedReturnAfterMs: 100 });
    const later = await completedBatch('b-5', [item('neu@example.de')]);
    const itemId = later.items[0]!.payout_item_id;
    expect(later.items[0]!.transaction_status).toBe('UNCLAIMED');
    const { event } = await waitForEvent('PAYMENT.PAYOUTS-ITEM.RETURNED', itemId);
    expect(event.resource.transaction_status).toBe('RETURNED');
    const reread = await json<PayPalItem>(await get(`/v1/payments/payouts-item/${itemId}`));
    expect(reread.transaction_status).toBe('RETURNED');
  });

  it('moves no item of a batch that has not ended, and reports a DENIED batch as a whole', async () => {
    await control('PUT', '/knobs', { processingReads: 5, completeAfterMs: 0 });
    const created = await json<{ batch_header: { payout_batch_id: string } }>(await payouts(batch('b-6')));
    const listed = await json<{ batches: { id: string; items: { payout_item_id: string }[] }[] }>(
      await control('GET', ''),
    );
    const pending = listed.batches.find((b) => b.id === created.batch_header.payout_batch_id)!.items[0]!;
    expect((await control('POST', `/items/${pending.payout_item_id}`, { status: 'SUCCESS' })).status).toBe(409);

    await control('PUT', '/knobs', { outcome: 'DENIED', processingReads: 0 });
    const denied = await completedBatch('b-7', [item('partner@example.de')]);
    expect(denied.batch_header.batch_status).toBe('DENIED');
    expect(denied.items[0]!.transaction_status).toBe('FAILED');
    await waitForEvent('PAYMENT.PAYOUTSBATCH.DENIED');
    expect(events().filter((e) => e.event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.'))).toEqual([]);
  });
});
