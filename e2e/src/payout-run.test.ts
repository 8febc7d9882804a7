import { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundTaskQueue, payoutRunWorkflowId } from '@belegfluss/workflows';
import { validatePain001 } from '@belegfluss/workflows/sepa-xsd';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { eventLogTable, partnersTable, payoutsTable, redemptionsTable, shopsTable } from '@belegfluss/db/testing';
import { redemption as seedRedemption } from './partners';

// The monthly payout run on Temporal's time-skipping server, with PayPal's stand-in and the SEPA file.
let stack: Stack;
const SUPPORT = 'support.myshopify.com';
const PAYPAL = 'partner-paypal.myshopify.com';
const BANK = 'partner-bank.myshopify.com';
const SMALL = 'partner-klein.myshopify.com';
const MONTH = '2026-12-01';

const redemption = (partner: string, shop: string, provision: number, daysAgo: number, paying = true) =>
  seedRedemption(stack, partner, shop, provision, daysAgo, paying);

beforeAll(async () => {
  // Confirming the bank's execution is the operator's: the support shop's staff user is listed as one.
  process.env.OPERATOR_STAFF = `${SUPPORT}:${DEFAULT_STAFF_USER_ID}`;
  stack = await startStack({ timeSkipping: true });
  for (const shop of [SUPPORT, PAYPAL, BANK, SMALL]) {
    await merchant(stack, shop).createShop();
    await merchant(stack, shop).install();
  }
  await shopsTable.update(stack.db, {}, { partner: true }, { in: { id: [PAYPAL, BANK, SMALL] } });
  await partnersTable.insert(stack.db, [
    {
      shopId: PAYPAL,
      email: 'partner@paypal-partner.de',
      payoutGateway: 'paypal',
      paypalEmail: 'auszahlung@paypal-partner.de',
    },
    {
      shopId: BANK,
      email: 'partner@bank-partner.de',
      payoutGateway: 'bank',
      bankName: 'Commerzbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      address: { name: 'Kaffeerösterei Müller' },
    },
    { shopId: SMALL, email: 'partner@klein.de', payoutGateway: 'paypal', paypalEmail: 'klein@example.de' },
  ]);
  await redemption(PAYPAL, 'kunde-1.myshopify.com', 40, 50);
  await redemption(PAYPAL, 'kunde-2.myshopify.com', 30, 47);
  await redemption(PAYPAL, 'kunde-3.myshopify.com', 25, 10); // still in its lock period
  await redemption(PAYPAL, 'kunde-4.myshopify.com', 35, 60, false); // ended after its lock period: declined
  await redemption(BANK, 'kunde-5.myshopify.com', 75, 90);
  await redemption(SMALL, 'kunde-6.myshopify.com', 20, 50); // below the threshold of 50
}, 240_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the partner payout run', () => {
  it('pays PayPal through the Payouts API and SEPA after the admin confirms the validated file', async () => {
    await fetch(`${stack.sandbox.urls.control}/control/paypal/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ processingReads: 2, failNext: [503], webhooks: false, completeAfterMs: 0 }),
    });
    const handle = await stack.temporal.client.workflow.start('payoutRunWorkflow', {
      taskQueue: backgroundTaskQueue(stack.settings.taskQueue),
      workflowId: payoutRunWorkflowId(MONTH),
      args: [{ month: MONTH }],
    });

    // Verified provisions above the threshold became one payout per partner, with the gateway's fee.
    const payouts = await eventually(async () => {
      const p = await payoutsTable.list(stack.db, {}, { orderBy: 'gateway' });
      return p.length === 2 && p;
    });
    expect(payouts).toMatchObject([
      { partnerShopId: BANK, gateway: 'bank', provisions: 75, fee: 0 },
      {
        partnerShopId: PAYPAL,
        gateway: 'paypal',
        provisions: 70,
        fee: 2.45,
        recipient: 'auszahlung@paypal-partner.de',
      },
    ]);
    const statuses = Object.fromEntries(
      (await redemptionsTable.select(stack.db, ['shopId', 'status'])).map((r) => [r.shopId, r.status]),
    );
    expect(statuses).toMatchObject({
      'kunde-3.myshopify.com': 'subscribed',
      'kunde-4.myshopify.com': 'declined',
      'kunde-6.myshopify.com': 'verified',
    });

    // No webhook this time: PayPal says PROCESSING for two reads; hours pass on the durable timer, then SUCCESS.
    await stack.temporal.sleep('3 hours');
    const paypal = await eventually(async () => {
      const p = await payoutsTable.one(stack.db, { gateway: 'paypal' });
      return p.status === 'paid' && p;
    });
    expect(paypal.paymentAt).toBeTruthy();
    const batches = (
      (await (await fetch(`${stack.sandbox.urls.control}/control/paypal`)).json()) as {
        batches: { status: string; items: { receiver: string; amount: { value: string } }[] }[];
      }
    ).batches;
    expect(batches).toEqual([
      {
        id: expect.any(String),
        senderBatchId: expect.any(String),
        status: 'SUCCESS',
        items: [
          expect.objectContaining({
            receiver: 'auszahlung@paypal-partner.de',
            amount: { value: '67.55', currency: 'EUR' },
          }),
        ],
      },
    ]);
    expect(
      await redemptionsTable.pluck(
        stack.db,
        'status',
        {},
        { in: { shopId: ['kunde-1.myshopify.com', 'kunde-2.myshopify.com'] } },
      ),
    ).toEqual(['paid', 'paid']);

    // The SEPA file waits for the admin: download, validate against the official XSD, confirm.
    const support = merchant(stack, SUPPORT);
    const runs = await eventually(async () => {
      const r = await support.api<{ items: { id: string; status: string; hasSepaFile: boolean }[] }>(
        '/api/admin/payout-runs',
      );
      return r.items[0]?.hasSepaFile && r.items;
    });
    expect(runs[0]!.status).toBe('awaiting');
    const file = await fetch(`${stack.gatewayUrl}/api/admin/payout-runs/${runs[0]!.id}/sepa`, {
      headers: { Authorization: `Bearer ${await support.token()}` },
    });
    expect(file.headers.get('content-disposition')).toContain('belegfluss-auszahlung-2026-12.xml');
    const xml = await file.text();
    expect(await validatePain001(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toContain('Kaffeeroesterei Mueller');
    expect((await payoutsTable.one(stack.db, { gateway: 'bank' })).status).toBe('scheduled');
    const partnerView = await merchant(stack, BANK).api<{ payouts: { scheduled: number; paid: number } }>(
      '/api/partner',
    );
    expect(partnerView.payouts).toEqual({ scheduled: 75, paid: 0 });

    const confirmed = await support.api<{ run: { status: string } }>(`/api/admin/payout-runs/${runs[0]!.id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ executed: true }),
    });
    expect(confirmed.run.status).toBe('paid');
    expect(await handle.result()).toMatchObject({ result: 'paid', paypal: 1, bank: 1 });
    expect(
      (await merchant(stack, BANK).api<{ payouts: { scheduled: number; paid: number } }>('/api/partner')).payouts,
    ).toEqual({ scheduled: 0, paid: 75 });
    expect(
      (await merchant(stack, PAYPAL).api<{ payouts: { scheduled: number; paid: number } }>('/api/partner')).payouts,
    ).toEqual({ scheduled: 0, paid: 70 });
    // A second confirmation is refused, in German.
    const again = await fetch(`${stack.gatewayUrl}/api/admin/payout-runs/${runs[0]!.id}/confirm`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await support.token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ executed: true }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Die Ausführung dieser SEPA-Datei wurde bereits bestätigt.',
    );
  }, 600_000);

  it("wakes on PayPal's verified PAYMENT.PAYOUTSBATCH webhook instead of waiting for the next hourly check; a forged one is refused", async () => {
    await fetch(`${stack.sandbox.urls.control}/control/paypal/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ processingReads: 100, webhooks: true, completeAfterMs: 1500 }),
    });
    // A plain client: waiting on it does not let the time-skipping server skip time.
    const client = new Client({ connection: stack.temporal.connection });
    await redemption(PAYPAL, 'kunde-7.myshopify.com', 55, 50);
    const handle = await client.workflow.start('payoutRunWorkflow', {
      taskQueue: backgroundTaskQueue(stack.settings.taskQueue),
      workflowId: payoutRunWorkflowId('2027-01-01'),
      args: [{ month: '2027-01-01' }],
    });
    // No time is skipped here: only the webhook can end the hour's wait.
    expect(await handle.result()).toMatchObject({ result: 'paid', paypal: 1, bank: 0 });
    const signals = (await handle.fetchHistory()).events!.filter(
      (e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'paypalBatchChanged',
    );
    expect(signals.length).toBeGreaterThan(0);
    expect(await payoutsTable.pluck(stack.db, 'status', { partnerShopId: PAYPAL }, { orderBy: 'createdAt' })).toEqual([
      'paid',
      'paid',
    ]);

    const verifications = async () =>
      ((await (await fetch(`${stack.sandbox.urls.control}/control/paypal`)).json()) as { verifications: number })
        .verifications;
    const checked = await verifications();
    const forged = await fetch(`${stack.gatewayUrl}/webhooks/paypal`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PAYPAL-TRANSMISSION-ID': 'a7c1f5e0-0000-4000-8000-000000000000',
        'PAYPAL-TRANSMISSION-SIG': 'Zm9yZ2Vk',
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://example.invalid/cert',
      },
      body: JSON.stringify({
        id: 'WH-1',
        event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
        resource: { batch_header: { payout_batch_id: 'X' } },
      }),
    });
    expect(forged.status).toBe(401);
    // About a batch none of our runs sent, or without PayPal's transmission headers: refused without asking PayPal.
    const bare = await fetch(`${stack.gatewayUrl}/webhooks/paypal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS', resource: { batch_header: {} } }),
    });
    expect(bare.status).toBe(401);
    expect(await verifications()).toBe(checked);
  }, 300_000);

  it("cancels a payment nobody claimed after PayPal's 30 days: its provisions go back to the balance, in the partner's log", async () => {
    await fetch(`${stack.sandbox.urls.control}/control/paypal/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        processingReads: 0,
        webhooks: false,
        completeAfterMs: 0,
        itemOutcomes: { 'auszahlung@paypal-partner.de': 'UNCLAIMED' },
        unclaimedReturnAfterMs: 0,
      }),
    });
    await redemption(PAYPAL, 'kunde-8.myshopify.com', 60, 50);
    const handle = await stack.temporal.client.workflow.start('payoutRunWorkflow', {
      taskQueue: stack.settings.taskQueue,
      workflowId: payoutRunWorkflowId('2027-02-01'),
      args: [{ month: '2027-02-01' }],
    });
    const payout = await eventually(async () => {
      const p = await payoutsTable.first(stack.db, { partnerShopId: PAYPAL, status: 'scheduled' });
      return p?.paypalItemStatus === 'UNCLAIMED' && p;
    });
    // A week of hourly checks and three of daily ones pass; then the run cancels the item at PayPal.
    await stack.temporal.sleep('31 days');
    expect(await handle.result()).toMatchObject({ paypal: 1 });
    const after = await payoutsTable.one(stack.db, { id: payout.id });
    expect(after.status).toBe('failed');
    expect(after.failure).toContain('zurückgebucht');
    expect(await redemptionsTable.one(stack.db, { shopId: 'kunde-8.myshopify.com' })).toMatchObject({
      status: 'verified',
      payoutId: null,
    });
    const listed = (await (await fetch(`${stack.sandbox.urls.control}/control/paypal`)).json()) as {
      batches: { items: { sender_item_id: string; transaction_status: string }[] }[];
    };
    expect(listed.batches.flatMap((b) => b.items).find((i) => i.sender_item_id === payout.id)?.transaction_status).toBe(
      'RETURNED',
    );
    const log = await eventLogTable.list(stack.db, { shopId: PAYPAL, event: 'payout.failed' });
    expect(log.map((l) => (l.body as { message: string }).message)).toEqual([after.failure]);
  }, 300_000);
});
