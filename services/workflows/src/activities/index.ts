import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import type { Db, LogEntryInput, SecretBox, WebhookStatus } from '@belegfluss/db';
import { setDeliveryStatus, upsertOrder, writeLog } from '@belegfluss/db';
import { LexofficeError, lexofficeFor, type LexofficeClient, type LexofficeDeps } from '@belegfluss/lexoffice';
import { buildCreditNote, buildInvoice, ShopifyRefundSchema, type ShopifyOrder, type TaxRegime } from '@belegfluss/shared';
import { ensureContact, type ContactRequest } from './contact';
import { loadShopContext, type ShopContext } from './context';
import { issueDocument, type IssueResult } from './documents';
import { markOrderPaid, refreshDocument, type ShopifyDeps } from './paid';

export type { ShopContext } from './context';
export type { IssueResult } from './documents';

export interface ActivityDeps { db: Db; box: SecretBox; lexoffice: LexofficeDeps; shopify: ShopifyDeps }

/** 4xx answers other than 409 and 429 won't get better by retrying: fail the step, say why. */
function rethrow(error: unknown): never {
  if (error instanceof LexofficeError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 409) {
    throw ApplicationFailure.create({ type: 'LEXOFFICE_REJECTED', message: error.message, details: [error.status, LexofficeError.describe(error.body)], nonRetryable: true });
  }
  throw error;
}

export function createActivities({ db, box, lexoffice, shopify }: ActivityDeps) {
  const client = (shopId: string): LexofficeClient => lexofficeFor(db, box, lexoffice, shopId);

  /** Runs a Lexware step; a failure is logged once with Lexware's own message, then rethrown. */
  async function lexwareStep<T>(shopId: string, order: ShopifyOrder, origin: 'invoice' | 'credit' | 'contact', step: () => Promise<T>): Promise<T> {
    // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, while a
    // long wait for a rate-limit slot is still fine.
    const beat = setInterval(() => heartbeat(), 2_000);
    try {
      return await step();
    } catch (error) {
      if (error instanceof LexofficeError && !error.retryable && !error.ambiguous) {
        await writeLog(db, { shopId, origin, event: `${origin}.failed`, status: 'critical', orderId: String(order.id), orderName: order.name, body: { service: 'lexoffice', status: error.status, message: LexofficeError.describe(error.body) } });
      }
      return rethrow(error);
    } finally {
      clearInterval(beat);
    }
  }

  return {
    loadShopContext: (shopId: string): Promise<ShopContext> => loadShopContext(db, shopId),

    ensureContact: (shopId: string, order: ShopifyOrder, req: ContactRequest) =>
      lexwareStep(shopId, order, 'contact', () => ensureContact(db, client(shopId), shopId, order, req)),

    async issueInvoice(shopId: string, order: ShopifyOrder, contactId: string | null, regime: TaxRegime): Promise<IssueResult> {
      const { prefs } = await loadShopContext(db, shopId);
      const built = buildInvoice(order, { contactId, prefs: prefs.invoice, orderHandling: prefs.orderHandling, regime });
      if (built.rounding.handled === 'line' || built.orderDiffCents !== 0) {
        await writeLog(db, { shopId, origin: 'invoice', event: 'invoice.rounding', status: 'info', orderId: String(order.id), orderName: order.name, body: { diffCents: built.rounding.diffCents, orderDiffCents: built.orderDiffCents } });
      }
      return lexwareStep(shopId, order, 'invoice', () => issueDocument(db, client(shopId), {
        shopId, order, intentKey: `invoice:${order.id}`, document: { type: 'invoice', body: built.invoice }, finalize: built.finalize, contactId,
      }));
    },

    async issueCreditNote(shopId: string, order: ShopifyOrder, refund: unknown, invoice: { lexofficeId: string; contactId: string | null }, regime: TaxRegime): Promise<IssueResult> {
      const { prefs } = await loadShopContext(db, shopId);
      const parsed = ShopifyRefundSchema.parse(refund);
      const built = buildCreditNote(order, parsed, { contactId: invoice.contactId, prefs: prefs.credit, orderHandling: prefs.orderHandling, regime });
      return lexwareStep(shopId, order, 'credit', () => issueDocument(db, client(shopId), {
        shopId, order, intentKey: `credit:${parsed.id}`, finalize: built.finalize, contactId: invoice.contactId,
        document: { type: 'credit', body: built.creditNote, precedingInvoiceId: invoice.lexofficeId },
      }));
    },

    refreshDocument: (shopId: string, lexofficeId: string) => refreshDocument(db, client(shopId), shopId, lexofficeId),

    markOrderPaid: (shopId: string, order: ShopifyOrder) => markOrderPaid(db, box, shopify, shopId, order),

    async recordOrder(shopId: string, order: ShopifyOrder): Promise<void> {
      await upsertOrder(db, shopId, order);
    },

    async writeLog(entry: LogEntryInput): Promise<void> {
      await writeLog(db, entry);
    },

    async settleDeliveries(webhookIds: string[], status: WebhookStatus): Promise<void> {
      for (const id of webhookIds) await setDeliveryStatus(db, id, status);
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
