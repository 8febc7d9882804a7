import type { Context } from 'koa';
import Router from '@koa/router';
import { origin, readJson } from '../../http/body.js';
import { lexwareTime } from '../../time.js';
import type { Publish } from '../contacts.js';
import { newerError, notAllowed, validationFailed } from '../errors.js';
import { lex } from '../middleware.js';
import { negotiate } from '../negotiation.js';
import type { Organization, Voucher, VoucherKind } from '../types.js';
import { validateVoucher } from './validate.js';
import { isXRechnung, renderVoucherFile, renderXRechnung } from './xrechnung.js';
import { createVoucher, PATHS, voucherJson } from './vouchers.js';

const EVENT_PREFIX: Record<VoucherKind, string> = { invoice: 'invoice', creditnote: 'credit-note' };

/** A finalised credit note linked to an invoice is paid off at once and lowers the invoice's open amount. */
function applyCreditToInvoice(org: Organization, credit: Voucher, publish: Publish): void {
  const invoice = credit.precedingSalesVoucherId ? org.vouchers[credit.precedingSalesVoucherId] : undefined;
  if (!invoice || credit.status === 'draft') return;
  invoice.paidCents += Math.round(credit.totalGross * 100);
  if (invoice.paidCents >= Math.round(invoice.totalGross * 100) && invoice.status === 'open') {
    invoice.status = 'paid';
    invoice.paidDate = lexwareTime();
    publish(org, 'invoice.status.changed', invoice.id);
  }
  publish(org, 'payment.changed', invoice.id);
}

function findVoucher(ctx: Context, kind: VoucherKind): Voucher | undefined {
  const v = lex(ctx).org.vouchers[ctx.params.id ?? ''];
  if (!v || v.kind !== kind) {
    newerError(ctx, 404, 'Not Found');
    return undefined;
  }
  return v;
}

async function sendPdf(ctx: Context, org: Organization, v: Voucher): Promise<void> {
  if (v.status === 'draft') return newerError(ctx, 409, 'Für Entwürfe gibt es kein Dokument');
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${fileName(v)}.pdf"`);
  ctx.body = await renderVoucherFile(org, v);
}

const fileName = (v: Voucher) => `${v.kind === 'invoice' ? 'Rechnung' : 'Gutschrift'}_${v.voucherNumber ?? v.id}`;

/**
 * `/file` by Accept header, as documented: an XRechnung is XML by default (`*\/*`, `application/xml`) and a
 * preview PDF for `application/pdf`; any other document is a PDF by default (a ZUGFeRD one with its XML
 * embedded), and a request that settles on XML finds nothing for it (404).
 */
const fileTypes = (xrechnung: boolean) =>
  xrechnung ? (['application/xml', 'application/pdf'] as const) : (['application/pdf', 'application/xml'] as const);

async function sendFile(ctx: Context, org: Organization, v: Voucher): Promise<void> {
  const wanted = negotiate(ctx, fileTypes(isXRechnung(v)));
  if (!wanted) return newerError(ctx, 406, 'Not Acceptable');
  if (v.status === 'draft') return newerError(ctx, 409, 'Für Entwürfe gibt es kein Dokument');
  if (wanted === 'application/pdf') return sendPdf(ctx, org, v);
  return sendXml(ctx, org, v);
}

/** An XRechnung's XML; any other document has none (404, as both file endpoints document). */
async function sendXml(ctx: Context, org: Organization, v: Voucher): Promise<void> {
  if (!isXRechnung(v)) return newerError(ctx, 404, 'Not Found');
  ctx.type = 'application/xml';
  ctx.set('Content-Disposition', `attachment; filename="${fileName(v)}.xml"`);
  ctx.body = await renderXRechnung(org, v);
}

/**
 * The deprecated `/files/{id}` of a sales voucher, by its own documented table: the PDF is the default even for
 * an XRechnung, `application/xml` gets an XRechnung's XML (404 for any other), and an image type still gets the
 * PDF; nothing acceptable among these is 406.
 */
const LEGACY_FILE_TYPES = ['application/pdf', 'application/xml', 'image/jpeg', 'image/png'] as const;

function voucherRoutes(router: Router, kind: VoucherKind, publish: Publish): void {
  const path = `/${PATHS[kind]}`;

  router.post(path, async (ctx) => {
    const { org } = lex(ctx);
    const body = await readJson(ctx);
    const details = validateVoucher(kind, body, org);
    const preceding =
      typeof ctx.query.precedingSalesVoucherId === 'string' ? ctx.query.precedingSalesVoucherId : undefined;
    if (preceding !== undefined) {
      const target = org.vouchers[preceding];
      if (!target || target.kind !== 'invoice')
        details.push(notAllowed('precedingSalesVoucherId', 'Der Vorgängerbeleg existiert nicht'));
      else if (target.status === 'draft')
        details.push(notAllowed('precedingSalesVoucherId', 'Ein Entwurf kann nicht fortgeführt werden'));
      else if (kind === 'invoice')
        details.push(notAllowed('precedingSalesVoucherId', 'Diese Belegkette ist nicht erlaubt'));
    }
    if (details.length) return validationFailed(ctx, details);
    const finalize = ctx.query.finalize === 'true';
    const v = createVoucher(org, kind, body as Record<string, unknown>, finalize, preceding);
    publish(org, `${EVENT_PREFIX[kind]}.created`, v.id);
    if (kind === 'creditnote') applyCreditToInvoice(org, v, publish);
    ctx.status = 201;
    ctx.set('Location', `${origin(ctx)}/v1${path}/${v.id}`);
    const j = v.json;
    ctx.body = {
      id: v.id,
      resourceUri: `${origin(ctx)}/v1${path}/${v.id}`,
      createdDate: j.createdDate,
      updatedDate: j.updatedDate,
      version: j.version,
    };
  });

  router.get(`${path}/:id`, (ctx) => {
    const v = findVoucher(ctx, kind);
    if (v) ctx.body = voucherJson(v);
  });

  router.get(`${path}/:id/file`, async (ctx) => {
    const v = findVoucher(ctx, kind);
    if (v) await sendFile(ctx, lex(ctx).org, v);
  });

  // Deprecated since 2024 but still used by public clients: render, then fetch by file id.
  router.get(`${path}/:id/document`, (ctx) => {
    const v = findVoucher(ctx, kind);
    if (!v) return;
    const files = v.json.files as { documentFileId: string } | undefined;
    if (v.status === 'draft' || !files) return newerError(ctx, 406, 'Für Entwürfe gibt es kein Dokument');
    ctx.body = { documentFileId: files.documentFileId };
  });
}

export function vouchersRouter(publish: Publish): Router {
  const router = new Router();
  voucherRoutes(router, 'invoice', publish);
  voucherRoutes(router, 'creditnote', publish);

  router.get('/files/:id', async (ctx) => {
    const { org } = lex(ctx);
    const v = Object.values(org.vouchers).find(
      (x) => (x.json.files as { documentFileId?: string } | undefined)?.documentFileId === ctx.params.id,
    );
    if (!v) return newerError(ctx, 404, 'Not Found');
    const wanted = negotiate(ctx, LEGACY_FILE_TYPES);
    if (!wanted) return newerError(ctx, 406, 'Not Acceptable');
    if (wanted === 'application/xml') return sendXml(ctx, org, v);
    await sendPdf(ctx, org, v);
  });
  return router;
}
