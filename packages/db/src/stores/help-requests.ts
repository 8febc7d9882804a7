import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

export interface HelpRequest {
  id: number;
  shopId: string;
  userId: string | null;
  subject: string;
  message: string;
  replyTo: string | null;
  mailStatus: 'pending' | 'sent' | 'failed';
  mailError: string | null;
  createdAt: string;
}

const HELP_REQUEST_COLUMNS = [
  'id',
  'shop_id',
  'user_id',
  'subject',
  'message',
  'reply_to',
  'mail_status',
  'mail_error',
  'created_at',
] as const;
const helpRequestFromRow = (r: Record<string, unknown>): HelpRequest => {
  const row = fromRow<Omit<HelpRequest, 'createdAt'> & { createdAt: Date }>(r, HELP_REQUEST_COLUMNS);
  return { ...row, id: Number(row.id), createdAt: isoOf(row.createdAt) };
};

/** Stored before the mail goes out, so a failed mail loses nothing. */
export async function recordHelpRequest(
  db: Db,
  input: { shopId: string; userId: string | null; subject: string; message: string; replyTo: string | null },
): Promise<HelpRequest> {
  const [row] = await db('help_requests')
    .insert({
      shop_id: input.shopId,
      user_id: input.userId,
      subject: input.subject,
      message: input.message,
      reply_to: input.replyTo,
    })
    .returning('*');
  return helpRequestFromRow(row);
}

export async function settleHelpRequest(
  db: Db,
  id: number,
  outcome: { status: 'sent' | 'failed'; error?: string },
): Promise<void> {
  await db('help_requests')
    .where({ id })
    .update({ mail_status: outcome.status, mail_error: outcome.error ?? null });
}

/** The admin area's list, newest first, optionally for one shop. */
export async function listHelpRequests(
  db: Db,
  q: { shopId?: string; page: number; pageSize: number },
): Promise<{ items: HelpRequest[]; hasNext: boolean }> {
  const query = db('help_requests')
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
  if (q.shopId) void query.where({ shop_id: q.shopId });
  const rows = await query;
  return { items: rows.slice(0, q.pageSize).map(helpRequestFromRow), hasNext: rows.length > q.pageSize };
}
