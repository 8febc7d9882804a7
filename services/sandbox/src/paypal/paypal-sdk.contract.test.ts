import paypal from '@paypal/payouts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import type { RunningSandbox } from '../index.js';
import { startTestSandbox } from '../test-support.js';

// PayPal's own Payouts SDK against the stand-in: what it sends and reads must work unchanged against PayPal.
let sb: RunningSandbox;
let client: InstanceType<typeof paypal.core.PayPalHttpClient>;

const environment = (clientId: string, secret: string) =>
  new paypal.core.PayPalEnvironment(clientId, secret, sb.urls.paypal, sb.urls.paypal);

interface Item {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: string;
  payout_batch_id: string;
  payout_item: { receiver: string; sender_item_id: string; amount: { value: string; currency: string } };
  errors?: { name: string };
  links: { rel: string; href: string }[];
}
interface BatchPage {
  total_items?: number;
  total_pages?: number;
  batch_header: { payout_batch_id: string; batch_status: string };
  items: Item[];
  links: { rel: string; href: string }[];
}

function payout(senderBatchId: string, items: { receiver: string; value: string }[]) {
  return new paypal.payouts.PayoutsPostRequest().requestBody({
    sender_batch_header: { sender_batch_id: senderBatchId, email_subject: 'Provision' },
    items: items.map((i, n) => ({
      recipient_type: 'EMAIL',
      amount: { value: i.value, currency: 'EUR' },
      receiver: i.receiver,
      note: 'Provision November',
      sender_item_id: `${senderBatchId}-${n}`,
    })),
  });
}

/** The SDK rejects with the HTTP status and PayPal's error body as text. */
async function refusal(call: Promise<unknown>): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const err = (await call.then(
    () => expect.unreachable('PayPal accepted the call'),
    (e: unknown) => e,
  )) as { statusCode: number; message: string };
  return { statusCode: err.statusCode, body: JSON.parse(err.message) as Record<string, unknown> };
}

