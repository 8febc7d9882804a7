import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { recordDeliveries, type WebhookDelivery } from '@belegfluss/db';
import { createTestDatabase, webhookInboxTable } from '@belegfluss/db/testing';
import { createInboxWriter } from './inbox-writer';
import { startRelay, type Dispatcher } from './signal';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const delivery = (webhookId: string): WebhookDelivery => ({
  webhookId,
  eventId: null,
  shopId: 'a.myshopify.com',
  topic: 'orders/create',
  resourceId: webhookId,
  triggeredAt: null,
  body: { id: webhookId },
});

describe('the group commit', () => {
  it('fails only the delivery PostgreSQL refuses, not the others that shared its insert', async () => {
    const inbox = createInboxWriter(database.db);
    const [good, bad, other] = await Promise.allSettled([
      inbox.record(delivery('g1')),
      inbox.record({ ...delivery('g2'), json: '{"note": "\\u0000"}' }),
      inbox.record(delivery('g3')),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: true });
    expect(other).toEqual({ status: 'fulfilled', value: true });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '22P05' } });
    expect(
      await webhookInboxTable.pluck(database.db, 'webhookId', {}, { in: { webhookId: ['g1', 'g2', 'g3'] } }),
    ).toEqual(expect.arrayContaining(['g1', 'g3']));
  });
});

describe('the relay', () => {
  it('hands every unsignalled delivery to the dispatcher, a page at a time, as far as it has room', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `r${i}`);
    await recordDeliveries(database.db, ids.map(delivery));
    // A dispatcher with room for 3 at a time, which signals what it was given between rounds.
    const queued: string[] = [];
    const handed: string[] = [];
    let most = 0;
    const dispatcher = {
      room: () => 3 - queued.length,
      idle: () => queued.length === 0,
      enqueue: (d: WebhookDelivery) => {
        if (d.webhookId.startsWith('r') && !queued.includes(d.webhookId)) queued.push(d.webhookId);
        most = Math.max(most, queued.length);
      },
    } as unknown as Dispatcher;
    const stop = startRelay(
      { db: database.db, log: pino({ level: 'silent' }) } as Parameters<typeof startRelay>[0],
      dispatcher,
      20,
      -60_000,
      2,
    );
    try {
      await expect
        .poll(
          () => {
            handed.push(...queued.splice(0));
            return new Set(handed).size;
          },
          { timeout: 10_000, interval: 30 },
        )
        .toBe(ids.length);
    } finally {
      stop();
    }
    expect([...new Set(handed)].sort()).toEqual(ids);
    expect(most).toBeLessThanOrEqual(3);
  });
});
