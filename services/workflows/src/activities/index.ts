import { randomBytes } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { Db, LogEntryInput, SecretBox, WebhookStatus } from '@belegfluss/db';
import { chargeTransfer, claimIntent, completeDocument, getConnection, getShop, hasCredits, markAttempted, setDeliveryStatus, upsertOrder, writeLog } from '@belegfluss/db';
import { LexofficeError, lexofficeFor, type LexofficeClient, type LexofficeDeps } from '@belegfluss/lexoffice';
import {
  buildContactDraft, buildInvoiceDraft, DEFAULT_INVOICE_SETTINGS, orderReference,
  type InvoiceSettings, type ShopifyOrder,
} from '@belegfluss/shared';


export interface ActivityDeps { db: Db; box: SecretBox; lexoffice: LexofficeDeps }

export type IssueResult =
  | { outcome: 'created' | 'existing'; documentId: string; number: string | null }
  | { outcome: 'NO_CREDITS' };

/** 4xx answers other than 429 won't get better by retrying: fail the step and log why. */
function rethrow(error: unknown): never {
  if (error instanceof LexofficeError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    throw ApplicationFailure.create({ type: 'LEXOFFICE_REJECTED', message: error.message, details: [error.status, error.body], nonRetryable: true });
  }
  throw error;
}

export function createActivities({ db, box, lexoffice }: ActivityDeps) {
  const client = (shopId: string): LexofficeClient => lexofficeFor(db, box, lexoffice, shopId);

  /** Looks for an invoice that a crashed attempt may already have created. */
  async function findExistingInvoice(api: LexofficeClient, contactId: string, order: ShopifyOrder) {
    const reference = orderReference(order);
    const list = await api.voucherList({ voucherType: 'invoice', voucherStatus: 'draft,open,paid,voided', contactId, size: 250 });
    for (const entry of list.content) {
      const invoice = await api.invoice(entry.id);
      if ([invoice.title, invoice.introduction, invoice.remark].some((t) => t?.includes(reference))) return invoice;
    }
    return undefined;
  }

  return {
    async loadInvoiceSettings(shopId: string): Promise<InvoiceSettings> {
      const [shop, connection, prefs] = await Promise.all([
        getShop(db, shopId),
        getConnection(db, shopId),
        db('shop_preferences').where({ shop_id: shopId, section: 'invoices' }).first(),
      ]);
      if (!shop) throw ApplicationFailure.nonRetryable(`Shop ${shopId} is not installed`, 'NOT_INSTALLED');
      return {
        ...DEFAULT_INVOICE_SETTINGS,
        ...((prefs?.value as Partial<InvoiceSettings> | undefined) ?? {}),
        connected: Boolean(connection),
        automationEnabled: shop.automationEnabled,
        installedAt: shop.installedAt.toISOString(),
      };
    },

    async ensureContact(shopId: string, order: ShopifyOrder): Promise<string> {
      const api = client(shopId);
      const email = order.customer?.email ?? order.email ?? undefined;
      try {
        if (email) {
          const found = await api.findContacts({ email, customer: true });
          if (found.content[0]) return found.content[0].id;
        }
        const created = await api.createContact(buildContactDraft(order));
        await writeLog(db, { shopId, origin: 'contact', event: 'contact.created', status: 'success', orderId: String(order.id), orderName: order.name, ref: { contact: created.id }, body: { email: email ?? null } });
        return created.id;
      } catch (error) {
        return rethrow(error);
      }
    },

    /**
     * Creates the invoice exactly once per order: the intent row comes first, a
     * retry after an attempt looks in Lexware for the order reference, and the
     * transfer is charged against the document id so it is charged once.
     */
    async issueInvoice(shopId: string, order: ShopifyOrder, contactId: string): Promise<IssueResult> {
      const doc = await claimIntent(db, { shopId, type: 'invoice', intentKey: `invoice:${order.id}`, orderId: String(order.id), orderName: order.name });
      if (doc.lexofficeId) {
        await chargeTransfer(db, shopId, doc.id); // a no-op unless a crash came between the two writes
        return { outcome: 'existing', documentId: doc.id, number: doc.number };
      }
      const api = client(shopId);
      try {
        let invoice = doc.attemptedAt ? await findExistingInvoice(api, contactId, order) : undefined;
        if (!invoice) {
          const credits = await hasCredits(db, shopId);
          if (!credits.ok) {
            await db('shops').where({ id: shopId }).whereNull('credits_exhausted_at').update({ credits_exhausted_at: db.fn.now() });
            await writeLog(db, { shopId, origin: 'invoice', event: 'invoice.skipped', status: 'critical', orderId: String(order.id), orderName: order.name, body: { reason: 'NO_CREDITS', remaining: 0, quota: credits.quota } });
            return { outcome: 'NO_CREDITS' };
          }
          await markAttempted(db, doc.id);
          const created = await api.createInvoice(buildInvoiceDraft(order, contactId), true);
          invoice = await api.invoice(created.id);
        }
        const saved = await completeDocument(db, doc.id, {
          lexofficeId: invoice.id, contactId, number: invoice.voucherNumber ?? null, title: invoice.title ?? null,
          status: invoice.voucherStatus, total: invoice.totalPrice.totalGrossAmount, voucherDate: invoice.voucherDate,
          pdfToken: randomBytes(16).toString('hex'),
        });
        const charge = await chargeTransfer(db, shopId, doc.id);
        await writeLog(db, {
          shopId, origin: 'invoice', event: 'invoice.created', status: 'success', orderId: String(order.id), orderName: order.name,
          ref: { invoice: invoice.id }, body: { number: saved.number, amount: saved.total, finalized: invoice.voucherStatus !== 'draft', remaining: charge.quota - charge.used },
        });
        return { outcome: 'created', documentId: doc.id, number: saved.number };
      } catch (error) {
        if (error instanceof LexofficeError) {
          await writeLog(db, { shopId, origin: 'invoice', event: 'invoice.failed', status: 'critical', orderId: String(order.id), orderName: order.name, body: { service: 'lexoffice', status: error.status, message: LexofficeError.describe(error.body) } });
        }
        return rethrow(error);
      }
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
  };
}

export type Activities = ReturnType<typeof createActivities>;
