import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

export interface WebhookDelivery {
  webhookId: string;
  eventId: string | null;
  shopId: string;
  topic: string;
  resourceId: string | null;
  triggeredAt: string | null;
  body: unknown;
}

export type WebhookStatus = 'received' | 'started' | 'skipped' | 'unprocessable' | 'failed' | 'successful';

/**
 * One insert is both the durable record and the dedupe: a repeated webhook id, or
 * the same event id for the same topic, inserts nothing and returns false.
 */
export async function recordDelivery(db: Db, d: WebhookDelivery): Promise<boolean> {
  const result = await db.raw(
    `insert into webhook_inbox (webhook_id, event_id, shop_id, topic, resource_id, triggered_at, body)
     values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning webhook_id`,
    [d.webhookId, d.eventId, d.shopId, d.topic, d.resourceId, d.triggeredAt, JSON.stringify(d.body)],
  );
  return (result.rows as unknown[]).length > 0;
}

/**
 * Many deliveries in one insert (the gateway's group commit). Answers, per delivery, whether it was new:
 * a delivery whose webhook id or event is already stored, or came earlier in the same batch, was not.
 */
export async function recordDeliveries(db: Db, ds: readonly WebhookDelivery[]): Promise<boolean[]> {
  if (ds.length === 0) return [];
  const result = await db.raw(
    `insert into webhook_inbox (webhook_id, event_id, shop_id, topic, resource_id, triggered_at, body)
     values ${ds.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} on conflict do nothing returning webhook_id`,
    ds.flatMap((d) => [d.webhookId, d.eventId, d.shopId, d.topic, d.resourceId, d.triggeredAt, JSON.stringify(d.body)]),
  );
  const inserted = new Set((result.rows as { webhook_id: string }[]).map((r) => r.webhook_id));
  return ds.map((d) => inserted.delete(d.webhookId));
}

/** One update for a round's deliveries (the order workflow settles all webhooks it handled together). */
export async function setDeliveriesStatus(db: Db, webhookIds: readonly string[], status: WebhookStatus): Promise<void> {
  if (webhookIds.length === 0) return;
  await db('webhook_inbox').whereIn('webhook_id', webhookIds).update({ status, error: null });
}

export async function markSignalled(db: Db, webhookId: string): Promise<void> {
  await db('webhook_inbox').where({ webhook_id: webhookId }).update({ signalled_at: db.fn.now() });
}

export async function setDeliveryStatus(
  db: Db,
  webhookId: string,
  status: WebhookStatus,
  error?: string,
): Promise<void> {
  await db('webhook_inbox')
    .where({ webhook_id: webhookId })
    .update({ status, error: error ?? null });
}

const DELIVERY_COLUMNS = ['webhook_id', 'event_id', 'shop_id', 'topic', 'resource_id', 'triggered_at', 'body'] as const;
const deliveryFromRow = (r: Record<string, unknown>): WebhookDelivery => {
  const row = fromRow<Omit<WebhookDelivery, 'triggeredAt'> & { triggeredAt: Date | null }>(r, DELIVERY_COLUMNS);
  return {
    ...row,
    eventId: row.eventId ?? null,
    resourceId: row.resourceId ?? null,
    triggeredAt: isoOf(row.triggeredAt),
  };
};

/** Deliveries answered 200 but never signalled (Temporal was down, the gateway died). */
export async function unsignalledDeliveries(db: Db, olderThanMs: number, limit = 100): Promise<WebhookDelivery[]> {
  const rows = await db('webhook_inbox')
    .whereNull('signalled_at')
    .where('received_at', '<', new Date(Date.now() - olderThanMs))
    .orderBy('received_at')
    .limit(limit);
  return rows.map(deliveryFromRow);
}
