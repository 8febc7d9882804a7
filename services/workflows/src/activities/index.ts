import { ApplicationFailure, heartbeat, log as activityLog } from '@temporalio/activity';
import type { Db, LogEntryInput, SecretBox, WebhookStatus } from '@belegfluss/db';
import {
  forgetContact,
  getShop,
  mailStore,
  setDeliveriesStatus,
  settleRound,
  shopInstalled,
  upsertOrder,
  writeLog,
} from '@belegfluss/db';
import { LexwareError, type LexwareClient, type LexwareDeps } from '@belegfluss/lexware';
import { lexwareOf } from './clients';
import type { DefaultSender } from '@belegfluss/mail';
import type { DocumentFileLimits } from '@belegfluss/shared/settings';
import {
  buildCreditNote,
  buildPlannedInvoice,
  contactRequired,
  ShopifyRefundSchema,
  type ShopifyOrder,
  type TaxRegime,
} from '@belegfluss/shared';
import { ensureContact, type ContactRequest } from './contact';
import { loadShopContext, type ShopContext } from './context';
import { issueDocument, type IssueResult } from './documents';
import { issueDeliveryNote } from './delivery-notes';
import { markOrderPaid, refreshDocument, type ShopifyDeps } from './paid';
import { mailDocument } from './mail';
import { bookOrderPayments, type PaidInvoice } from './transactions';
import { readOrderMetafields, writeOrderMetafields } from './metafields';
import { resolveEInvoice } from './einvoice';
import { createImportActivities } from './import';
import { createWizardActivities } from './wizard';
import { createNotifier } from './notify';
import { noteWithheldFeatures } from './plan';
import { closeInvoice, freshOrder, releaseLostDocument } from './repair';

export type { ShopContext } from './context';
export type { IssueResult } from './documents';

/** appUrl: the gateway's public URL, for the document links written to metafields. */
export interface ActivityDeps {
  db: Db;
  box: SecretBox;
  lexware: LexwareDeps;
  shopify: ShopifyDeps;
  appUrl: string;
  mail: DefaultSender;
  /** The bound of the kept document files the mail's attachments share with the download links. */
  documentFiles?: DocumentFileLimits;
}

/** 4xx answers other than 409 and 429 won't get better by retrying: fail the step, say why. */
function rethrow(error: unknown): never {
  if (
    error instanceof LexwareError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.status !== 409
  ) {
    throw ApplicationFailure.create({
      type: 'LEXWARE_REJECTED',
      message: error.message,
      details: [error.status, LexwareError.describe(error.body)],
      nonRetryable: true,
    });
  }
  throw error;
}

