import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import type { Db, LogEntryInput, SecretBox, WebhookStatus } from '@belegfluss/db';
import { forgetContact, setDeliveryStatus, upsertOrder, writeLog } from '@belegfluss/db';
import { LexofficeError, lexofficeFor, type LexofficeClient, type LexofficeDeps } from '@belegfluss/lexoffice';
import type { DefaultSender } from '@belegfluss/mail';
import { buildCreditNote, buildInvoice, ShopifyRefundSchema, type ShopifyOrder, type TaxRegime } from '@belegfluss/shared';
import { ensureContact, type ContactRequest } from './contact';
import { loadShopContext, type ShopContext } from './context';
import { issueDocument, type IssueResult } from './documents';
import { markOrderPaid, refreshDocument, type ShopifyDeps } from './paid';
import { mailDocument } from './mail';
import { bookOrderPayments, type PaidInvoice } from './transactions';
import { readOrderMetafields, writeOrderMetafields } from './metafields';
import { createImportActivities } from './import';
import { createNotifier } from './notify';

export type { ShopContext } from './context';
export type { IssueResult } from './documents';

/** appUrl: the gateway's public URL, for the document links written to metafields. */
export interface ActivityDeps { db: Db; box: SecretBox; lexoffice: LexofficeDeps; shopify: ShopifyDeps; appUrl: string; mail: DefaultSender }

/** 4xx answers other than 409 and 429 won't get better by retrying: fail the step, say why. */
function rethrow(error: unknown): never {
  if (error instanceof LexofficeError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 409) {
    throw ApplicationFailure.create({ type: 'LEXOFFICE_REJECTED', message: error.message, details: [error.status, LexofficeError.describe(error.body)], nonRetryable: true });
  }
  throw error;
}

export function createActivities({ db, box, lexoffice: lexwareDeps, shopify, appUrl, mail }: ActivityDeps) {
  const notifier = createNotifier(db, mail);
  const lexoffice: LexofficeDeps = { ...lexwareDeps, onConnectionLost: notifier.connectionLost };
  const client = (shopId: string): LexofficeClient => lexofficeFor(db, box, lexoffice, shopId);

  /** Runs a Lexware step; a failure is logged once with Lexware's own message, then rethrown. */
  async function lexwareStep<T>(shopId: string, order: ShopifyOrder, origin: 'invoice' | 'credit' | 'contact' | 'transaction', step: () => Promise<T>): Promise<T> {
    // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, while a
    // long wait for a rate-limit slot is still fine.
    const beat = setInterval(() => heartbeat(), 2_000);
    try {
      return await step();
    } catch (error) {
      if (error instanceof LexofficeError && !error.retryable && !error.ambiguous) {
        await writeLog(db, { shopId, origin, event: `${origin}.failed`, status: 'critical', orderId: String(order.id), orderName: order.name, body: { service: 'lexoffice', status: error.status, message: LexofficeError.describe(error.body), stack: error.stack } });
      }
      return rethrow(error);
    } finally {
      clearInterval(beat);
    }
  }

  /** A refused document may name a contact merged or removed in Lexware: the next attempt searches again. */
  async function forgetRejectedContact(shopId: string, contactId: string | null, error: unknown): Promise<never> {
    if (contactId && error instanceof ApplicationFailure && error.type === 'LEXOFFICE_REJECTED') await forgetContact(db, shopId, contactId);
    throw error;
  }

  return {
    loadShopContext: (shopId: string): Promise<ShopContext> => loadShopContext(db, shopId),

    ensureContact: (shopId: string, order: ShopifyOrder, req: ContactRequest) =>
      lexwareStep(shopId, order, 'contact', () => ensureContact(db, client(shopId), shopId, order, req)),

    async issueInvoice(shopId: string, order: ShopifyOrder, contactId: string | null, regime: TaxRegime): Promise<IssueResult> {
      const { prefs, metafields: mf } = await loadShopContext(db, shopId);
      const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
      const built = buildInvoice(order, { contactId, prefs: prefs.invoice, orderHandling: prefs.orderHandling, regime, metafields, language: prefs.language });
      if (built.rounding.handled === 'line' || built.orderDiffCents !== 0) {
        await writeLog(db, { shopId, origin: 'invoice', event: 'invoice.rounding', status: 'info', orderId: String(order.id), orderName: order.name, body: { diffCents: built.rounding.diffCents, orderDiffCents: built.orderDiffCents } });
      }
      return lexwareStep(shopId, order, 'invoice', () => issueDocument(db, client(shopId), {
        shopId, order, intentKey: `invoice:${order.id}`, document: { type: 'invoice', body: built.invoice }, finalize: built.finalize, contactId,
      }, notifier)).catch((error: unknown) => forgetRejectedContact(shopId, contactId, error));
    },

    async issueCreditNote(shopId: string, order: ShopifyOrder, refund: unknown, invoice: { lexofficeId: string; contactId: string | null }, regime: TaxRegime): Promise<IssueResult> {
      const { prefs, metafields: mf } = await loadShopContext(db, shopId);
      const parsed = ShopifyRefundSchema.parse(refund);
      const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
      const built = buildCreditNote(order, parsed, { contactId: invoice.contactId, prefs: prefs.credit, orderHandling: prefs.orderHandling, regime, metafields, language: prefs.language });
      return lexwareStep(shopId, order, 'credit', () => issueDocument(db, client(shopId), {
        shopId, order, intentKey: `credit:${parsed.id}`, finalize: built.finalize, contactId: invoice.contactId,
        document: { type: 'credit', body: built.creditNote, precedingInvoiceId: invoice.lexofficeId },
      }, notifier)).catch((error: unknown) => forgetRejectedContact(shopId, invoice.contactId, error));
    },

    refreshDocument: (shopId: string, lexofficeId: string) => refreshDocument(db, client(shopId), shopId, lexofficeId),

    markOrderPaid: (shopId: string, order: ShopifyOrder) => markOrderPaid(db, box, shopify, shopId, order),

    /** The shop's automatic mail of a finalised invoice or credit note, at most once. */
    sendDocumentMail: (shopId: string, documentId: string) => mailDocument({ db, box, lexoffice, mail }, shopId, documentId),

    bookOrderPayments: (shopId: string, order: ShopifyOrder, invoice: PaidInvoice) =>
      lexwareStep(shopId, order, 'transaction', () => bookOrderPayments({ db, box, shopify, api: client(shopId) }, shopId, order, invoice)),

    async writeOrderMetafields(shopId: string, order: ShopifyOrder) {
      const { metafields } = await loadShopContext(db, shopId);
      return writeOrderMetafields({ db, box, shopify, appUrl }, shopId, order, metafields?.write ?? []);
    },

    async recordOrder(shopId: string, order: ShopifyOrder): Promise<void> {
      await upsertOrder(db, shopId, order);
    },

    async writeLog(entry: LogEntryInput): Promise<void> {
      await writeLog(db, entry);
    },

    async settleDeliveries(webhookIds: string[], status: WebhookStatus): Promise<void> {
      for (const id of webhookIds) await setDeliveryStatus(db, id, status);
    },

    ...createImportActivities({ db, box, shopify }),
  };
}

/** The order workflow's activities (the import's have their own type, see ./import). */
export type Activities = Omit<ReturnType<typeof createActivities>, keyof ReturnType<typeof createImportActivities>>;
