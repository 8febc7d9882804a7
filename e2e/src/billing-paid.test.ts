import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodUsage } from '@belegfluss/db';
import { billingStateQuery, billingWorkflowId } from '@belegfluss/workflows';
import { spend, subscribe } from './billing-helpers';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';

// Its own time-skipping server: the months this test lets pass must not move other tests' shops.
let stack: Stack;
const PAID = 'abo-laden.myshopify.com';

beforeAll(async () => {
  stack = await startStack({ timeSkipping: true });
  await merchant(stack, PAID).createShop();
  await merchant(stack, PAID).install();
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a paid shop through three billing cycles', () => {
  it("resets on Shopify's cycle (after the trial, then every 30 days) and keeps every period's usage", async () => {
    const m = merchant(stack, PAID);
    await subscribe(stack, PAID, 'standard');
    const billing = stack.temporal.client.workflow.getHandle(billingWorkflowId(PAID));
    const sub = (
      (await (await fetch(`${stack.sandbox.urls.control}/control/shops/${PAID}`)).json()) as {
        appSubscriptions: { status: string; currentPeriodEnd: string }[];
      }
    ).appSubscriptions.find((s) => s.status === 'ACTIVE')!;
    // Shopify's first cycle starts when the 7-day trial ends: that is the first reset.
    const trialEnd = Date.parse(sub.currentPeriodEnd) - 30 * 86_400_000;
    await eventually(
      async () => Math.abs(Date.parse((await billing.query(billingStateQuery)).resetAt ?? '0') - trialEnd) < 1000,
    );

    const used = [3, 5, 7, 1];
    await spend(stack, PAID, used[0]!);
    for (const [cycle, sleep] of ['8 days', '30 days', '30 days'].entries()) {
      await stack.temporal.sleep(sleep);
      await eventually(async () => (await billing.query(billingStateQuery)).rollovers === cycle + 1, 60_000);
      await spend(stack, PAID, used[cycle + 1]!);
    }
    const state = await billing.query(billingStateQuery);
    expect(Date.parse(state.resetAt!)).toBe(Date.parse(sub.currentPeriodEnd) + 2 * 30 * 86_400_000);
    const periods = await periodUsage(stack.db, PAID);
    expect(periods.map((p) => p.used)).toEqual(used);
    expect(periods.filter((p) => p.resetAt)).toHaveLength(3);
    expect(Date.parse(periods[1]!.periodStart)).toBe(trialEnd);
    const credits = (await m.api<{ plan: { credits: { used: number; quota: number; resetAt: string } } }>('/api/shop'))
      .plan.credits;
    expect(credits).toEqual({ used: 1, quota: 300, resetAt: state.resetAt, importBoost: null });
  }, 600_000);
});
