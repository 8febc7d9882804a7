import type Router from '@koa/router';
import { ActivityFailure, ApplicationFailure, WorkflowUpdateFailedError } from '@temporalio/client';
import { documentsOfOrder, documentState } from '@belegfluss/db';
import type { CancelInvoiceOutcome } from '@belegfluss/orchestration/api';
import { askOrderToCancel } from '@belegfluss/orchestration/client';
import type { GatewayContext } from '../../context';
import { BadGateway, Conflict, LexwareUnavailable, NotFound } from '../../errors';
import { validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { OrderIdParam, ReceiptParam } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'document.cancel': 'Cancel an invoice with a credit note over all of it',
});

export const CANCEL_MESSAGES = {
  notFound: 'Diese Rechnung gibt es zu der Bestellung nicht.',
  cancelled: 'Diese Rechnung ist bereits storniert.',
  draft:
    'Einen Entwurf kann die Schnittstelle von Lexware Office weder stornieren noch löschen. Lösche ihn in Lexware Office.',
  voided: 'Lexware Office führt diese Rechnung bereits als storniert; eine Gutschrift ist nicht mehr nötig.',
  noCredits:
    'Für die Gutschrift ist keine Übertragung mehr frei. Storniere die Rechnung erneut, sobald wieder Übertragungen frei sind.',
  done: 'Rechnung storniert: Die Gutschrift schließt sie in Lexware Office.',
  pending:
    'Die Stornierung läuft: Lexware Office antwortet gerade langsam. Die Gutschrift erscheint bei der Bestellung, sobald sie erstellt ist.',
} as const;

/**
 * How long the merchant's click waits for the order's workflow to answer. Lexware may be slow or rate-limited; the
 * workflow has accepted the cancel by then and finishes it without anyone waiting, so the page is told so instead.
 */
const ANSWER_WITHIN_MS = 25_000;

const REFUSALS: Record<Exclude<CancelInvoiceOutcome, 'cancelled'>, () => Error> = {
  DRAFT: () => Conflict('DRAFT', CANCEL_MESSAGES.draft),
  VOIDED: () => Conflict('VOIDED', CANCEL_MESSAGES.voided),
  NO_CREDITS: () => Conflict('NO_CREDITS', CANCEL_MESSAGES.noCredits),
};

/** Lexware's refusal in its own words when the workflow's step failed for good, else "not reachable". */
function failureOf(error: WorkflowUpdateFailedError): Error {
  const cause = error.cause instanceof ActivityFailure ? error.cause.cause : error.cause;
  if (cause instanceof ApplicationFailure && cause.type === 'LEXWARE_REJECTED')
    return BadGateway(
      'LEXOFFICE',
      `Lexware Office hat die Gutschrift abgelehnt: ${String(cause.details?.[1] ?? cause.message)}`,
    );
  return LexwareUnavailable();
}

/**
 * Cancelling: Lexware's API has no cancel call, but it continues an invoice into a credit note that
 * names it as preceding voucher, as the app's "Pursue to a Credit Note" does. That credit note, over every
 * position, closes the invoice; ours is marked cancelled and shows struck through. The order's
 * workflow makes it, as it makes every document of the order, so a repeated click or a lost answer never makes
 * a second one; this route only checks the request and waits for the workflow's answer.
 */
export function cancelRoutes(gw: GatewayContext, api: Router): void {
  api.post('document.cancel', '/api/orders/:id/invoice/:receipt/cancel', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const orderId = validate(OrderIdParam, ctx.params.id);
    const receipt = validate(ReceiptParam, ctx.params.receipt);
    const invoice = (await documentsOfOrder(gw.db, shop, orderId)).find(
      (d) => d.type === 'invoice' && d.lexwareId === receipt,
    );
    if (!invoice) throw NotFound(CANCEL_MESSAGES.notFound);
    if ((await documentState(gw.db, invoice.id))?.cancelled) throw Conflict('CANCELLED', CANCEL_MESSAGES.cancelled);
    if (invoice.status === 'draft') throw Conflict('DRAFT', CANCEL_MESSAGES.draft);

    const update = await askOrderToCancel(
      gw.temporal,
      gw.settings.taskQueue,
      { shopId: shop, orderId, orderName: invoice.orderName },
      { lexwareId: receipt, number: invoice.number, orderName: invoice.orderName ?? '' },
    );
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      update.result().then(
        (outcome) => ({ outcome }),
        (error: unknown) => ({ error }),
      ),
      new Promise<{ pending: true }>((resolve) => {
        timer = setTimeout(() => resolve({ pending: true }), ANSWER_WITHIN_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if ('pending' in answer) {
      ctx.status = 202;
      ctx.body = { cancelled: false, message: CANCEL_MESSAGES.pending };
      return;
    }
    if ('error' in answer) {
      if (answer.error instanceof WorkflowUpdateFailedError) throw failureOf(answer.error);
      throw answer.error;
    }
    if (answer.outcome !== 'cancelled') throw REFUSALS[answer.outcome]();
    ctx.body = { cancelled: true, message: CANCEL_MESSAGES.done };
  });
}
