import type { ShopifyOrder } from '../shopify-order';
import { isB2B, orderExtras } from './order-fields';

/**
 * The Leitweg-ID (KoSIT, "Format-Spezifikation Leitweg-ID"): Grobadressierung (2 to 12 digits), an optional
 * Feinadressierung (up to 30 letters or digits) and a two-digit Prüfziffer, joined by hyphens. The check digits
 * follow ISO/IEC 7064 MOD 97-10 over the address without hyphens, letters counted A=10 … Z=35, as IBANs do:
 * the whole ID, read that way, leaves 1 when divided by 97.
 */
const LEITWEG = /^(\d{2,12})(?:-([A-Za-z0-9]{1,30}))?-(\d{2})$/;

export function isValidLeitwegId(id: string): boolean {
  const m = LEITWEG.exec(id);
  if (!m) return false;
  const digits = `${m[1]}${m[2] ?? ''}${m[3]}`.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  // Piecewise mod 97, since the number is far beyond 2^53.
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** Where the buyer's Leitweg-ID is read from (contact settings). */
export const LEITWEG_SOURCES = [
  'none',
  'customer-metafield',
  'company-metafield',
  'order-note',
  'note-attribute',
] as const;
/** The sources read from a metafield, and of which resource (a B2B order's company is a Shopify Plus feature). */
export const LEITWEG_METAFIELD_RESOURCE = { 'customer-metafield': 'customer', 'company-metafield': 'company' } as const;
export type LeitwegSource = (typeof LEITWEG_SOURCES)[number];

/** The raw Leitweg-ID of an order from the note or a note attribute; a metafield value is read by the caller. */
export function leitwegIdOfOrder(
  order: ShopifyOrder,
  prefs: { leitwegSource: LeitwegSource; leitwegAttribute: string },
): string | null {
  if (prefs.leitwegSource === 'order-note') {
    const note = order.note?.trim() ?? '';
    const labelled = /leitweg(?:-?id)?\s*[:=]?\s*(\S+)/i.exec(note);
    if (labelled) return labelled[1]!;
    return note && !/\s/.test(note) ? note : null;
  }
  if (prefs.leitwegSource === 'note-attribute') {
    const name = prefs.leitwegAttribute.trim().toLowerCase();
    const found = orderExtras(order).note_attributes.find(
      (a) =>
        String(a.name ?? '')
          .trim()
          .toLowerCase() === name,
    );
    const value = String(found?.value ?? '').trim();
    return value || null;
  }
  return null;
}

export type EInvoiceDecision =
  | { ok: true; xRechnung: { buyerReference: string; vendorNumberAtCustomer: string } | null; net: boolean }
  | { ok: false; reason: 'LEITWEG_ID_INVALID' | 'VENDOR_NUMBER_MISSING'; value: string };

/**
 * The e-invoice part of an order's invoice: with a well-formed Leitweg-ID the contact carries it as
 * xRechnung.buyerReference (Lexware then issues an XRechnung); a malformed one stops the invoice, since Lexware
 * would issue it to a public buyer who cannot take it. B2B invoices go out net when the setting says so,
 * which is what makes Lexware issue them as ZUGFeRD (EN 16931).
 */
export function decideEInvoice(
  order: ShopifyOrder,
  prefs: { vendorNumberAtCustomer: string; eInvoiceNet: boolean },
  rawLeitwegId: string | null,
): EInvoiceDecision {
  const net = prefs.eInvoiceNet && isB2B(order);
  const id = rawLeitwegId?.trim();
  if (!id) return { ok: true, xRechnung: null, net };
  if (!isValidLeitwegId(id)) return { ok: false, reason: 'LEITWEG_ID_INVALID', value: id };
  // Lexware takes a buyer reference on a contact only together with our supplier number at the buyer.
  if (!prefs.vendorNumberAtCustomer.trim()) return { ok: false, reason: 'VENDOR_NUMBER_MISSING', value: id };
  return {
    ok: true,
    xRechnung: { buyerReference: id.toUpperCase(), vendorNumberAtCustomer: prefs.vendorNumberAtCustomer.trim() },
    net: true,
  };
}

/** Whether Lexware made the document an e-invoice (XRechnung, or ZUGFeRD as EN16931). */
export const isEInvoiceProfile = (profile: string | null | undefined) =>
  profile === 'XRechnung' || profile === 'EN16931';

/**
 * What the buyer receives of a credit note, from Lexware's profile of it and of the invoice it corrects, in the
 * merchant's words; null where neither is an e-invoice. Lexware makes no XRechnung for a credit note (its API
 * docs say so), but a ZUGFeRD one (EN16931, the XML inside the PDF) where the account makes e-invoices: the
 * buyer of an XRechnung may get the correction as a plain PDF, and the merchant should know before they ask.
 */
export function creditNoteDelivery(
  creditProfile: string | null | undefined,
  invoiceProfile: string | null | undefined,
): string | null {
  if (creditProfile === 'EN16931') return 'Gutschrift als ZUGFeRD-PDF (EN 16931)';
  if (creditProfile === 'XRechnung') return 'Gutschrift als XRechnung';
  if (invoiceProfile === 'XRechnung')
    return 'Gutschrift als PDF – Lexware erstellt für Gutschriften keine XRechnung; der Käufer erhält die Rechnungskorrektur als PDF';
  if (isEInvoiceProfile(invoiceProfile))
    return 'Gutschrift als PDF – Lexware hat sie nicht als E-Rechnung erstellt; der Käufer erhält die Rechnungskorrektur als PDF';
  return null;
}
