import { randomUUID } from 'node:crypto';
import type { SmtpEncryption, SmtpState } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface ShopSmtpRow {
  shopId: string;
  host: string;
  port: number | null;
  encryption: SmtpEncryption;
  user: string;
  passEnc: string | null;
  email: string;
  name: string;
  status: SmtpState;
  error: string | null;
  checkedAt: Date | null;
}

const smtpFromRow = (r: Record<string, unknown>): ShopSmtpRow =>
  fromRow<ShopSmtpRow>(r, [
    'shop_id',
    'host',
    'port',
    'encryption',
    'user',
    'pass_enc',
    'email',
    'name',
    'status',
    'error',
    'checked_at',
  ]);

export async function getShopSmtp(db: Db, shopId: string): Promise<ShopSmtpRow | undefined> {
  const row = await db('shop_smtp').where({ shop_id: shopId }).first();
  return row ? smtpFromRow(row) : undefined;
}

/**
 * Saves the sender form with the outcome of its check. `passEnc` undefined keeps the stored
 * password, so the form never has to hold it.
 */
export async function saveShopSmtp(
  db: Db,
  shopId: string,
  input: {
    host: string;
    port: number | null;
    encryption: SmtpEncryption;
    user: string;
    passEnc?: string | null;
    email: string;
    name: string;
    status: SmtpState;
    error: string | null;
  },
): Promise<ShopSmtpRow> {
  const { passEnc, ...rest } = input;
  const values = {
    host: rest.host,
    port: rest.port,
    encryption: rest.encryption,
    user: rest.user,
    email: rest.email,
    name: rest.name,
    status: rest.status,
    error: rest.error,
    checked_at: rest.status === 'unchecked' ? null : db.fn.now(),
    updated_at: db.fn.now(),
    ...(passEnc === undefined ? {} : { pass_enc: passEnc }),
  };
  const [row] = await db('shop_smtp')
    .insert({ shop_id: shopId, ...values })
    .onConflict('shop_id')
    .merge(values)
    .returning('*');
  return smtpFromRow(row);
}

/** A send through the shop's server failed for good (login refused, host gone): stop using it until checked again. */
export async function setShopSmtpStatus(
  db: Db,
  shopId: string,
  status: SmtpState,
  error: string | null,
): Promise<void> {
  await db('shop_smtp')
    .where({ shop_id: shopId })
    .update({ status, error, checked_at: db.fn.now(), updated_at: db.fn.now() });
}

export async function deleteShopSmtp(db: Db, shopId: string): Promise<void> {
  await db('shop_smtp').where({ shop_id: shopId }).delete();
}

export type MailSendStatus = 'claimed' | 'sending' | 'sent' | 'failed' | 'uncertain';

export interface MailSendRow {
  id: string;
  documentId: string;
  intent: string;
  status: MailSendStatus;
  claimToken: string;
  attempts: number;
  recipient: string;
  messageId: string | null;
  error: string | null;
  sentAt: Date | null;
}

const sendFromRow = (r: Record<string, unknown>): MailSendRow =>
  fromRow<MailSendRow>(r, [
    'id',
    'document_id',
    'intent',
    'status',
    'claim_token',
    'attempts',
    'recipient',
    'message_id',
    'error',
    'sent_at',
  ]);

/** A claim not moved on to `sending` within this time belongs to an attempt that died before any SMTP. */
const STALE_CLAIM = "interval '45 seconds'";

/**
 * Claims the send of one document for one intent. `claimed` is true for exactly one attempt
 * at a time: the first, or one after a definite failure, or one after an attempt that died
 * before it spoke to the SMTP server. Otherwise the existing row says what happened.
 */
export async function claimMailSend(
  db: Db,
  input: { shopId: string; documentId: string; intent: string; recipient: string },
): Promise<{ claimed: boolean; send: MailSendRow }> {
  const token = randomUUID();
  const [fresh] = await db('mail_sends')
    .insert({
      shop_id: input.shopId,
      document_id: input.documentId,
      intent: input.intent,
      recipient: input.recipient,
      claim_token: token,
    })
    .onConflict(['document_id', 'intent'])
    .ignore()
    .returning('*');
  if (fresh) return { claimed: true, send: sendFromRow(fresh) };
  const [again] = await db('mail_sends')
    .where({ document_id: input.documentId, intent: input.intent })
    .where((q) => {
      void q.where('status', 'failed').orWhere((s) => {
        void s.where('status', 'claimed').whereRaw(`claimed_at < now() - ${STALE_CLAIM}`);
      });
    })
    .update({
      status: 'claimed',
      claim_token: token,
      recipient: input.recipient,
      claimed_at: db.fn.now(),
      attempts: db.raw('attempts + 1'),
      error: null,
    })
    .returning('*');
  if (again) return { claimed: true, send: sendFromRow(again) };
  const row = await db('mail_sends').where({ document_id: input.documentId, intent: input.intent }).first();
  return { claimed: false, send: sendFromRow(row) };
}

/**
 * The last write before the SMTP conversation. From here on a crash leaves `sending`, which no
 * later attempt sends again: whether the server accepted the message is unknown.
 */
export async function markMailSending(
  db: Db,
  send: Pick<MailSendRow, 'id' | 'claimToken'>,
  sender: 'own' | 'default',
  messageId: string,
): Promise<boolean> {
  const n = await db('mail_sends')
    .where({ id: send.id, claim_token: send.claimToken, status: 'claimed' })
    .update({ status: 'sending', sender, message_id: messageId });
  return n === 1;
}

/** The server accepted the message: the send and the document's `emailed_at`, in one transaction. */
export async function markMailSent(db: Db, send: Pick<MailSendRow, 'id' | 'claimToken' | 'documentId'>): Promise<Date> {
  return db.transaction(async (trx) => {
    const [row] = await trx('mail_sends')
      .where({ id: send.id, claim_token: send.claimToken })
      .update({ status: 'sent', sent_at: trx.fn.now(), error: null })
      .returning('sent_at');
    const { sentAt } = fromRow<{ sentAt: Date }>(row, ['sent_at']);
    await trx('documents').where({ id: send.documentId }).update({ emailed_at: sentAt, updated_at: trx.fn.now() });
    return sentAt;
  });
}

/** `failed` (definitely not sent, may be claimed again) or `uncertain` (may have been sent). */
export async function markMailUnsent(
  db: Db,
  send: Pick<MailSendRow, 'id' | 'claimToken'>,
  status: 'failed' | 'uncertain',
  error: string,
): Promise<void> {
  await db('mail_sends')
    .where({ id: send.id, claim_token: send.claimToken })
    .update({ status, error: error.slice(0, 2000) });
}

/** An attempt found a send left in `sending` by an attempt that is gone. */
export async function markMailUncertain(db: Db, sendId: string): Promise<void> {
  await db('mail_sends').where({ id: sendId, status: 'sending' }).update({
    status: 'uncertain',
    error: 'Versand abgebrochen; ob der Server die E-Mail angenommen hat, ist unbekannt.',
  });
}
