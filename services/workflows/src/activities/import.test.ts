import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { saveShopInstall } from '@belegfluss/db';
import { createTestDatabase, ordersTable } from '@belegfluss/db/testing';
import { ShopifyOrderSchema, type ShopifyOrder } from '@belegfluss/shared';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { handOver, IN_FLIGHT } from './import';
import { sandboxControl } from '../testing';

/**
 * The historical import's in-flight bound: a day's orders are handed to their order
 * workflows only while fewer than IN_FLIGHT of the shop's orders wait for their first round, so
 * a backlog never queues ahead of live orders. Temporal's visibility is played by a client whose
 * count is the orders signalled and not yet through their first round; a "worker" takes them
 * through at its own pace. Real PostgreSQL stores the orders.
 */
const SHOP = 'im-flug.myshopify.com';
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orders: ShopifyOrder[] = [];

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false, smtp: false }),
    createTestDatabase(),
  ]);
  const post = sandboxControl(() => sb.urls.control);
  await post('/shops', { shop: SHOP });
  const made = (await post(`/shops/${SHOP}/orders`, {
    scenario: 'de_b2c',
    paid: true,
    webhooks: false,
    count: 120,
  })) as { order: unknown }[];
  orders = made.map((m) => ShopifyOrderSchema.parse(m.order) as ShopifyOrder);
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

/**
 * Temporal as the hand-over sees it: signals start workflows, the count query sees those still in
 * their first round. Orders finish their first round only while the hand-over is held back (its
 * count found the bound reached), 20 at a time: what it sees never depends on the machine's speed.
 */
function fakeTemporal(opts: { finishing: boolean }) {
  const waiting = new Set<string>();
  const signalled: string[] = [];
  let most = 0;
  const client = {
    // The activity runs inside the client's abort-signal scope (Client.withAbortSignal).
    withAbortSignal: <R>(_signal: AbortSignal, fn: () => R): R => fn(),
    workflow: {
      count: async (query: string) => {
        expect(query).toContain(`ShopDomain = '${SHOP}'`);
        expect(query).toContain('DocumentStatus IS NULL');
        const count = waiting.size;
        // Held back: meanwhile the worker takes 20 orders through their first round.
        if (opts.finishing && count >= IN_FLIGHT) [...waiting].slice(0, 20).forEach((id) => waiting.delete(id));
        return { count };
      },
      signalWithStart: async (_type: string, o: { workflowId: string }) => {
        waiting.add(o.workflowId);
        signalled.push(o.workflowId);
        most = Math.max(most, waiting.size);
      },
    },
  };
  return { client: client as unknown as Client, signalled, most: () => most };
}

describe('the historical import hands a day over', () => {
  it(`with at most ${IN_FLIGHT} orders waiting for their first round, every order once and in order`, async () => {
    const temporal = fakeTemporal({ finishing: true });
    const reached: number[] = [];
    await new MockActivityEnvironment({ taskQueue: 'q' }, { client: temporal.client }).run(() =>
      handOver(database.db, SHOP, orders, 'import:test', { bounded: true, reached: (n) => reached.push(n) }),
    );
    // The bound was what held the hand-over back, and it held.
    expect(temporal.most()).toBe(IN_FLIGHT);
    expect(temporal.signalled).toEqual(orders.map((o) => `order:${SHOP}:${o.id}`));
    expect(reached).toEqual(orders.map((_, i) => i + 1));
    expect(await ordersTable.count(database.db, { shopId: SHOP })).toBe(orders.length);
  }, 60_000);

  it('without the bound, hands everything over at once', async () => {
    const temporal = fakeTemporal({ finishing: false }); // nobody finishes: only the bound could hold it back
    await new MockActivityEnvironment({ taskQueue: 'q' }, { client: temporal.client }).run(() =>
      handOver(database.db, SHOP, orders.slice(0, 60), 'import:unbounded'),
    );
    expect(temporal.most()).toBe(60);
  }, 60_000);
});