export function createActivities({
  db,
  box,
  lexware: lexwareDeps,
  shopify,
  appUrl,
  mail,
  documentFiles,
}: ActivityDeps) {
  const notifier = createNotifier(db, mail);
  const lexware: LexwareDeps = { ...lexwareDeps, onConnectionLost: notifier.connectionLost };
  const client = (shopId: string): LexwareClient => lexwareOf(db, box, lexware, shopId);
  /**
   * An order from before the installation comes from the historical import: its Lexware calls
   * give way to live orders, which share the same 2 requests/s (spec 1 §9, live orders first).
   */
  const clientFor = async (shopId: string, order: ShopifyOrder): Promise<LexwareClient> => {
    const shop = await getShop(db, shopId);
    const background = Boolean(shop) && Date.parse(order.created_at) < shop!.installedAt.getTime();
    return lexwareOf(db, box, lexware, shopId, { background });
  };

  /** Runs a Lexware step; a failure is logged once with Lexware's own message, then rethrown. */
  async function lexwareStep<T>(
    shopId: string,
    order: ShopifyOrder,
    origin: 'invoice' | 'credit' | 'delivery' | 'contact' | 'transaction',
    step: () => Promise<T>,
  ): Promise<T> {
    // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, while a
    // long wait for a rate-limit slot is still fine.
    const beat = setInterval(() => heartbeat(), 2_000);
    try {
      return await step();
    } catch (error) {
      if (error instanceof LexwareError && !error.retryable && !error.ambiguous) {
        await writeLog(db, {
          shopId,
          origin,
          event: `${origin}.failed`,
          status: 'critical',
          orderId: String(order.id),
          orderName: order.name,
          body: {
            service: 'lexoffice',
            status: error.status,
            message: LexwareError.describe(error.body),
            stack: error.stack,
          },
        });
      }
      return rethrow(error);
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * The order's row; a shop that never installed the app (or removed it) has none to hang it on.
   * Retrying can't change that, so the activity ends at once and says so in the worker's log.
   */
  async function recordOrder(shopId: string, order: ShopifyOrder): Promise<void> {
    if (!(await shopInstalled(db, shopId))) {
      activityLog.warn('Order for a shop without the app installed', {
        shopId,
        orderId: order.id,
        orderName: order.name,
      });
      throw ApplicationFailure.nonRetryable(
        `Der Shop ${shopId} hat die App nicht installiert; Bestellung ${order.name} wird nicht verarbeitet.`,
        'NOT_INSTALLED',
      );
    }
    await upsertOrder(db, shopId, order);
    await noteWithheldFeatures(db, shopId, order);
  }

  /** The customer's contact in Lexware, found or made (see ./contact), as its own Lexware step. */
  const contactStep = (shopId: string, order: ShopifyOrder, req: ContactRequest) =>
    lexwareStep(shopId, order, 'contact', async () =>
      ensureContact(db, await clientFor(shopId, order), shopId, order, req),
    );

  /** A refused document may name a contact merged or removed in Lexware: the next attempt searches again. */
  async function forgetRejectedContact(shopId: string, contactId: string | null, error: unknown): Promise<never> {
    if (contactId && error instanceof ApplicationFailure && error.type === 'LEXWARE_REJECTED')
      await forgetContact(db, shopId, contactId);
    throw error;
  }

  /**
   * ctx: the context the workflow decided with; tasks scheduled before it was passed along load it here.
   * The regime stays the workflow's (it chose it before the contact was made).
   */
  async function issueInvoice(
    shopId: string,
    order: ShopifyOrder,
    contactId: string | null,
    regime: TaxRegime,
    ctx?: ShopContext,
  ): Promise<IssueResult> {
    const { prefs, metafields: mf } = ctx ?? (await loadShopContext(db, shopId));
    const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
    const build = (id: string | null) => buildPlannedInvoice(order, prefs, regime, metafields, id);
    const built = build(contactId);
    if (built.rounding.handled === 'line' || built.orderDiffCents !== 0) {
      await writeLog(db, {
        shopId,
        origin: 'invoice',
        event: 'invoice.rounding',
        status: 'info',
        orderId: String(order.id),
        orderName: order.name,
        body: { diffCents: built.rounding.diffCents, orderDiffCents: built.orderDiffCents },
      });
    }
    const issue = async (id: string | null, invoice: typeof built.invoice) =>
      issueDocument(
        db,
        await clientFor(shopId, order),
        {
          shopId,
          order,
          intentKey: `invoice:${order.id}`,
          document: { type: 'invoice', body: invoice },
          finalize: built.finalize,
          contactId: id,
        },
        notifier,
      );
    return lexwareStep(shopId, order, 'invoice', async () => {
      try {
        return await issue(contactId, built.invoice);
      } catch (error) {
        if (!contactId || !(error instanceof LexwareError) || !error.names('address.contactId')) throw error;
        // Lexware doesn't know our contact (removed there, or a link from another organisation):
        // forget it, make the customer's contact anew and issue with that one.
        await forgetContact(db, shopId, contactId);
        await writeLog(db, {
          shopId,
          origin: 'contact',
          event: 'contact.refused',
          status: 'warning',
          orderId: String(order.id),
          orderName: order.name,
          ref: { contact: contactId },
          body: { message: LexwareError.describe(error.body) },
        });
        const fresh = await ensureContact(db, await clientFor(shopId, order), shopId, order, {
          prefs: prefs.contact,
          vatId: regime.vatId,
          required: contactRequired(regime),
          shopDomain: shopId,
        });
        const result = await issue(fresh, build(fresh).invoice);
        return result.outcome === 'NO_CREDITS' ? result : { ...result, contactId: fresh };
      }
    }).catch((error: unknown) => forgetRejectedContact(shopId, contactId, error));
  }

  return {
    loadShopContext: (shopId: string): Promise<ShopContext> => loadShopContext(db, shopId),

    /** The invoice's e-invoice decision: the buyer's Leitweg-ID, checked, and whether it goes out net. */
    async resolveEInvoice(shopId: string, order: ShopifyOrder) {
      const { prefs } = await loadShopContext(db, shopId);
      return resolveEInvoice({ db, box, shopify, appUrl }, shopId, order, prefs.contact);
    },

    ensureContact: contactStep,

    issueInvoice,

    /**
     * The customer's contact and the invoice in one activity (issue 17: one Temporal round trip fewer per
     * invoice). A retry finds the contact it made in our records, without a Lexware call.
     */
    async issueInvoiceWithContact(
      shopId: string,
      order: ShopifyOrder,
      req: ContactRequest,
      regime: TaxRegime,
      ctx: ShopContext,
    ): Promise<IssueResult> {
      const contactId = await contactStep(shopId, order, req);
      const result = await issueInvoice(shopId, order, contactId, regime, ctx);
      return result.outcome === 'NO_CREDITS' ? result : { ...result, contactId: result.contactId ?? contactId };
    },

    async issueCreditNote(
      shopId: string,
      order: ShopifyOrder,
      refund: unknown,
      invoice: { lexwareId: string; contactId: string | null },
      regime: TaxRegime,
    ): Promise<IssueResult> {
      const { prefs, metafields: mf } = await loadShopContext(db, shopId);
      const parsed = ShopifyRefundSchema.parse(refund);
      const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
      const built = buildCreditNote(order, parsed, {
        contactId: invoice.contactId,
        prefs: prefs.credit,
        orderHandling: prefs.orderHandling,
        regime,
        metafields,
        language: prefs.language,
      });
      return lexwareStep(shopId, order, 'credit', async () =>
        issueDocument(
          db,
          await clientFor(shopId, order),
          {
            shopId,
            order,
            intentKey: `credit:${parsed.id}`,
            finalize: built.finalize,
            contactId: invoice.contactId,
            document: { type: 'credit', body: built.creditNote, precedingInvoiceId: invoice.lexwareId },
          },
          notifier,
        ),
      ).catch((error: unknown) => forgetRejectedContact(shopId, invoice.contactId, error));
    },

    /** The delivery note of one shipment (issue 19 §3); the contact and tax type are the invoice's when it has one. */
    issueDeliveryNote: (
      shopId: string,
      order: ShopifyOrder,
      fulfillmentId: number,
      from: { contactId: string | null; taxType: TaxRegime['taxType'] | null },
    ) =>
      lexwareStep(shopId, order, 'delivery', async () =>
        issueDeliveryNote(db, await clientFor(shopId, order), {
          shopId,
          order,
          fulfillmentId,
          contactId: from.contactId,
          regimeTaxType: from.taxType,
        }),
      ),

    /** Repairs of the completeness audit (issue 19 §2): the order afresh, a lost document's intent freed, an invoice closed. */
    freshOrder: (shopId: string, orderId: string) => freshOrder({ db, box, shopify }, shopId, orderId),
    releaseLostDocument: (shopId: string, order: { id: string; name: string }, intentKey: string) =>
      releaseLostDocument(db, client(shopId), shopId, order, intentKey),
    closeInvoice: (shopId: string, order: ShopifyOrder, lexwareId: string) =>
      lexwareStep(shopId, order, 'credit', async () =>
        closeInvoice(db, await clientFor(shopId, order), shopId, order, lexwareId, notifier),
      ),

    refreshDocument: (shopId: string, lexwareId: string) => refreshDocument(db, client(shopId), shopId, lexwareId),

    markOrderPaid: (shopId: string, order: ShopifyOrder) => markOrderPaid(db, box, shopify, shopId, order),

    /** The shop's automatic mail of a finalised invoice or credit note, at most once. */
    sendDocumentMail: (shopId: string, documentId: string) =>
      mailDocument({ store: mailStore(db, box), lexware, mail, documentFiles }, shopId, documentId),

    bookOrderPayments: (shopId: string, order: ShopifyOrder, invoice: PaidInvoice) =>
      lexwareStep(shopId, order, 'transaction', async () =>
        bookOrderPayments({ db, box, shopify, api: await clientFor(shopId, order) }, shopId, order, invoice),
      ),

    async writeOrderMetafields(shopId: string, order: ShopifyOrder) {
      const { metafields } = await loadShopContext(db, shopId);
      return writeOrderMetafields({ db, box, shopify, appUrl, lexware }, shopId, order, metafields?.write ?? []);
    },

    recordOrder,

    async writeLog(entry: LogEntryInput): Promise<void> {
      await writeLog(db, entry);
    },

    async settleDeliveries(webhookIds: string[], status: WebhookStatus): Promise<void> {
      await setDeliveriesStatus(db, webhookIds, status);
    },

    /**
     * A round's database steps at its start, in one local activity (issue 17): the order's newest snapshot
     * recorded (when the round has one) and the shop's context read.
     */
    async beginRound(shopId: string, order: ShopifyOrder | null): Promise<ShopContext> {
      if (order) await recordOrder(shopId, order);
      return loadShopContext(db, shopId);
    },

    /** …and at its end: the decisions the round logged, and its deliveries settled, in one transaction. */
    async endRound(logs: LogEntryInput[], webhookIds: string[], status: WebhookStatus): Promise<void> {
      await settleRound(db, logs, webhookIds, status);
    },

    ...createImportActivities({ db, box, shopify }),
    ...createWizardActivities({ db, box, shopify, lexware }),
  };
}

/** The order workflow's activities (the imports have their own types, see ./import and ./wizard). */
export type Activities = Omit<
  ReturnType<typeof createActivities>,
  keyof ReturnType<typeof createImportActivities> | keyof ReturnType<typeof createWizardActivities>
>;
