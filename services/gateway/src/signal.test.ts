import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { WebhookDelivery } from '@belegfluss/db';
import { createTestDatabase } from '@belegfluss/db/testing';
import { createDispatcher, ShopRoundRobin } from './signal';
import { signalDelivery } from './deliveries';

describe('the fair queue', () => {
  it('serves the shops in turn, each in the order its items came', () => {
    const q = new ShopRoundRobin<string>();
    for (const [shop, item] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['c', 'c2'],
    ])
      q.add(shop!, item!);
    expect(q.size).toBe(6);
    const taken: string[] = [];
    q.add('b', 'b2');
    while (q.size > 0) taken.push(q.take()!);
    expect(taken).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3']);
    expect(q.take()).toBeUndefined();
  });

  it('when full, takes room from the shop with the most queued, never from a shop about as short', () => {
    const q = new ShopRoundRobin<string>();
    ['a1', 'a2', 'a3'].forEach((x) => q.add('a', x));
    q.add('b', 'b1');
    // b has one, a has three: a's newest gives way.
    expect(q.yieldFor('b')).toBe('a3');
    q.add('b', 'b2');
    // Now a has two and b two: nobody gives way for b, and a third shop only takes from a shop with two or more.
    expect(q.yieldFor('b')).toBeUndefined();
    expect(q.yieldFor('c')).toBe('a2');
    expect(q.size).toBe(3);
    const taken: string[] = [];
    while (q.size > 0) taken.push(q.take()!);
    expect(taken).toEqual(['a1', 'b1', 'b2']);
  });
});

describe('the dispatcher', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const delivery = (shopId: string, id: number): WebhookDelivery => ({
    webhookId: `${shopId}-${id}`,
    eventId: null,
    shopId,
    topic: 'orders/create',
    resourceId: String(id),
    triggeredAt: null,
    body: { id, name: `#${id}` },
  });

  /** A dispatcher whose Temporal records the workflows it is asked to signal, one at a time. */
  const dispatcherWith = (maxQueued: number) => {
    const started: string[] = [];
    // order:quiet.myshopify.com:1 → quiet-1
    const short = (workflowId: string) => {
      const [, shop, order] = workflowId.split(':');
      return `${shop!.split('.')[0]}-${order}`;
    };
    let release: () => void = () => undefined;
    let gate = new Promise<void>((r) => (release = r));
    const temporal = {
      workflow: {
        signalWithStart: async (_type: string, options: { workflowId: string }) => {
          await gate;
          started.push(short(options.workflowId));
        },
      },
    };
    const ctx = {
      db: database.db,
      temporal,
      settings: { taskQueue: 'orders' },
      log: pino({ level: 'silent' }),
      installedShops: { forget: () => undefined },
      inbox: { takePressure: () => ({ waiting: 0, slowestMs: 0 }) },
    } as unknown as Parameters<typeof signalDelivery>[0] & Parameters<typeof createDispatcher>[0];
    const dispatcher = createDispatcher(ctx, (d) => signalDelivery(ctx, d), 1, maxQueued);
    const open = () => {
      release();
      gate = Promise.resolve();
    };
    return { dispatcher, started, open };
  };

  it("signals a quiet shop's order before a busy shop's backlog", async () => {
    const { dispatcher, started, open } = dispatcherWith(100);
    for (let i = 1; i <= 20; i++) dispatcher.enqueue(delivery('busy.myshopify.com', i));
    dispatcher.enqueue(delivery('quiet.myshopify.com', 1));
    open();
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(21);
    await dispatcher.close();
    // The first busy order was in flight and the busy shop had the next turn; then comes the quiet shop's order,
    // not after all twenty. The busy shop's orders keep their order.
    expect(started.indexOf('quiet-1')).toBe(2);
    expect(started.filter((id) => id.startsWith('busy'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `busy-${i + 1}`),
    );
  });

  it("takes a quiet shop's order into a full queue, and the busy shop's newest waits for the relay", async () => {
    const { dispatcher, started, open } = dispatcherWith(5);
    for (let i = 1; i <= 10; i++) dispatcher.enqueue(delivery('busy.myshopify.com', i));
    dispatcher.enqueue(delivery('quiet.myshopify.com', 1));
    open();
    await expect.poll(() => dispatcher.idle(), { timeout: 10_000 }).toBe(true);
    await dispatcher.close();
    // One in flight and five queued: busy-6 gave way to the quiet order, busy-7 to busy-10 never got in. All of
    // them stay unsignalled in the inbox, where the relay finds them.
    expect(started).toEqual(['busy-1', 'busy-2', 'quiet-1', 'busy-3', 'busy-4', 'busy-5']);
  });
});

/** A context whose Temporal client only records what it would signal. */
function recordingSignals() {
  const signalled: Array<{ workflowId: string; signalArgs: Array<Record<string, unknown>> }> = [];
  const ctx = {
    temporal: {
      workflow: {
        signalWithStart: async (_type: string, options: (typeof signalled)[number]) => void signalled.push(options),
      },
    },
    settings: { taskQueue: 'orders' },
    installedShops: { forget: () => undefined },
  } as unknown as Parameters<typeof signalDelivery>[0];
  return { signalled, ctx };
}

describe('orders/edited', () => {
  it("goes to the edited order's workflow as news of an edit, without taking the edit for the order", async () => {
    const { signalled, ctx } = recordingSignals();
    await signalDelivery(ctx, {
      webhookId: 'edit-1',
      eventId: null,
      shopId: 'laden.myshopify.com',
      topic: 'orders/edited',
      resourceId: null,
      triggeredAt: null,
      body: {
        order_edit: { id: 9, order_id: 450789469, line_items: { additions: [{ id: 1, delta: 1 }], removals: [] } },
      },
    } as unknown as WebhookDelivery);
    expect(signalled).toHaveLength(1);
    expect(signalled[0]!.workflowId).toBe('order:laden.myshopify.com:450789469');
    expect(JSON.stringify(signalled[0]!.signalArgs)).toContain('"topic":"orders/edited"');
    expect(JSON.stringify(signalled[0]!.signalArgs)).not.toContain('"order"');
  });
});

describe('an order webhook', () => {
  it("passes Shopify's triggering moment on to the order's workflow, which breaks a tie of updated_at with it", async () => {
    const { signalled, ctx } = recordingSignals();
    await signalDelivery(ctx, {
      webhookId: 'paid-1',
      eventId: null,
      shopId: 'laden.myshopify.com',
      topic: 'orders/paid',
      resourceId: null,
      triggeredAt: '2026-11-28T10:00:00.412Z',
      body: { id: 450789469, name: '#1001', updated_at: '2026-11-28T11:00:00+01:00', refunds: [] },
    } as unknown as WebhookDelivery);
    expect(signalled[0]!.signalArgs[0]).toMatchObject({
      topic: 'orders/paid',
      triggeredAt: '2026-11-28T10:00:00.412Z',
      order: { id: 450789469 },
    });
  });
});
