import { GeneralPreferencesSchema, readStoredSection } from '@belegfluss/shared';
import { describeSmtpError } from './errors';
import { isEmail } from './message';
import { buildNotificationMail, type NotificationFacts } from './notifications';
import { createMailTransport, parseSmtpUrl, type DefaultSender } from './server';
import type { NotificationKind, NotificationStore } from './store';

export interface NotificationDeps {
  store: NotificationStore;
  mail: DefaultSender;
  timeoutMs?: number;
}

export interface NotificationRequest {
  shopId: string;
  kind: NotificationKind;
  /** What makes this mail unique besides shop and kind: the billing period, the lost connection, the install. */
  occasion: string;
  facts?: Omit<NotificationFacts, 'shopName'>;
}

export type NotificationOutcome =
  | { outcome: 'sent'; recipient: string }
  | { outcome: 'skipped'; reason: 'DISABLED' | 'NO_RECIPIENT' }
  | { outcome: 'already' }
  | { outcome: 'failed'; error: string };

/** The occasion of a lost Lexware connection: the connection itself, so each reconnect can be lost (and told) once. */
export const connectionOccasion = (connectedAt: Date) => `connection:${new Date(connectedAt).toISOString()}`;

/** Where the shop's notifications go: the settings' notification e-mail, else the shop's own. */
async function settingsOf(store: NotificationStore, shopId: string) {
  const [s, shop] = await Promise.all([
    store.preferenceSections(shopId, ['general', 'notifications']),
    store.shop(shopId),
  ]);
  const general = GeneralPreferencesSchema.safeParse(s.general ?? {}).data;
  const switches = readStoredSection('notifications', s.notifications);
  return { switches, recipient: general?.email || shop?.email || '', shopName: shop?.name ?? shopId };
}

/**
 * Sends one notification mail to the merchant from the app's default sender, at most once per
 * (shop, kind, occasion): the row is claimed before anything else, so concurrent triggers and
 * retries settle on one mail. A switched-off kind is recorded as skipped for that occasion.
 * Every send, skip and failure goes to the shop's event log; a failure is returned, not thrown,
 * so that no caller's own work depends on a notification.
 */
export async function sendNotification(deps: NotificationDeps, req: NotificationRequest): Promise<NotificationOutcome> {
  const { store } = deps;
  const claim = await store.claimNotification(req);
  if (!claim) return { outcome: 'already' };
  const log = (event: string, status: 'success' | 'info' | 'warning', body: Record<string, unknown>) =>
    store.writeLog({ shopId: req.shopId, origin: 'shop', event, status, body: { kind: req.kind, ...body } });

  const { switches, recipient, shopName } = await settingsOf(store, req.shopId);
  const reason = !switches[req.kind] ? 'DISABLED' : !isEmail(recipient) ? 'NO_RECIPIENT' : null;
  if (reason) {
    await store.settleNotification(req, { status: 'skipped', recipient: recipient || null });
    await log('notification.skipped', reason === 'DISABLED' ? 'info' : 'warning', { reason });
    return { outcome: 'skipped', reason };
  }

  const server = parseSmtpUrl(deps.mail.smtpUrl);
  const domain = /@([^>\s]+)/.exec(deps.mail.from)?.[1] ?? 'belegfluss.local';
  const messageId = `<notification.${req.kind}.${Buffer.from(`${req.shopId}:${req.occasion}`).toString('base64url')}@${domain}>`;
  const transport = createMailTransport(server, deps.timeoutMs);
  try {
    await transport.sendMail(
      buildNotificationMail({
        from: deps.mail.from,
        to: recipient,
        kind: req.kind,
        facts: { ...req.facts, shopName },
        messageId,
      }),
    );
  } catch (error) {
    const text = describeSmtpError(error, server);
    await store.settleNotification(req, { status: 'failed', recipient, error: text });
    await log('notification.failed', 'warning', { email: recipient, error: text });
    return { outcome: 'failed', error: text };
  } finally {
    transport.close();
  }
  await store.settleNotification(req, { status: 'sent', recipient });
  await log('notification.sent', 'success', { email: recipient });
  return { outcome: 'sent', recipient };
}
