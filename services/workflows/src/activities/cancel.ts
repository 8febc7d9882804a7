import type { Db } from '@belegfluss/db';
import { documentStateByLexwareId, inTransaction, markCancelled, writeLog } from '@belegfluss/db';
import type { LexwareClient } from '@belegfluss/lexware';
import type { CancelInvoiceOutcome, CancelInvoiceRequest } from '../api';
import { issueClosingCreditNote } from './documents';
import type { Notifier } from './notify';

/**
 * The merchant's cancel of a finalised invoice, run by the order's workflow: Lexware has no cancel call, but a
 * credit note over every position that pursues the invoice closes it. That note is made like every document
 * (claimed first, looked for after an ambiguous answer, charged with its row), so a repeated click or a retry
 * after a 504 finds it instead of making a second one.
 */
export async function cancelInvoice(
  db: Db,
  api: LexwareClient,
  shopId: string,
  orderId: string,
  req: CancelInvoiceRequest,
  notifier?: Pick<Notifier, 'credits'>,
): Promise<CancelInvoiceOutcome> {
  const own = await documentStateByLexwareId(db, shopId, req.lexwareId);
  // A second click queued behind the first: the invoice is cancelled already, and nothing more is written.
  if (own?.cancelled) return 'cancelled';
  const closing = await issueClosingCreditNote(
    db,
    api,
    { shopId, order: { id: orderId, name: req.orderName }, lexwareId: req.lexwareId, number: req.number },
    notifier,
  );
  if ('refused' in closing) return closing.refused;
  const { result } = closing;
  if (result.outcome === 'NO_CREDITS') return 'NO_CREDITS';
  await inTransaction(db, async (trx) => {
    if (own) await markCancelled(trx, own.id);
    await writeLog(trx, {
      shopId,
      origin: 'invoice',
      event: 'invoice.cancelled',
      status: 'success',
      orderId,
      orderName: req.orderName,
      ref: { invoice: req.lexwareId, credit: result.lexwareId },
      body: { number: req.number ?? closing.invoice.voucherNumber ?? null },
    });
  });
  return 'cancelled';
}
