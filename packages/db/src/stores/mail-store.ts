import type { Db } from '../connection';
import type { SecretBox } from '../secrets';
import { documentOfShop } from './document-lookup';
import { writeLog, type LogEntryInput } from './event-log';
import { lexwareStore } from './lexware-store';
import {
  claimMailSend,
  getShopSmtp,
  markMailSending,
  markMailSent,
  markMailUncertain,
  markMailUnsent,
  setShopSmtpStatus,
  type MailSendRow,
} from './mail';
import {
  claimNotification,
  settleNotification,
  type NotificationKind,
  type NotificationSendStatus,
} from './notifications';
import { getOrderSnapshot } from './order-list';
import { preferenceSections } from './preferences';
import { getShop } from './shops';

/** What every send reads about the shop and writes to its log (the mail package's ShopRecords). */
function shopRecords(db: Db) {
  return {
    shop: (shopId: string) => getShop(db, shopId),
    preferenceSections: (shopId: string, sections: readonly string[]) => preferenceSections(db, shopId, sections),
    writeLog: (entry: LogEntryInput) => writeLog(db, entry),
  };
}

type SendKey = Pick<MailSendRow, 'id' | 'claimToken' | 'documentId'>;

/** The mail package's MailStore: the document mail's claims, the shop's own server, Lexware's files and numbers. */
export function mailStore(db: Db, box: SecretBox) {
  return {
    ...shopRecords(db),
    ...lexwareStore(db, box),
    documentOfShop: (shopId: string, documentId: string) => documentOfShop(db, shopId, documentId),
    orderSnapshot: (shopId: string, orderId: string) => getOrderSnapshot(db, shopId, orderId),
    claimMailSend: (input: { shopId: string; documentId: string; intent: string; recipient: string }) =>
      claimMailSend(db, input),
    markMailSending: (send: SendKey, sender: 'own' | 'default', messageId: string) =>
      markMailSending(db, send, sender, messageId),
    markMailSent: (send: SendKey) => markMailSent(db, send),
    markMailUnsent: (send: SendKey, status: 'failed' | 'uncertain', error: string) =>
      markMailUnsent(db, send, status, error),
    markMailUncertain: (sendId: string) => markMailUncertain(db, sendId),
    async shopSmtp(shopId: string) {
      const row = await getShopSmtp(db, shopId);
      return row && { ...row, pass: row.passEnc ? box.open(row.passEnc) : null };
    },
    interruptShopSmtp: (shopId: string, error: string) => setShopSmtpStatus(db, shopId, 'interrupted', error),
  };
}

type NotificationKey = { shopId: string; kind: NotificationKind; occasion: string };

/** The mail package's NotificationStore: each notification claimed once per occasion. */
export function notificationStore(db: Db) {
  return {
    ...shopRecords(db),
    claimNotification: (key: NotificationKey) => claimNotification(db, key),
    settleNotification: (
      key: NotificationKey,
      outcome: { status: Exclude<NotificationSendStatus, 'claimed'>; recipient?: string | null; error?: string | null },
    ) => settleNotification(db, key, outcome),
  };
}
