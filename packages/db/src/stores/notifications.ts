import type { NotificationPreferences } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';

/** The four switches of the settings home, each a kind of mail to the merchant. */
export type NotificationKind = keyof NotificationPreferences;

export type NotificationSendStatus = 'claimed' | 'sent' | 'skipped' | 'failed';

export interface NotificationSend {
  shopId: string;
  kind: NotificationKind;
  occasion: string;
  status: NotificationSendStatus;
  recipient: string | null;
  error: string | null;
  attempts: number;
}

const toSend = (r: Record<string, unknown>): NotificationSend =>
  fromRow<NotificationSend>(r, ['shop_id', 'kind', 'occasion', 'status', 'recipient', 'error', 'attempts']);

/**
 * Claims the notification of one occasion; null when another attempt already sent, skipped
 * or holds it. Only a failed send may be claimed again (by the next occasion's trigger).
 */
export async function claimNotification(
  db: Db,
  key: { shopId: string; kind: NotificationKind; occasion: string },
): Promise<NotificationSend | null> {
  const { rows } = await db.raw(
    `insert into notification_sends (shop_id, kind, occasion, status) values (?, ?, ?, 'claimed')
     on conflict (shop_id, kind, occasion) do update set status = 'claimed', error = null, attempts = notification_sends.attempts + 1, claimed_at = now()
     where notification_sends.status = 'failed'
     returning *`,
    [key.shopId, key.kind, key.occasion],
  );
  return rows[0] ? toSend(rows[0]) : null;
}

export async function settleNotification(
  db: Db,
  send: Pick<NotificationSend, 'shopId' | 'kind' | 'occasion'>,
  outcome: { status: Exclude<NotificationSendStatus, 'claimed'>; recipient?: string | null; error?: string | null },
): Promise<void> {
  await db('notification_sends')
    .where({ shop_id: send.shopId, kind: send.kind, occasion: send.occasion })
    .update({
      status: outcome.status,
      recipient: outcome.recipient ?? null,
      error: outcome.error ?? null,
      sent_at: outcome.status === 'sent' ? db.fn.now() : null,
    });
}

export async function notificationSends(db: Db, shopId: string): Promise<NotificationSend[]> {
  return (await db('notification_sends').where({ shop_id: shopId }).orderBy('claimed_at')).map(toSend);
}
