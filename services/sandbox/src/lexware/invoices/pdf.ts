import PDFDocument from 'pdfkit';
import type { Organization, Voucher } from '../types.js';

type Json = Record<string, unknown>;

const eur = (v: unknown) =>
  `${Number(v ?? 0).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const date = (v: unknown) =>
  typeof v === 'string' ? new Date(v).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' }) : '';

/** A plain one-page document in Lexware's layout, so a person can open it and check the numbers. */
export function renderVoucherPdf(org: Organization, v: Voucher): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${v.kind === 'invoice' ? 'Rechnung' : 'Gutschrift'} ${v.voucherNumber ?? ''}`,
      Author: org.profile.companyName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const j = v.json;
  const address = (j.address ?? {}) as Json;
  const gross = (j.taxConditions as Json | undefined)?.taxType === 'gross';

  doc.fontSize(9).fillColor('#666').text(`${org.profile.companyName} · Sandbox-Straße 1 · 10115 Berlin`, 50, 50);
  doc
    .fillColor('#000')
    .fontSize(11)
    .text(String(address.name ?? ''), 50, 80);
  for (const line of [
    address.supplement,
    address.street,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.countryCode,
  ])
    if (line) doc.text(String(line));
  doc.fontSize(20).text(v.kind === 'invoice' ? 'Rechnung' : 'Rechnungskorrektur', 50, 190);
  doc.fontSize(10).text(`Nr. ${v.voucherNumber ?? '(Entwurf)'}`, 400, 80, { align: 'right' });
  doc.text(`Datum: ${date(j.voucherDate)}`, { align: 'right' });
  if (j.dueDate) doc.text(`Fällig am: ${date(j.dueDate)}`, { align: 'right' });
  if (j.title) doc.fontSize(12).text(String(j.title), 50, 225);
  if (j.introduction) doc.fontSize(10).text(String(j.introduction), 50, 245, { width: 495 });

  let y = 290;
  doc.fontSize(9).fillColor('#666');
  doc
    .text('Pos.', 50, y)
    .text('Bezeichnung', 80, y)
    .text('Menge', 300, y)
    .text('USt.', 350, y)
    .text('Einzelpreis', 390, y, { width: 70, align: 'right' })
    .text('Betrag', 470, y, { width: 75, align: 'right' });
  doc
    .moveTo(50, y + 14)
    .lineTo(545, y + 14)
    .stroke('#ccc');
  doc.fillColor('#000').fontSize(10);
  y += 22;
  ((j.lineItems as Json[] | undefined) ?? []).forEach((item, i) => {
    if (y > 720) {
      doc.addPage();
      y = 60;
    }
    const price = (item.unitPrice ?? {}) as Json;
    doc.text(String(i + 1), 50, y).text(String(item.name), 80, y, { width: 210 });
    if (item.type !== 'text') {
      doc
        .text(`${String(item.quantity)} ${String(item.unitName ?? '')}`, 300, y)
        .text(`${String(price.taxRatePercentage)} %`, 350, y);
      doc
        .text(eur(gross ? price.grossAmount : price.netAmount), 390, y, { width: 70, align: 'right' })
        .text(eur(item.lineItemAmount), 470, y, { width: 75, align: 'right' });
    }
    y += Math.max(18, doc.heightOfString(String(item.name), { width: 210 }) + 6);
  });

  const tp = (j.totalPrice ?? {}) as Json;
  doc.moveTo(300, y).lineTo(545, y).stroke('#ccc');
  y += 8;
  const row = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .text(label, 300, y)
      .text(value, 450, y, { width: 95, align: 'right' });
    y += 16;
  };
  row('Gesamtbetrag netto', eur(tp.totalNetAmount));
  for (const t of (j.taxAmounts as Json[] | undefined) ?? [])
    row(`zzgl. Umsatzsteuer ${String(t.taxRatePercentage)} %`, eur(t.taxAmount));
  row('Gesamtbetrag brutto', eur(tp.totalGrossAmount), true);
  doc.font('Helvetica');
  if (j.remark) doc.text(String(j.remark), 50, y + 20, { width: 495 });
  // Lexware renders the PDF of an XRechnung as a preview only; the XML is the invoice.
  if (j.electronicDocumentProfile === 'XRechnung')
    doc
      .fontSize(9)
      .fillColor('#b00')
      .text('Vorschau einer XRechnung – keine gültige E-Rechnung. Maßgeblich ist die XML-Datei.', 50, 760, {
        align: 'center',
        width: 495,
      });
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
