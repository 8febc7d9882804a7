import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { payoutRunWorkflowId } from '@belegfluss/workflows';
import { payoutsTable, redemptionsTable } from '@belegfluss/db/testing';
import { eventually, merchant } from './merchant';
import { addPartner, redemption } from './partners';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { spawnWorker, startStack, type Stack } from './stack';

// A month's payout run while everything it touches fails: a fifth of PayPal's answers are errors, one
// partner never claims the PayPal payment, another's bank details would be refused by the bank, the
// worker dies twice and the database restarts once (a PostgreSQL of this test's own, so the other
// test files on the machine keep theirs).
let pg: PrivatePostgres;
let stack: Stack;
let worker: ChildProcess;
const SUPPORT = 'support-chaos.myshopify.com';
const PAYPAL = 'partner-paypal-chaos.myshopify.com';
const UNCLAIMED = 'partner-ohne-konto.myshopify.com';
const BANK = 'partner-bank-chaos.myshopify.com';
const FOREIGN_BIC = 'partner-bic-chaos.myshopify.com';
const MONTH = '2026-12-01';
/** Provisions of each partner, with cents that would show any rounding. */
const PROVISIONS: Record<string, number[]> = {
  [PAYPAL]: [33.33, 41.17],
  [UNCLAIMED]: [52.01],
  [BANK]: [19.99, 20.01, 37.45],
  [FOREIGN_BIC]: [64.4],
};
const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  pg = await startPrivatePostgres();
  process.env.OPERATOR_STAFF = `${SUPPORT}:${DEFAULT_STAFF_USER_ID}`;
  stack = await startStack({ worker: false, postgresUrl: pg.url });
  worker = spawnWorker(stack.settings);
  for (const shop of [SUPPORT, PAYPAL, UNCLAIMED, BANK, FOREIGN_BIC]) {
    await merchant(stack, shop).createShop();
    await merchant(stack, shop).install();
  }
  await addPartner(stack, PAYPAL, { paypalEmail: 'auszahlung@paypal-chaos.de' });
  await addPartner(stack, UNCLAIMED, { paypalEmail: 'niemand@ohne-konto.de' });
  await addPartner(stack, BANK, { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', name: 'Kaffeerösterei Müller' });
  // Saved before the form checked IBAN and BIC as a pair: a German account with a French bank's BIC.
  await addPartner(stack, FOREIGN_BIC, { iban: 'DE75512108001245126199', bic: 'BNPAFRPPXXX', name: 'Grenzgänger' });
  let n = 0;
  for (const [partner, amounts] of Object.entries(PROVISIONS))
    for (const amount of amounts) await redemption(stack, partner, `chaos-kunde-${++n}.myshopify.com`, amount, 50);
  await fetch(`${stack.sandbox.urls.control}/control/paypal/knobs`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      failRate: 0.2,
      processingReads: 1,
      completeAfterMs: 1500,
      webhooks: true,
      itemOutcomes: { 'niemand@ohne-konto.de': 'UNCLAIMED' },
      // PayPal gives an unclaimed payment back after 30 days; here after a few seconds.
      unclaimedReturnAfterMs: 5000,
    }),
  });
}, 300_000);
afterAll(async () => {
  delete process.env.OPERATOR_STAFF;
  worker?.kill('SIGKILL');
  await stack?.stop();
  await pg?.stop();
});

function killWorker(): void {
  worker.kill('SIGKILL');
  worker = spawnWorker(stack.settings);
}

