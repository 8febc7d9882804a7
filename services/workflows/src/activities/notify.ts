import { getConnection, getShop, notificationStore, type Db } from '@belegfluss/db';
import { connectionOccasion, sendNotification, type DefaultSender, type NotificationRequest } from '@belegfluss/mail';
import type { TransfersNotification } from '@belegfluss/shared';

/** Short, so that a slow mail server never holds up the document step for long. */
const NOTIFICATION_TIMEOUT_MS = 10_000;

/** The merchant's notification mails as the order activities trigger them; never throws. */
export interface Notifier {
  /** A charge crossed a threshold (`transfersNotification`) or a document was refused for want of transfers. */
  credits(shopId: string, kind: TransfersNotification, credits: { used: number; quota: number }): Promise<void>;
  /** The Lexware connection answered that it is gone; one mail per connection. */
  connectionLost(shopId: string): Promise<void>;
  /** VIES did not confirm an order's USt-IdNr.: one mail per order, ID and outcome. */
  vatIdUnconfirmed(shopId: string, notice: VatIdNotice): Promise<void>;
}

export interface VatIdNotice {
  orderId: string;
  orderName: string;
  vatId: string;
  outcome: 'invalid' | 'withVat' | 'waiting';
}

export function createNotifier(db: Db, mail: DefaultSender): Notifier {
  // A notification is a courtesy: whatever goes wrong is logged, and the document goes on.
  const send = async (req: () => Promise<NotificationRequest | null>) => {
    try {
      const r = await req();
      if (r) await sendNotification({ store: notificationStore(db), mail, timeoutMs: NOTIFICATION_TIMEOUT_MS }, r);
    } catch (error) {
      console.warn(`Benachrichtigung nicht gesendet: ${(error as Error).message}`);
    }
  };
  return {
    credits: (shopId, kind, credits) =>
      send(async () => {
        const shop = await getShop(db, shopId);
        if (!shop) return null;
        return {
          shopId,
          kind,
          occasion: `period:${shop.transfersResetAt.toISOString()}`,
          facts: {
            remaining: Math.max(0, credits.quota - credits.used),
            quota: credits.quota,
            resetAt: shop.transfersResetAt,
          },
        };
      }),
    connectionLost: (shopId) =>
      send(async () => {
        const connection = await getConnection(db, shopId);
        return connection
          ? { shopId, kind: 'connectionMissing', occasion: connectionOccasion(connection.connectedAt) }
          : null;
      }),
    vatIdUnconfirmed: (shopId, n) =>
      send(async () => ({
        shopId,
        kind: 'vatIdUnconfirmed',
        occasion: `order:${n.orderId}:${n.vatId}:${n.outcome}`,
        facts: { orderName: n.orderName, vatId: n.vatId, vatIdOutcome: n.outcome },
      })),
  };
}
