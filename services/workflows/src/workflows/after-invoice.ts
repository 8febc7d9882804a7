import type { LexwareEvent, OrderState } from '../api';
import type { ShopContext } from '../activities';
import { lexwareActivities, mailActivities, shopifyActivities } from './activity-options';
import { log } from './decisions';

const { refreshDocument, markOrderPaid, bookOrderPayments } = lexwareActivities;
const { sendDocumentMail } = mailActivities;
const { writeOrderMetafields } = shopifyActivities;

/** What happens once a document exists: Lexware's news about it, its mail, the order's metafields and its payments. */

/**
 * Lexware says one of the order's documents changed (paid, voided…): read its status,
 * and when the invoice is paid and the shop wants it, mark the Shopify order paid too.
 */
export async function applyLexwareEvents(
  shopId: string,
  state: OrderState,
  ctx: ShopContext,
  events: LexwareEvent[],
): Promise<void> {
  for (const resourceId of [...new Set(events.map((e) => e.resourceId))]) {
    const doc =
      state.invoice?.lexwareId === resourceId ? state.invoice : state.credits.find((c) => c.lexwareId === resourceId);
    if (!doc) continue;
    const fresh = await refreshDocument(shopId, resourceId);
    if (!fresh) continue;
    doc.status = fresh.status;
    if (doc === state.invoice && fresh.status === 'paid' && ctx.prefs.orderHandling.syncOrderPayment && state.order) {
      if ((await markOrderPaid(shopId, state.order)) === 'marked')
        state.order = { ...state.order, financial_status: 'paid' };
    }
  }
}

/**
 * Writes the order's document values to its metafields once a document was
 * made. The activity writes only what differs, so a repeat or a retry changes nothing.
 */
export async function writeMetafields(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  if (!state.order || (!state.invoice && state.credits.length === 0) || !ctx.metafields?.write.length) return;
  await writeOrderMetafields(shopId, state.order);
}

const PAID_STATUSES = new Set(['paid', 'partially_paid', 'partially_refunded', 'refunded']);

/**
 * Books the order's payments as bank transactions, with fee and assignment hint,
 * once it is invoiced and paid. It asks again when a newer snapshot or a new invoice status
 * arrives; the activity reads the switches and books each payment only once.
 */
export async function bookPayments(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  const { order, invoice } = state;
  if (!order || !invoice || !PAID_STATUSES.has(order.financial_status ?? '')) return;
  if (!ctx.invoice.connected || !ctx.invoice.automationEnabled || ctx.invoice.invoiceCreate === false) return;
  const key = `${order.updated_at ?? order.created_at}|${invoice.status}`;
  if (state.paymentsBookedFor === key) return;
  if (ctx.transactionsOff) {
    // Booking is off: the entry the activity would write, without asking it (one round trip fewer).
    await log({
      shopId,
      origin: 'transaction',
      event: 'transaction.skipped',
      status: 'info',
      orderId: String(order.id),
      orderName: order.name,
      body: { reason: ctx.transactionsOff },
    });
    state.paymentsBookedFor = key;
    return;
  }
  await bookOrderPayments(shopId, order, {
    documentId: invoice.documentId,
    lexwareId: invoice.lexwareId,
    status: invoice.status,
  });
  state.paymentsBookedFor = key;
}

/**
 * Mails each new finalised invoice and credit note once (the order's own, an edit's correction, an exchange's), when
 * the shop's settings say so at the time it is created (turning mail on later does not mail old documents).
 */
export async function mailDocuments(shopId: string, state: OrderState, ctx: ShopContext): Promise<void> {
  const said = (state.said ??= {});
  const creditMail = ctx.prefs.credit.creditSendMailEnabled && ctx.prefs.credit.creditFinalize;
  const invoiceMail = ctx.prefs.invoice.invoiceSendMail.enabled;
  // What an edit or an exchange added is billed as an invoice is, what it took back credited as a credit note is:
  // the customer gets each the way the merchant has the order's own invoice and credit notes sent.
  const docs = [
    ...(state.invoice ? [{ doc: state.invoice, enabled: invoiceMail }] : []),
    ...state.credits.map((doc) => ({ doc, enabled: creditMail })),
    ...(state.corrections ?? []).map((doc) => ({ doc, enabled: doc.kind === 'supplement' ? invoiceMail : creditMail })),
    ...(state.returns ?? []).flatMap((r) => [
      ...(r.credit ? [{ doc: r.credit, enabled: creditMail }] : []),
      ...(r.invoice ? [{ doc: r.invoice, enabled: invoiceMail }] : []),
    ]),
  ].filter(({ doc }) => said[`mail:${doc.documentId}`] === undefined);
  for (const { doc, enabled } of docs) {
    const key = `mail:${doc.documentId}`;
    if (!enabled || doc.status === 'draft') {
      said[key] = enabled ? 'DRAFT' : 'disabled';
      continue;
    }
    try {
      said[key] = (await sendDocumentMail(shopId, doc.documentId)).outcome;
    } catch (error) {
      said[key] = 'failed';
      const order = state.order;
      await log({
        shopId,
        origin: 'mail',
        event: 'mail.failed',
        status: 'critical',
        orderId: order ? String(order.id) : null,
        orderName: order?.name ?? null,
        body: {
          number: doc.number,
          error:
            (error as Error).cause instanceof Error
              ? ((error as Error).cause as Error).message
              : (error as Error).message,
        },
      });
    }
  }
}
