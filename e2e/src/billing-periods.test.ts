import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodUsage } from '@belegfluss/db';
import { billingStateQuery, billingWorkflowId } from '@belegfluss/workflows';
import { spend, subscribe } from './billing-helpers';
import { eventually, merchant } from './merchant';
import { orderSettled } from './settled';
import { startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, purchasesTable, shopsTable } from '@belegfluss/db/testing';

// The whole stack on Temporal's time-skipping server: a month passes in one env.sleep.
let stack: Stack;
const FREE = 'monatsladen.myshopify.com';
const UPGRADE = 'aufstocker.myshopify.com';
const INBOX = 'inhaber@monatsladen.de';
const SOON = 'Deine Belegfluss-Transfers sind bald aufgebraucht';
const NOW = 'Deine Belegfluss-Transfers sind aufgebraucht';

interface Caught {
  subject: string;
}
const subjects = async () =>
  (
    (await (
      await fetch(`${stack.sandbox.urls.control}/control/mail?to=${encodeURIComponent(INBOX)}`)
    ).json()) as Caught[]
  )
    .map((m) => m.subject)
    .sort();
const invoices = (shop: string) =>
  documentsTable.list(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] });

/**
 * A paid order; resolves once its invoice was created or refused for want of transfers, and every webhook of the
 * order has been handled, so that only what the test does next can move it on.
 */
async function paidOrder(shop: string): Promise<'created' | 'NO_CREDITS'> {
  const m = merchant(stack, shop);
  const { order } = await m.createOrder({ scenario: 'de_b2c' });
  await m.payOrder(order.id);
  const outcome = await explained(
    shop,
    eventually(async () => {
      const doc = (await invoices(shop)).find((d) => d.orderId === String(order.id));
      if (doc) return 'created' as const;
      const refused = await documentsTable.one(
        stack.db,
        { shopId: shop, orderId: String(order.id) },
        { notNull: ['waitingSince'] },
      );
      return refused && ('NO_CREDITS' as const);
    }, 120_000),
  );
  await orderSettled(stack, shop, order.id);
  return outcome;
}

/**
 * A wait that timed out says where the chain stopped (documents, purchase, period, billing
 * workflow, last log entries), so a failure under a loaded `npm test` can be read, not guessed.
 */
async function explained<T>(shop: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    const state = await stack.temporal.client.workflow
      .getHandle(billingWorkflowId(shop))
      .query(billingStateQuery)
      .catch((e: unknown) => String(e));
    const facts = {
      documents: await documentsTable.select(
        stack.db,
        ['orderId', 'type', 'waitingSince', 'resumedAt'],
        { shopId: shop },
        { isNull: ['lexwareId'] },
      ),
      purchases: await purchasesTable.select(stack.db, ['feature', 'status', 'activatedAt'], { shopId: shop }),
      period: await shopsTable.first(stack.db, { id: shop }),
      usage: await periodUsage(stack.db, shop),
      billing: state,
      log: (
        await eventLogTable.select(
          stack.db,
          ['event', 'orderId', 'body'],
          { shopId: shop },
          { orderBy: 'id', desc: true, limit: 8 },
        )
      ).reverse(),
    };
    throw new Error(`${(error as Error).message}\n${JSON.stringify(facts, null, 1)}`);
  }
}

