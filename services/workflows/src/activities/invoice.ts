import type { ShopifyOrder, TaxRegime } from '@belegfluss/shared';
import { buildPlannedInvoice, contactRequired } from '@belegfluss/shared';
import { forgetContact, writeLog, type Db } from '@belegfluss/db';
import { LexwareError, type LexwareClient } from '@belegfluss/lexware';
import { ensureContact, type ContactRequest } from './contact';
import { loadShopContext, type ShopContext } from './context';
import type { ActivityDeps } from './deps';
import { issueDocument, type IssueResult } from './documents';
import { resolveEInvoice } from './einvoice';
import { forgetRejectedContact, lexwareAccess } from './lexware-step';
import { readOrderMetafields } from './metafields';

type InvoiceDeps = Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify' | 'appUrl'>;

/** Logs when the invoice's lines or total were rounded to match the order (the merchant may wonder why). */
async function logRounding(db: Db, shopId: string, order: ShopifyOrder, built: ReturnType<typeof buildPlannedInvoice>) {
  if (built.rounding.handled !== 'line' && built.orderDiffCents === 0) return;
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

/** The order's invoice: its e-invoice decision, the customer's contact and the invoice itself. */
export function createInvoiceActivities(deps: InvoiceDeps) {
  const { db, box, shopify, appUrl } = deps;
  const { notifier, clientFor, step } = lexwareAccess(deps);

  /** The customer's contact in Lexware, found or made (see ./contact), as its own Lexware step. */
  const contactStep = (api: LexwareClient, shopId: string, order: ShopifyOrder, req: ContactRequest) =>
    step(shopId, order, 'contact', async () => ensureContact(db, api, shopId, order, req));

  /**
   * Lexware doesn't know our contact (removed there, or a link from another organisation): forget it, and
   * make the customer's contact anew. The caller issues with the fresh one.
   */
  async function contactAnew(
    api: LexwareClient,
    shopId: string,
    order: ShopifyOrder,
    refused: { contactId: string; error: LexwareError },
    prefs: ShopContext['prefs'],
    regime: TaxRegime,
  ): Promise<string | null> {
    await forgetContact(db, shopId, refused.contactId);
    await writeLog(db, {
      shopId,
      origin: 'contact',
      event: 'contact.refused',
      status: 'warning',
      orderId: String(order.id),
      orderName: order.name,
      ref: { contact: refused.contactId },
      body: { message: LexwareError.describe(refused.error.body) },
    });
    return ensureContact(db, api, shopId, order, {
      prefs: prefs.contact,
      vatId: regime.vatId,
      required: contactRequired(regime),
      shopDomain: shopId,
    });
  }

  /** The regime stays the workflow's (it chose it before the contact was made). */
  async function issueInvoice(
    api: LexwareClient,
    shopId: string,
    order: ShopifyOrder,
    contactId: string | null,
    regime: TaxRegime,
    ctx: ShopContext,
  ): Promise<IssueResult> {
    const { prefs, metafields: mf } = ctx;
    const metafields = await readOrderMetafields({ db, box, shopify, appUrl }, shopId, order, mf?.read ?? []);
    const build = (id: string | null) => buildPlannedInvoice(order, prefs, regime, metafields, id);
    const built = build(contactId);
    await logRounding(db, shopId, order, built);
    const issue = async (id: string | null, invoice: typeof built.invoice) =>
      issueDocument(
        db,
        api,
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
    return step(shopId, order, 'invoice', async () => {
      try {
        return await issue(contactId, built.invoice);
      } catch (error) {
        if (!contactId || !(error instanceof LexwareError) || !error.names('address.contactId')) throw error;
        const fresh = await contactAnew(api, shopId, order, { contactId, error }, prefs, regime);
        const result = await issue(fresh, build(fresh).invoice);
        return result.outcome === 'NO_CREDITS' ? result : { ...result, contactId: fresh };
      }
    }).catch((error: unknown) => forgetRejectedContact(db, shopId, contactId, error));
  }

  return {
    /** The invoice's e-invoice decision: the buyer's Leitweg-ID, checked, and whether it goes out net. */
    async resolveEInvoice(shopId: string, order: ShopifyOrder) {
      const { prefs } = await loadShopContext(db, shopId);
      return resolveEInvoice({ db, box, shopify, appUrl }, shopId, order, prefs.contact);
    },

    /**
     * The customer's contact and the invoice in one activity (one Temporal round trip fewer per
     * invoice). A retry finds the contact it made in our records, without a Lexware call.
     *
     * The shop's settings are read here, in one statement that also tells the shop's installation (which the
     * Lexware client needs), rather than sent along: as the task's input they were written into the order's
     * history a second time, about 4 KB per invoice for Temporal to store and for both sides to encode.
     * Tasks scheduled by older workflow code still carry the workflow's context (`ctx`) and use it.
     */
    async issueInvoiceWithContact(
      shopId: string,
      order: ShopifyOrder,
      req: ContactRequest,
      regime: TaxRegime,
      ctx?: ShopContext,
    ): Promise<IssueResult> {
      const context = ctx ?? (await loadShopContext(db, shopId));
      const api = await clientFor(shopId, order, context.invoice.installedAt);
      const contactId = await contactStep(api, shopId, order, req);
      const result = await issueInvoice(api, shopId, order, contactId, regime, context);
      return result.outcome === 'NO_CREDITS' ? result : { ...result, contactId: result.contactId ?? contactId };
    },
  };
}
