import {
  lexwareDate,
  orderReference,
  type LexwareCreditNoteInput,
  type LexwareLineItem,
  type ShopifyOrder,
} from '@belegfluss/shared';
import type { LexwareInvoice } from './client';

/**
 * A credit note that takes back a whole invoice, as Lexware's "Pursue to a credit note" does: every position,
 * with only the fields Lexware accepts on create (the price in the form the tax type wants). Sent with
 * `precedingSalesVoucherId`, it closes the invoice. Used by the merchant's cancel and by the audit's repairs.
 * The introduction names the order, so a retry after a lost answer finds the note it may have made already.
 */
export function closingCreditNote(
  invoice: LexwareInvoice,
  opts: { number: string | null; now: Date; order: Pick<ShopifyOrder, 'name'>; remark?: string },
): LexwareCreditNoteInput {
  const gross = invoice.taxConditions.taxType === 'gross';
  const lineItems: LexwareLineItem[] = invoice.lineItems.map((item) => {
    if (item.type === 'text')
      return { type: 'text', name: item.name, ...(item.description ? { description: item.description } : {}) };
    const { currency, taxRatePercentage, netAmount, grossAmount } = item.unitPrice;
    return {
      type: 'custom',
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      quantity: item.quantity,
      unitName: item.unitName,
      unitPrice: gross ? { currency, grossAmount, taxRatePercentage } : { currency, netAmount, taxRatePercentage },
      ...(item.discountPercentage ? { discountPercentage: item.discountPercentage } : {}),
    };
  });
  const address =
    'contactId' in invoice.address && invoice.address.contactId
      ? { contactId: invoice.address.contactId }
      : invoice.address;
  return {
    voucherDate: lexwareDate(opts.now),
    address,
    lineItems,
    totalPrice: { currency: 'EUR' },
    taxConditions: invoice.taxConditions,
    title: 'Rechnungskorrektur',
    introduction: `Stornierung der Rechnung ${opts.number ? `${opts.number} ` : ''}zur ${orderReference(opts.order)}`,
    ...(opts.remark ? { remark: opts.remark } : {}),
  };
}