beforeAll(async () => {
  stack = await startStack({ timeSkipping: true });
  const m = merchant(stack, FREE);
  await m.createShop();
  await m.install();
  await m.connectLexware();
  await m.api('/api/preferences/general', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: INBOX }),
  });
  await merchant(stack, UPGRADE).createShop();
  await merchant(stack, UPGRADE).install();
  await merchant(stack, UPGRADE).connectLexware();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a free shop through a month', () => {
  it('12 paid orders give 10 invoices and 2 waiting; a month later 12 invoices, no duplicate, each notification once', async () => {
    const billing = stack.temporal.client.workflow.getHandle(billingWorkflowId(FREE));
    const first = await eventually(async () => (await billing.query(billingStateQuery)).resetAt ?? false);
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) outcomes.push(await paidOrder(FREE));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(10);
    expect(outcomes.slice(10)).toEqual(['NO_CREDITS', 'NO_CREDITS']);

    // They wait visibly: in the order list and in the order's log.
    const list = await merchant(stack, FREE).api<{ items: { id: string; waitingForTransfers: boolean }[] }>(
      '/api/orders',
    );
    const waiting = list.items.filter((o) => o.waitingForTransfers);
    expect(waiting).toHaveLength(2);
    const log = await merchant(stack, FREE).api<{ items: { body: { message?: string } }[] }>(
      `/api/shop/logs?order=${waiting[0]!.id}`,
    );
    expect(log.items.map((e) => e.body.message)).toContain('wartet auf Übertragungen');
    await eventually(async () => (await subjects()).length === 2);

    // A month passes: the period rolls over at its end, and the waiting orders go on by themselves.
    await stack.temporal.sleep('31 days');
    await eventually(async () => (await invoices(FREE)).length === 12, 120_000);
    const state = await billing.query(billingStateQuery);
    expect(state).toMatchObject({ rollovers: 1, resumed: 2 });
    expect(Date.parse(state.resetAt!)).toBeGreaterThan(Date.parse(first));
    const shop = (
      await merchant(stack, FREE).api<{ plan: { credits: { used: number; quota: number; resetAt: string } } }>(
        '/api/shop',
      )
    ).plan.credits;
    expect(shop).toMatchObject({ used: 2, quota: 10, resetAt: state.resetAt });
    expect((await periodUsage(stack.db, FREE)).map((p) => p.used)).toEqual([10, 2]);

    // Exactly one document per order, in our rows and in Lexware, and the resumption is logged in German.
    const docs = await invoices(FREE);
    expect(new Set(docs.map((d) => d.orderId)).size).toBe(12);
    const inLexware = (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/invoices`)).json()) as {
      id: string;
    }[];
    expect(inLexware).toHaveLength(12);
    const resumed = await eventLogTable.list(stack.db, { shopId: FREE, event: 'invoice.resumed' });
    expect(resumed.map((r) => (r.body as { message: string }).message)).toEqual(
      Array(2).fill('Übertragungen wieder verfügbar – die Bestellung wird fortgesetzt'),
    );
    expect(
      await merchant(stack, FREE)
        .api<{ items: { waitingForTransfers: boolean }[] }>('/api/orders')
        .then((l) => l.items.filter((o) => o.waitingForTransfers)),
    ).toHaveLength(0);
    expect(await subjects()).toEqual([NOW, SOON]);
  }, 900_000);
});

describe('an upgrade', () => {
  it('resumes the orders that waited for transfers at once, without waiting for the period to end', async () => {
    await spend(stack, UPGRADE, 10);
    expect([await paidOrder(UPGRADE), await paidOrder(UPGRADE)]).toEqual(['NO_CREDITS', 'NO_CREDITS']);
    await subscribe(stack, UPGRADE, 'standard');
    await explained(
      UPGRADE,
      eventually(async () => (await invoices(UPGRADE)).length === 2, 120_000),
    );
    expect(await eventLogTable.list(stack.db, { shopId: UPGRADE, event: 'invoice.resumed' })).toHaveLength(2);
  }, 300_000);

  it('and so does the import purchase, which multiplies the quota', async () => {
    await spend(stack, UPGRADE, 288); // with the 12 before, the Standard plan's 300 are used up
    expect(await paidOrder(UPGRADE)).toBe('NO_CREDITS');
    const { confirmationUrl } = await merchant(stack, UPGRADE).api<{ confirmationUrl: string }>(
      '/api/plan/purchase/orderImport',
      { method: 'POST' },
    );
    const approved = await fetch(confirmationUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect((await fetch(approved.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
    await explained(
      UPGRADE,
      eventually(async () => (await invoices(UPGRADE)).length === 3, 120_000),
    );
    expect(
      (await merchant(stack, UPGRADE).api<{ plan: { credits: { used: number; quota: number } } }>('/api/shop')).plan
        .credits,
    ).toEqual(expect.objectContaining({ used: 301, quota: 1500 }));
  }, 300_000);
});
