import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import Router from '@koa/router';
import PDFDocument from 'pdfkit';
import { origin, readJson } from '../http/body.js';
import { lexwareTime } from '../time.js';
import { newerError, notAllowed, notNull, validationFailed, type Violation } from './errors.js';
import { validateAddress, validateShipping } from './invoices/validate.js';
import { contactName } from './contacts.js';
import { lex } from './middleware.js';
import { negotiate } from './negotiation.js';
import type { Organization, Voucher } from './types.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The tax types the documentation lists for delivery notes (no photovoltaicEquipment). */
const TAX_TYPES = [
  'gross',
  'net',
  'vatfree',
  'intraCommunitySupply',
  'constructionService13b',
  'externalService13b',
  'thirdPartyCountryService',
  'thirdPartyCountryDelivery',
];
const READ_ONLY = [
  'id',
  'organizationId',
  'createdDate',
  'updatedDate',
  'version',
  'voucherStatus',
  'voucherNumber',
  'files',
];

/**
 * Lexware's checks of `POST /v1/delivery-notes`: voucherDate, address, lineItems, taxConditions and
 * shippingConditions are required; a unit price is optional, but checked when given; read-only fields
 * must not be sent.
 */
function validateDeliveryNote(body: unknown, org: Organization): Violation[] {
  if (!isObj(body)) return [notNull('deliveryNote')];
  const out: Violation[] = [];
  for (const field of READ_ONLY) if (body[field] !== undefined) out.push(notAllowed(field, 'ist schreibgeschützt'));
  if (typeof body.voucherDate !== 'string' || Number.isNaN(Date.parse(body.voucherDate)))
    out.push(notNull('voucherDate'));
  const contactId = validateAddress(body.address, org, out);
  const tc = body.taxConditions;
  const taxType = isObj(tc) ? String(tc.taxType) : '';
  if (!TAX_TYPES.includes(taxType)) out.push(notNull('taxConditions.taxType'));
  else if (!['net', 'gross', 'vatfree'].includes(taxType) && !contactId)
    out.push(notAllowed('address.contactId', `Für taxType ${taxType} ist ein Kontakt (contactId) nötig`));
  validateShipping(body.shippingConditions, out);
  const items = body.lineItems;
  if (!Array.isArray(items) || items.length === 0) out.push(notNull('lineItems'));
  else if (items.length > 300)
    out.push({ violation: 'SIZE', field: 'lineItems', message: 'Es sind höchstens 300 Positionen erlaubt' });
  else
    items.forEach((item: unknown, i) => {
      const f = `lineItems[${i}]`;
      if (!isObj(item)) return out.push(notNull(f));
      if (!['custom', 'text', 'material', 'service'].includes(String(item.type)))
        return out.push(notAllowed(`${f}.type`, 'Unbekannter Positionstyp'));
      if (typeof item.name !== 'string' || item.name.trim() === '') out.push(notNull(`${f}.name`));
      if (item.type === 'text') return;
      if ((item.type === 'material' || item.type === 'service') && typeof item.id !== 'string')
        out.push(notNull(`${f}.id`));
      if (!isNum(item.quantity) || item.quantity < 0) out.push(notNull(`${f}.quantity`));
      if (typeof item.unitName !== 'string' || item.unitName === '') out.push(notNull(`${f}.unitName`));
      const price = item.unitPrice;
      if (price === undefined || price === null) return;
      if (!isObj(price) || price.currency !== 'EUR')
        return out.push(notAllowed(`${f}.unitPrice.currency`, 'Nur EUR ist erlaubt'));
      if (!isNum(price.taxRatePercentage)) out.push(notNull(`${f}.unitPrice.taxRatePercentage`));
      const amount = taxType === 'gross' ? 'grossAmount' : 'netAmount';
      if (!isNum(price[amount])) out.push(notNull(`${f}.unitPrice.${amount}`));
    });
  if (typeof body.title === 'string' && body.title.length > 255) out.push(notAllowed('title', 'zu lang'));
  return out;
}

function createDeliveryNote(org: Organization, body: Json, finalize: boolean): Voucher {
  const now = lexwareTime();
  const id = randomUUID();
  const given = body.address as Json;
  const contact = typeof given.contactId === 'string' ? org.contacts[given.contactId] : undefined;
  const billing = ((contact?.addresses?.billing as Json[] | undefined) ?? [])[0] ?? {};
  const address = contact ? { contactId: contact.id, name: contactName(contact), ...billing, ...given } : given;
  const number = finalize
    ? `LS${String((org.nextDeliveryNoteNumber = (org.nextDeliveryNoteNumber ?? 1) + 1) - 1).padStart(4, '0')}`
    : undefined;
  const json: Json = {
    id,
    organizationId: org.id,
    createdDate: now,
    updatedDate: now,
    version: 1,
    language: 'de',
    archived: false,
    voucherNumber: number,
    voucherDate: body.voucherDate,
    address,
    lineItems: (body.lineItems as Json[]).map((l) => ({ ...l })),
    taxConditions: body.taxConditions,
    shippingConditions: body.shippingConditions,
    relatedVouchers: [],
    title: body.title ?? 'Lieferschein',
    introduction: body.introduction,
    deliveryTerms: body.deliveryTerms,
    remark: body.remark,
    files: finalize ? { documentFileId: randomUUID() } : undefined,
  };
  const voucher: Voucher = {
    kind: 'deliverynote',
    id,
    organizationId: org.id,
    json,
    status: finalize ? 'open' : 'draft',
    voucherNumber: number,
    totalGross: 0,
    paidCents: 0,
    paymentItems: [],
    contactId: contact?.id,
    contactName: String(address.name ?? ''),
    voucherDate: String(body.voucherDate),
  };
  org.vouchers[id] = voucher;
  return voucher;
}

