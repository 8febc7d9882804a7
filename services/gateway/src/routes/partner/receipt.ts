import PDFDocument from 'pdfkit';
import type { PartnerPreferencesRow, PayoutEntry } from '@belegfluss/db';

/** Receipts in German (default) or English. */
const TEXTS = {
  de: {
    title: 'Gutschrift Partnerprovision',
    number: 'Beleg-Nr.',
    period: 'Zeitraum',
    provisions: 'Provisionen',
    fee: 'Gebühr',
    total: 'Auszahlungsbetrag',
    gateway: 'Auszahlung über',
    status: { scheduled: 'geplant', paid: 'ausgezahlt', failed: 'nicht ausgezahlt' },
    taxId: 'Steuernummer',
    vatId: 'USt-IdNr.',
  },
  en: {
    title: 'Partner commission credit note',
    number: 'Receipt no.',
    period: 'Period',
    provisions: 'Commissions',
    fee: 'Fee',
    total: 'Payout amount',
    gateway: 'Paid via',
    status: { scheduled: 'scheduled', paid: 'paid', failed: 'not paid' },
    taxId: 'Tax number',
    vatId: 'VAT ID',
  },
} as const;

const money = (v: number, lang: 'de' | 'en') =>
  `${v.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** The payout receipt a partner downloads: who, which period, provisions, fee, amount. */
export function renderPayoutReceipt(shop: string, prefs: PartnerPreferencesRow, payout: PayoutEntry): Promise<Buffer> {
  const t = TEXTS[prefs.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.title} ${payout.id.slice(0, 8)}`, Author: 'Belegfluss' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const address = (prefs.address ?? {}) as Record<string, string | undefined>;
  // The name the payout was made for, as it was then (the partner may have changed it since).
  doc.fontSize(11).text(payout.recipientName ?? address.name ?? shop, 50, 80);
  for (const line of [address.street, [address.zip, address.city].filter(Boolean).join(' '), prefs.email])
    if (line) doc.text(line);
  if (prefs.taxId) doc.text(`${t.taxId}: ${prefs.taxId}`);
  if (prefs.vatId) doc.text(`${t.vatId}: ${prefs.vatId}`);
  doc.fontSize(20).text(t.title, 50, 220);
  doc.fontSize(10).text(`${t.number} ${payout.id.slice(0, 8).toUpperCase()}`, 50, 250);
  doc.text(`${t.period}: ${payout.timespan.start} – ${payout.timespan.end}`);
  doc.text(
    `${t.gateway}: ${payout.gateway === 'paypal' ? 'PayPal' : 'SEPA'} (${[payout.recipient, payout.bic].filter(Boolean).join(', ')}) · ${t.status[payout.status as keyof typeof t.status] ?? payout.status}`,
  );
  if (payout.failure) doc.text(payout.failure);
  doc.moveDown();
  doc.text(`${t.provisions}: ${money(payout.provisions, prefs.language)}`);
  doc.text(`${t.fee}: ${money(payout.fee, prefs.language)}`);
  doc.fontSize(12).text(`${t.total}: ${money(payout.provisions - payout.fee, prefs.language)}`);
  doc.end();
  return done;
}