beforeAll(async () => {
  sb = await startTestSandbox();
  // Every batch ends at its first status read: its items as itemOutcomes say.
  await fetch(`${sb.urls.control}/control/paypal/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      processingReads: 0,
      completeAfterMs: 0,
      webhooks: false,
      itemOutcomes: { 'ohne-konto@example.de': 'UNCLAIMED' },
    }),
  });
  client = new paypal.core.PayPalHttpClient(environment(DEV_DEFAULTS.paypalClientId, DEV_DEFAULTS.paypalClientSecret));
});
afterAll(async () => {
  await sb.stop();
});

describe("PayPal's Payouts SDK against the stand-in", () => {
  let batchId: string;

  it('creates a batch and reads it page by page, with next/previous links and totals', async () => {
    const created = await client.execute<{ batch_header: { payout_batch_id: string; batch_status: string } }>(
      payout('sdk-1', [
        { receiver: 'partner-a@example.de', value: '10.00' },
        { receiver: 'ohne-konto@example.de', value: '20.50' },
        { receiver: 'partner-c@example.de', value: '5' },
      ]),
    );
    expect(created.statusCode).toBe(201);
    expect(created.result.batch_header.batch_status).toBe('PENDING');
    batchId = created.result.batch_header.payout_batch_id;

    const first = await client.execute<BatchPage>(
      new paypal.payouts.PayoutsGetRequest(batchId).page(1).pageSize(2).totalRequired(true),
    );
    expect(first.result).toMatchObject({
      total_items: 3,
      total_pages: 2,
      batch_header: { payout_batch_id: batchId, batch_status: 'SUCCESS', amount: { value: '35.50' } },
    });
    expect(first.result.items.map((i) => [i.payout_item.receiver, i.transaction_status])).toEqual([
      ['partner-a@example.de', 'SUCCESS'],
      ['ohne-konto@example.de', 'UNCLAIMED'],
    ]);
    expect(first.result.items[1]!.errors?.name).toBe('RECEIVER_UNREGISTERED');
    const rels = Object.fromEntries(first.result.links.map((l) => [l.rel, l.href]));
    expect(rels.self).toBe(`${sb.urls.paypal}/v1/payments/payouts/${batchId}?page_size=2&page=1`);
    expect(rels.next).toBe(`${sb.urls.paypal}/v1/payments/payouts/${batchId}?page_size=2&page=2`);
    expect(rels.previous).toBeUndefined();

    const second = await client.execute<BatchPage>(new paypal.payouts.PayoutsGetRequest(batchId).page(2).pageSize(2));
    expect(second.result.total_items).toBeUndefined();
    expect(second.result.items.map((i) => i.payout_item.receiver)).toEqual(['partner-c@example.de']);
    expect(second.result.links.map((l) => l.rel).sort()).toEqual(['previous', 'self']);

    const whole = await client.execute<BatchPage>(new paypal.payouts.PayoutsGetRequest(batchId));
    expect(whole.result.items).toHaveLength(3);
    expect(whole.result.links.map((l) => l.rel)).toEqual(['self']);
  });

  it('reads one item, cancels an UNCLAIMED one (RETURNED) and refuses to cancel a paid or cancelled one', async () => {
    const { result } = await client.execute<BatchPage>(new paypal.payouts.PayoutsGetRequest(batchId));
    const paid = result.items.find((i) => i.transaction_status === 'SUCCESS')!;
    const unclaimed = result.items.find((i) => i.transaction_status === 'UNCLAIMED')!;

    const one = await client.execute<Item & { sender_batch_id: string }>(
      new paypal.payouts.PayoutsItemGetRequest(paid.payout_item_id),
    );
    expect(one.result).toMatchObject({
      payout_item_id: paid.payout_item_id,
      transaction_status: 'SUCCESS',
      transaction_id: expect.any(String),
      payout_batch_id: batchId,
      sender_batch_id: 'sdk-1',
      payout_item: { receiver: 'partner-a@example.de', sender_item_id: 'sdk-1-0', amount: { value: '10.00' } },
    });
    expect(one.result.links.map((l) => l.rel)).toEqual(['self', 'batch']);

    const cancelled = await client.execute<Item>(new paypal.payouts.PayoutsItemCancelRequest(unclaimed.payout_item_id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.result).toMatchObject({
      payout_item_id: unclaimed.payout_item_id,
      transaction_status: 'RETURNED',
    });
    const reread = await client.execute<Item>(new paypal.payouts.PayoutsItemGetRequest(unclaimed.payout_item_id));
    expect(reread.result.transaction_status).toBe('RETURNED');

    const again = await refusal(client.execute(new paypal.payouts.PayoutsItemCancelRequest(unclaimed.payout_item_id)));
    expect(again).toMatchObject({ statusCode: 400, body: { name: 'ITEM_ALREADY_CANCELLED' } });
    const notUnclaimed = await refusal(
      client.execute(new paypal.payouts.PayoutsItemCancelRequest(paid.payout_item_id)),
    );
    expect(notUnclaimed).toMatchObject({ statusCode: 400, body: { name: 'ITEM_INCORRECT_STATUS' } });
    const unknown = await refusal(client.execute(new paypal.payouts.PayoutsItemGetRequest('NOSUCHITEM')));
    expect(unknown).toMatchObject({ statusCode: 404, body: { name: 'INVALID_RESOURCE_ID' } });
  });

  it('refuses a repeated sender_batch_id, a zero amount and a page size outside 1..1000', async () => {
    const repeated = await refusal(
      client.execute(payout('sdk-1', [{ receiver: 'partner-a@example.de', value: '1.00' }])),
    );
    expect(repeated).toMatchObject({
      statusCode: 400,
      body: { name: 'USER_BUSINESS_ERROR', details: [{ field: 'SENDER_BATCH_ID' }] },
    });
    const zero = await refusal(client.execute(payout('sdk-2', [{ receiver: 'partner-a@example.de', value: '0.00' }])));
    expect(zero).toMatchObject({
      statusCode: 400,
      body: {
        name: 'VALIDATION_ERROR',
        details: [{ field: 'items[0].amount.value', location: 'body', issue: 'Amount cannot be zero' }],
      },
    });
    for (const size of [0, 1001]) {
      const paging = await refusal(client.execute(new paypal.payouts.PayoutsGetRequest(batchId).pageSize(size)));
      expect(paging).toMatchObject({
        statusCode: 400,
        body: { name: 'VALIDATION_ERROR', details: [{ field: 'page_size', location: 'query' }] },
      });
    }
  });

  it('gives no token for wrong client credentials', async () => {
    const stranger = new paypal.core.PayPalHttpClient(environment('fremder-client', 'falsches-secret'));
    const refused = await refusal(stranger.execute(new paypal.payouts.PayoutsGetRequest(batchId)));
    expect(refused).toEqual({
      statusCode: 401,
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    });
  });
});