/** A one-page delivery note: recipient, date, items and quantities, no prices. */
export function renderDeliveryNotePdf(org: Organization, v: Voucher): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Lieferschein ${v.voucherNumber ?? ''}`, Author: org.profile.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const j = v.json;
  const address = (j.address ?? {}) as Json;
  doc.fontSize(9).fillColor('#666').text(`${org.profile.companyName} · Sandbox-Straße 1 · 10115 Berlin`, 50, 50);
  doc
    .fillColor('#000')
    .fontSize(11)
    .text(String(address.name ?? ''), 50, 80);
  for (const line of [address.street, [address.zip, address.city].filter(Boolean).join(' '), address.countryCode])
    if (line) doc.text(String(line));
  doc.fontSize(20).text('Lieferschein', 50, 190);
  doc.fontSize(10).text(`Nr. ${v.voucherNumber ?? ''}`, 400, 80, { align: 'right' });
  doc.text(`Datum: ${new Date(v.voucherDate).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' })}`, {
    align: 'right',
  });
  if (j.introduction) doc.fontSize(10).text(String(j.introduction), 50, 225, { width: 495 });
  let y = 270;
  doc
    .fontSize(9)
    .fillColor('#666')
    .text('Pos.', 50, y)
    .text('Bezeichnung', 80, y)
    .text('Menge', 450, y, { width: 95, align: 'right' });
  doc.fillColor('#000').fontSize(10);
  y += 20;
  ((j.lineItems as Json[] | undefined) ?? []).forEach((item, i) => {
    doc.text(String(i + 1), 50, y).text(String(item.name), 80, y, { width: 360 });
    if (item.type !== 'text')
      doc.text(`${String(item.quantity)} ${String(item.unitName ?? '')}`, 450, y, { width: 95, align: 'right' });
    y += 18;
  });
  if (j.remark) doc.text(String(j.remark), 50, y + 20, { width: 495 });
  doc
    .fontSize(8)
    .fillColor('#999')
    .text('Erstellt mit der Lexware-Office-Sandbox von Belegfluss – kein echter Beleg.', 50, 780, {
      align: 'center',
      width: 495,
    });
  doc.end();
  return done;
}

function findDeliveryNote(ctx: Context): Voucher | undefined {
  const v = lex(ctx).org.vouchers[ctx.params.id ?? ''];
  if (!v || v.kind !== 'deliverynote') return void newerError(ctx, 404, 'Not Found');
  return v;
}

/** `/v1/delivery-notes` as documented: create (draft unless `finalize=true`), read, and the PDF file. */
export function deliveryNotesRouter(): Router {
  const router = new Router();
  router.post('/delivery-notes', async (ctx) => {
    const { org } = lex(ctx);
    const body = await readJson(ctx);
    const details = validateDeliveryNote(body, org);
    if (ctx.query.precedingSalesVoucherId !== undefined) {
      const target = org.vouchers[String(ctx.query.precedingSalesVoucherId)];
      if (!target) details.push(notAllowed('precedingSalesVoucherId', 'Der Vorgängerbeleg existiert nicht'));
      else if (target.kind === 'creditnote' || target.kind === 'deliverynote')
        details.push(notAllowed('precedingSalesVoucherId', 'Diese Belegkette ist nicht erlaubt'));
    }
    if (details.length) return validationFailed(ctx, details);
    const v = createDeliveryNote(org, body as Json, ctx.query.finalize === 'true');
    const uri = `${origin(ctx)}/v1/delivery-notes/${v.id}`;
    ctx.status = 201;
    ctx.set('Location', uri);
    ctx.body = {
      id: v.id,
      resourceUri: uri,
      createdDate: v.json.createdDate,
      updatedDate: v.json.updatedDate,
      version: 1,
    };
  });
  router.get('/delivery-notes/:id', (ctx) => {
    const v = findDeliveryNote(ctx);
    if (v) ctx.body = { ...v.json, voucherStatus: v.status };
  });
  router.get('/delivery-notes/:id/document', (ctx) => {
    const v = findDeliveryNote(ctx);
    if (!v) return;
    if (v.status === 'draft') return newerError(ctx, 406, 'Für Entwürfe gibt es kein Dokument');
    ctx.body = { documentFileId: (v.json.files as { documentFileId: string }).documentFileId };
  });
  router.get('/delivery-notes/:id/file', async (ctx) => {
    const v = findDeliveryNote(ctx);
    if (!v) return;
    if (!negotiate(ctx, ['application/pdf'])) return newerError(ctx, 406, 'Not Acceptable');
    if (v.status === 'draft') return newerError(ctx, 409, 'Für Entwürfe gibt es kein Dokument');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="Lieferschein_${v.voucherNumber ?? v.id}.pdf"`);
    ctx.body = await renderDeliveryNotePdf(lex(ctx).org, v);
  });
  return router;
}
