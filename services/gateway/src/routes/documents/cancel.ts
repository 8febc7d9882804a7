import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import {
  chargeTransfer,
  claimIntent,
  completeDocument,
  documentsOfOrder,
  markAttempted,
  writeLog,
  documentState,
  markCancelled,
} from '@belegfluss/db';
import { closingCreditNote, LexwareError } from '@belegfluss/lexware';
import { lexwareOf } from '../../clients';
import { closingIntentKey } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { BadGateway, Conflict, NotFound, upstreamHttpError } from '../../errors';
import { validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { OrderIdParam } from '../orders/schema';

const ReceiptParam = z.string().regex(/^[0-9a-f-]{36}$/i, 'Ungültige Beleg-ID');

export const CANCEL_MESSAGES = {
  notFound: 'Diese Rechnung gibt es zu der Bestellung nicht.',
  cancelled: 'Diese Rechnung ist bereits storniert.',
  draft:
    'Einen Entwurf kann die Schnittstelle von Lexware Office weder stornieren noch löschen. Lösche ihn in Lexware Office.',
  done: 'Rechnung storniert: Die Gutschrift schließt sie in Lexware Office.',
} as const;

/**
 * Spec 2 §4 "cancel": Lexware's API has no cancel call, but it continues an invoice into a credit
 * note (`POST /v1/credit-notes?precedingSalesVoucherId=`), as the app's "Pursue to a Credit Note"
 * does. That credit note, over every position, closes the invoice; ours is marked cancelled and
 * shows struck through. The credit note is one intent per invoice, so a repeated click finds it.
 */
export function cancelRoutes(gw: GatewayContext, api: Router): void {
  api.post('/api/orders/:id/invoice/:receipt/cancel', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const orderId = validate(OrderIdParam, ctx.params.id);
    const receipt = validate(ReceiptParam, ctx.params.receipt);
    const invoice = (await documentsOfOrder(gw.db, shop, orderId)).find(
      (d) => d.type === 'invoice' && d.lexwareId === receipt,
    );
    if (!invoice) throw NotFound(CANCEL_MESSAGES.notFound);
    if ((await documentState(gw.db, invoice.id))?.cancelled) throw Conflict('CANCELLED', CANCEL_MESSAGES.cancelled);
    if (invoice.status === 'draft') throw Conflict('DRAFT', CANCEL_MESSAGES.draft);

    const intent = await claimIntent(gw.db, {
      shopId: shop,
      type: 'credit',
      intentKey: closingIntentKey(receipt),
      orderId,
      orderName: invoice.orderName ?? '',
    });
    if (!intent.lexwareId) {
      // A credit note half-made by an earlier click (answer lost) must not be made twice.
      if (intent.attemptedAt)
        throw Conflict(
          'UNCERTAIN',
          'Eine frühere Stornierung dieser Rechnung ist unterbrochen worden. Prüfe in Lexware Office, ob die Gutschrift existiert.',
        );
      try {
        const lexware = lexwareOf(gw, shop);
        const source = await lexware.invoice(receipt);
        await markAttempted(gw.db, intent.id);
        const created = await lexware.createCreditNote(
          closingCreditNote(source, { number: invoice.number ?? source.voucherNumber ?? null, now: new Date() }),
          true,
          receipt,
        );
        const credit = await lexware.creditNote(created.id);
        await completeDocument(gw.db, intent.id, {
          lexwareId: credit.id,
          contactId: 'contactId' in credit.address ? credit.address.contactId : null,
          number: credit.voucherNumber ?? null,
          title: credit.title ?? null,
          status: credit.voucherStatus,
          total: credit.totalPrice.totalGrossAmount,
          voucherDate: credit.voucherDate,
          pdfToken: randomBytes(16).toString('hex'),
        });
        // Every document created uses a transfer (spec 1 §1), this one too.
        await chargeTransfer(gw.db, shop, intent.id);
      } catch (error) {
        if (error instanceof LexwareError)
          throw BadGateway(
            'LEXOFFICE',
            `Lexware Office hat die Gutschrift abgelehnt: ${LexwareError.describe(error.body)}`,
          );
        throw upstreamHttpError(error) ?? error;
      }
    }
    await markCancelled(gw.db, invoice.id);
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'invoice',
      event: 'invoice.cancelled',
      status: 'success',
      orderId,
      orderName: invoice.orderName,
      ref: { invoice: receipt },
      body: { number: invoice.number },
    });
    ctx.body = { cancelled: true, message: CANCEL_MESSAGES.done };
  });
}
