import Router from '@koa/router';
import type { Context } from 'koa';
import {
  documentByPdfToken,
  getOrderSnapshot,
  latestDocumentOfOrder,
  lexwareStore,
  loadShopContext,
  type DocumentRef,
} from '@belegfluss/db';
import { documentFile, LexwareError } from '@belegfluss/lexware';
import { lexwareOf } from '../../clients';
import { planInvoice, ShopifyOrderSchema } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { Conflict, HttpError, LexwareUnavailable, NotFound, Unprocessable, upstreamHttpError } from '../../errors';
import { validate } from '../../http';
import { clientKey, consume, refuseWhileExhausted } from '../../rate-limit';
import { sessionOf } from '../../middleware/session';
import { DocumentTypeParam, OrderIdParam } from './schema';
import { numberForFile } from './numbers';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'document.xml': 'The e-invoice XML by its token (public)',
  document: 'A document PDF by its token, inline (public)',
  'document.download': 'A document PDF by its token, as a download (public)',
  'document.preview': 'Preview of the Lexware invoice or credit note',
});

/** Document tokens are 32 characters. */
const TOKEN = /^[A-Za-z0-9]{32}$/;
const NO_XML = 'Zu diesem Beleg gibt es keine XRechnung.';
const DRAFT_MESSAGE = 'Entwürfe können nicht heruntergeladen werden. Bitte finalisiere den Beleg in Lexware Office.';

export const documentUrl = (appUrl: string, token: string) => `${appUrl}/documents/${token}`;

/**
 * The PDF (GET /v1/invoices/{id}/file or /v1/credit-notes/{id}/file), or an e-invoice's XML: kept in our
 * store once a finalised document was fetched, so only the first download spends a Lexware call.
 */
async function fetchFile(gw: GatewayContext, doc: DocumentRef, kind: 'pdf' | 'xml' = 'pdf'): Promise<Buffer> {
  if (doc.status === 'draft') throw Conflict('DRAFT', DRAFT_MESSAGE);
  if (!doc.lexwareId) throw NotFound('Dieser Beleg wurde noch nicht erstellt.');
  const client = lexwareOf(gw, doc.shopId);
  try {
    const file = await documentFile(
      lexwareStore(gw.db, gw.box),
      client,
      { ...doc, lexwareId: doc.lexwareId },
      kind,
      gw.settings.documentFiles,
    );
    if (!file) throw NotFound(NO_XML);
    return file;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (kind === 'xml' && error instanceof LexwareError && error.status === 404) throw NotFound(NO_XML);
    if (error instanceof LexwareError && error.status === 409) throw Conflict('DRAFT', DRAFT_MESSAGE);
    if (error instanceof LexwareError && error.status === 404)
      throw NotFound('Lexware Office kennt diesen Beleg nicht mehr.');
    throw upstreamHttpError(error) ?? LexwareUnavailable();
  }
}

const fileName = (doc: DocumentRef) =>
  `${(doc.number ?? (doc.type === 'invoice' ? 'Rechnung' : 'Gutschrift')).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/**
 * Document links (`{pdf}` and `{pdf}/download`) go out in mails and metafields,
 * so they carry no session: the 32-character random token is the credential.
 */
export function documentRoutes(gw: GatewayContext, api: Router): Router {
  const pub = new Router();
  const byToken = async (ctx: Context): Promise<DocumentRef> => {
    // The token is the credential: whoever misses too often is refused for a while, hit or not.
    await refuseWhileExhausted(ctx, gw.limits.documentMisses, clientKey(ctx));
    const token = String(ctx.params.token ?? '');
    const doc = TOKEN.test(token) ? await documentByPdfToken(gw.db, token) : undefined;
    if (!doc) {
      await consume(ctx, gw.limits.documentMisses, clientKey(ctx)).catch(() => undefined);
      throw NotFound('Beleg nicht gefunden');
    }
    return doc;
  };
  const serve = (disposition: 'inline' | 'attachment') => async (ctx: Context) => {
    const doc = await byToken(ctx);
    const [pdf, number] = await Promise.all([fetchFile(gw, doc), numberForFile(gw, doc)]);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `${disposition}; filename="${fileName({ ...doc, number })}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf;
  };
  // An e-invoice's XML: an XRechnung's own file, or the one a ZUGFeRD PDF carries; 404 for any other.
  pub.get('document.xml', '/documents/:token/xml', async (ctx) => {
    const doc = await byToken(ctx);
    const xml = await fetchFile(gw, doc, 'xml');
    ctx.type = 'application/xml';
    ctx.set('Content-Disposition', `attachment; filename="${fileName(doc).replace(/\.pdf$/, '.xml')}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = xml;
  });
  pub.get('document', '/documents/:token', serve('inline'));
  pub.get('document.download', '/documents/:token/download', serve('attachment'));

  /**
   * The receipt preview: the PDF of the document we made, or, before one
   * exists, the invoice as it would be sent to Lexware (drafts have no PDF there).
   */
  api.get('document.preview', '/api/orders/:id/lexoffice/:type/preview', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const orderId = validate(OrderIdParam, ctx.params.id);
    const type = validate(DocumentTypeParam, ctx.params.type);
    const [doc, snapshot] = await Promise.all([
      latestDocumentOfOrder(gw.db, shop, orderId, type),
      getOrderSnapshot(gw.db, shop, orderId),
    ]);
    if (!doc && !snapshot) throw NotFound('Bestellung nicht gefunden');
    if (doc) {
      const invoice = {
        _key: doc.lexwareId,
        number: await numberForFile(gw, doc),
        status: doc.status,
        type: doc.type,
        pdf: doc.pdfToken ? documentUrl(gw.settings.appUrl, doc.pdfToken) : null,
      };
      try {
        ctx.body = { pdf: { base64: (await fetchFile(gw, doc)).toString('base64') }, invoice, error: null };
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        ctx.body = { pdf: null, invoice, error: error.message };
      }
      return;
    }
    if (type === 'credit') {
      ctx.body = {
        pdf: null,
        invoice: null,
        draft: null,
        error: 'Für diese Bestellung gibt es noch keine Gutschrift.',
      };
      return;
    }
    const order = ShopifyOrderSchema.safeParse(snapshot);
    if (!order.success)
      throw Unprocessable(
        'UNPROCESSABLE',
        'Die gespeicherte Bestellung ist unvollständig; eine Vorschau ist nicht möglich.',
      );
    // The worker's plan from the shop's context, so the preview shows what it would send. The order's metafields
    // are not read here (the worker reads them from Shopify when it makes the invoice): their placeholders stay empty.
    const plan = planInvoice(order.data, await loadShopContext(gw.db, shop), [], { preview: true });
    if (plan.action === 'unprocessable') {
      ctx.body = { pdf: null, invoice: null, draft: null, error: plan.message };
      return;
    }
    try {
      if (plan.action !== 'create') throw new Error(plan.reason);
      const built = plan.build(null);
      ctx.body = {
        pdf: null,
        invoice: null,
        draft: built.invoice,
        warnings: built.warnings,
        error: 'Noch keine Rechnung erstellt: die Vorschau zeigt die Daten, die an Lexware Office gingen.',
      };
    } catch (error) {
      ctx.body = {
        pdf: null,
        invoice: null,
        draft: null,
        error: `Die Rechnung ließe sich so nicht erstellen: ${(error as Error).message}`,
      };
    }
  });
  return pub;
}
