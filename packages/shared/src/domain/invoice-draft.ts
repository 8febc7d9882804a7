import type { ShopifyOrder } from '../shopify-order';
import { toCents } from '../shopify-order';
import type { LexofficeInvoiceInput, LexofficeLineItem } from './lexoffice-types';
import { lexofficeDate } from './lexoffice-date';

export * from './lexoffice-types';
export { lexofficeDate } from './lexoffice-date';

export interface InvoiceLayout {
  title: string;
  introduction: string;
  remark: string;
  itemUnit: string;
  shippingTitle: string;
}

export const DEFAULT_INVOICE_LAYOUT: InvoiceLayout = {
  title: 'Rechnung',
  introduction: 'Vielen Dank für deine Bestellung {ORDER.NAME}. Wir stellen dir folgende Leistungen in Rechnung.',
  remark: 'Vielen Dank für deinen Einkauf.',
  itemUnit: 'Stück',
  shippingTitle: 'Versand',
};

/** The reference that lets a retry find the document it may already have created. */
export function orderReference(order: Pick<ShopifyOrder, 'name'>): string {
  return `Bestellung ${order.name}`;
}

function rateOf(taxLines: readonly { rate: number }[], fallback: number): number {
  const first = taxLines[0];
  return first ? Math.round(first.rate * 10000) / 100 : fallback;
}

function fill(template: string, order: ShopifyOrder): string {
  return template.replaceAll('{ORDER.NAME}', order.name).replaceAll('{ORDER.ID}', String(order.id));
}

/**
 * A German-VAT invoice for an order, in gross or net mode following the order's
 * `taxes_included`. Discounts are folded into the unit price, kept to four
 * decimals as Lexware allows, so the document total matches the order.
 */
export function buildInvoiceDraft(order: ShopifyOrder, contactId: string, layout: InvoiceLayout = DEFAULT_INVOICE_LAYOUT): LexofficeInvoiceInput {
  const gross = order.taxes_included;
  const amountKey = gross ? 'grossAmount' : 'netAmount';
  const items: LexofficeLineItem[] = order.line_items.map((item) => {
    const lineCents = toCents(item.price) * item.quantity - item.discount_allocations.reduce((s, d) => s + toCents(d.amount), 0);
    const unit = Math.round((lineCents / item.quantity) * 100) / 10000;
    return {
      type: 'custom',
      name: item.title,
      ...(item.variant_title ? { description: item.variant_title } : {}),
      quantity: item.quantity,
      unitName: layout.itemUnit,
      unitPrice: { currency: 'EUR', [amountKey]: unit, taxRatePercentage: rateOf(item.tax_lines, 19) },
    };
  });
  for (const line of order.shipping_lines) {
    const price = toCents(line.discounted_price ?? line.price) / 100;
    items.push({
      type: 'custom',
      name: layout.shippingTitle,
      description: line.title,
      quantity: 1,
      unitName: layout.shippingTitle,
      unitPrice: { currency: 'EUR', [amountKey]: price, taxRatePercentage: rateOf(line.tax_lines, 19) },
    });
  }
  const created = lexofficeDate(order.created_at);
  return {
    voucherDate: created,
    address: { contactId },
    lineItems: items,
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: gross ? 'gross' : 'net' },
    shippingConditions: { shippingType: 'delivery', shippingDate: created },
    title: layout.title,
    introduction: fill(layout.introduction, order),
    remark: `${fill(layout.remark, order)}\n${orderReference(order)}`,
  };
}