describe('a payout run under faults', () => {
  it('pays every provision exactly once or gives it back, sets the bad account aside, and ends', async () => {
    const began = Date.now();
    const handle = await stack.temporal.client.workflow.start('payoutRunWorkflow', {
      taskQueue: stack.settings.taskQueue,
      workflowId: payoutRunWorkflowId(MONTH),
      args: [{ month: MONTH }],
    });
    await eventually(async () => (await payoutsTable.list(stack.db)).length === 4, 120_000);
    killWorker();
    await eventually(async () => {
      const listed = (await (await fetch(`${stack.sandbox.urls.control}/control/paypal`)).json()) as {
        batches: unknown[];
      };
      return listed.batches.length === 1;
    }, 180_000);
    await pg.restart();
    await eventually(
      async () => (await payoutsTable.list(stack.db, { gateway: 'bank' })).some((p) => p.sentAt),
      180_000,
    );
    killWorker();

    // PayPal: one paid, one given back once PayPal returned the unclaimed payment.
    await eventually(async () => {
      const paypal = await payoutsTable.list(stack.db, { gateway: 'paypal' });
      return paypal.every((p) => p.status !== 'scheduled');
    }, 240_000);

    // The admin confirms the bank's execution of the file, which holds the good account only.
    const support = merchant(stack, SUPPORT);
    const run = await eventually(async () => {
      const r = await support.api<{ items: { id: string; month: string; hasSepaFile: boolean }[] }>(
        '/api/admin/payout-runs',
      );
      return r.items.find((i) => i.month === MONTH && i.hasSepaFile);
    }, 120_000);
    const file = await (
      await fetch(`${stack.gatewayUrl}/api/admin/payout-runs/${run.id}/sepa`, {
        headers: { Authorization: `Bearer ${await support.token()}` },
      })
    ).text();
    expect(file).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(file).not.toContain('DE75512108001245126199');
    await support.api(`/api/admin/payout-runs/${run.id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ executed: true }),
    });
    expect(await handle.result()).toMatchObject({ result: 'paid', paypal: 2, bank: 2 });
    const history = (await handle.fetchHistory()).events ?? [];
    const retried = history.filter((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1).length;
    const started = history.filter((e) => e.activityTaskScheduledEventAttributes).length;
    console.log(
      `payout chaos: ${started} activities, ${retried} retried attempts, 2 worker kills, 1 PostgreSQL restart, ` +
        `${Math.round((Date.now() - began) / 1000)} s from start to the run's end`,
    );

    // Each partner's payout ended as it should, with the reason where it was not paid.
    const payouts = await payoutsTable.list(stack.db);
    const of = (shop: string) => payouts.find((p) => p.partnerShopId === shop)!;
    expect(of(PAYPAL)).toMatchObject({ status: 'paid', failure: null });
    expect(of(BANK)).toMatchObject({ status: 'paid', failure: null });
    expect(of(UNCLAIMED)).toMatchObject({ status: 'failed' });
    expect(of(UNCLAIMED).failure).toContain('nicht angenommen');
    expect(of(FOREIGN_BIC)).toMatchObject({ status: 'failed' });
    expect(of(FOREIGN_BIC).failure).toContain('Die BIC gehört zu einer Bank in Frankreich');
    // The partner sees it in the partner area too.
    const seen = await merchant(stack, FOREIGN_BIC).api<{ items: { status: string; failure: string | null }[] }>(
      '/api/partner/payouts',
    );
    expect(seen.items[0]).toMatchObject({ status: 'failed', failure: of(FOREIGN_BIC).failure });

    // Every provision ended exactly once: paid with a paid payout, or back in the balance.
    const redemptions = await redemptionsTable.list(stack.db, {}, { notNull: ['provision'] });
    const paidPayouts = new Set(payouts.filter((p) => p.status === 'paid').map((p) => p.id));
    for (const r of redemptions)
      if (r.status === 'paid') expect(paidPayouts.has(r.payoutId!)).toBe(true);
      else expect(r).toMatchObject({ status: 'verified', payoutId: null });
    const paidSum = redemptions.filter((r) => r.status === 'paid').reduce((s, r) => s + cents(Number(r.provision)), 0);
    const backSum = redemptions.filter((r) => r.status !== 'paid').reduce((s, r) => s + cents(Number(r.provision)), 0);
    const expected = (shops: string[]) => shops.flatMap((s) => PROVISIONS[s]!).reduce((s, v) => s + cents(v), 0);
    expect(paidSum).toBe(expected([PAYPAL, BANK]));
    expect(backSum).toBe(expected([UNCLAIMED, FOREIGN_BIC]));
    // The sums of the paid payouts are the sums of their provisions, to the cent.
    for (const p of payouts.filter((x) => x.status === 'paid'))
      expect(cents(Number(p.provisions))).toBe(
        redemptions.filter((r) => r.payoutId === p.id).reduce((s, r) => s + cents(Number(r.provision)), 0),
      );
    // PayPal paid exactly one item to the partner with an account, once.
    const batches = (
      (await (await fetch(`${stack.sandbox.urls.control}/control/paypal`)).json()) as {
        batches: { items: { receiver: string; transaction_status: string }[] }[];
      }
    ).batches;
    expect(batches).toHaveLength(1);
    expect(batches[0]!.items.filter((i) => i.transaction_status === 'SUCCESS').map((i) => i.receiver)).toEqual([
      'auszahlung@paypal-chaos.de',
    ]);
  }, 900_000);
});
