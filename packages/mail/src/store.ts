import type { LexwareStore } from '@belegfluss/lexware';
import type { NotificationPreferences, SmtpEncryption } from '@belegfluss/shared';

/**
 * What sending a mail reads and records, in whatever store the service wires in (packages/db has one):
 * this package speaks SMTP and asks Lexware for files, and keeps nothing itself.
 */

/** The four switches of the settings home, each a kind of mail to the merchant. */
export type NotificationKind = keyof NotificationPreferences;

/** A line of the shop's event log written by a send. */
export interface MailLogEntry {
  shopId: string;
  origin: 'mail' | 'shop';
  event: string;
  status: 'success' | 'info' | 'warning';
  orderId?: string | null;
  orderName?: string | null;
  ref?: Record<string, string | number | null>;
  body?: Record<string, unknown>;
}

/** What every send reads about the shop and writes to its log. */
export interface ShopRecords {
  shop(shopId: string): Promise<{ name: string; email: string | null } | undefined>;
  /** The stored sections of the shop's preferences, raw (each reader parses its own). */
  preferenceSections(shopId: string, sections: readonly string[]): Promise<Record<string, Record<string, unknown>>>;
  writeLog(entry: MailLogEntry): Promise<void>;
}

/** Our row of a document, as a mail needs it. */
export interface MailDocument {
  id: string;
  type: 'invoice' | 'credit' | 'delivery';
  lexwareId: string | null;
  number: string | null;
  status: string;
  orderId: string;
  orderName: string | null;
  profile: string | null;
}

/** One claimed send of a document for one intent; the claim token tells this attempt's claim from a later one. */
export interface MailSend {
  id: string;
  documentId: string;
  status: 'claimed' | 'sending' | 'sent' | 'failed' | 'uncertain';
  claimToken: string;
  recipient: string;
}

/** The shop's own SMTP server as it was saved, its password in the clear. */
export interface ShopSmtp {
  host: string;
  port: number | null;
  encryption: SmtpEncryption;
  user: string;
  pass: string | null;
  email: string;
  name: string;
  status: string;
}

/** Everything a document mail reads and records, Lexware's files and numbers included. */
export interface MailStore extends ShopRecords, LexwareStore {
  documentOfShop(shopId: string, documentId: string): Promise<MailDocument | undefined>;
  orderSnapshot(shopId: string, orderId: string): Promise<unknown>;
  /** The send of (document, intent), claimed by this attempt unless another one holds or held it. */
  claimMailSend(input: {
    shopId: string;
    documentId: string;
    intent: string;
    recipient: string;
  }): Promise<{ claimed: boolean; send: MailSend }>;
  /** False when this attempt no longer holds the claim. */
  markMailSending(send: MailSend, sender: 'own' | 'default', messageId: string): Promise<boolean>;
  /** The server accepted the message; the time the document was e-mailed. */
  markMailSent(send: MailSend): Promise<Date>;
  markMailUnsent(send: MailSend, status: 'failed' | 'uncertain', error: string): Promise<void>;
  /** A send left in `sending` by a crashed attempt. */
  markMailUncertain(sendId: string): Promise<void>;
  shopSmtp(shopId: string): Promise<ShopSmtp | undefined>;
  /** The shop's own server refused us: mails go by the default sender until it is checked again. */
  interruptShopSmtp(shopId: string, error: string): Promise<void>;
}

/** Once per (shop, kind, occasion): the claim and its outcome. */
export interface NotificationStore extends ShopRecords {
  /** Null when the notification was sent or settled already. */
  claimNotification(key: { shopId: string; kind: NotificationKind; occasion: string }): Promise<unknown>;
  settleNotification(
    key: { shopId: string; kind: NotificationKind; occasion: string },
    outcome: { status: 'sent' | 'skipped' | 'failed'; recipient?: string | null; error?: string | null },
  ): Promise<void>;
}
