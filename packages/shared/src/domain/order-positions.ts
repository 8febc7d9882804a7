import type { ShopifyOrder } from '../shopify-order';
import type { InvoiceLayoutPreferences } from '../preferences/invoice';
import type { OrderHandlingPreferences } from '../preferences/order-handling';
import { ALLOWED_UNIT_NAMES } from '../preferences/messages';
import { cents, ratePercent, sumOf } from './money';
import { isTip, itemExtras } from './order-fields';
import { grossFromNet, netFromGross, splitByRates, withRate, type Position } from './positions';
import { orderDiscounts, orderTemplateVars, renderTemplate, type MetafieldValue } from './templates';
import { regimeRate, type TaxRegime } from './tax-regime';

type LineItem = ShopifyOrder['line_items'][number];
type TaxLines = LineItem['tax_lines'];

export interface PositionOptions {
  layout: InvoiceLayoutPreferences;
  useDiscount: boolean;
  orderHandling: Pick<OrderHandlingPreferences, 'fixTaxTip' | 'fixTaxShipping'>;
  regime: TaxRegime;
  metafields?: readonly MetafieldValue[];
  /** GTINs by variant id, for when the order's line items carry no barcode. */
  gtins?: Readonly<Record<string, string>>;
}

/** A unit from the layout: an accepted name in its canonical spelling, '-' or the merchant's own text. */
export function unitNameFor(value: string, fallback = 'Stück'): string {
  const v = value.trim();
  if (!v) return fallback;
  return ALLOWED_UNIT_NAMES.find((u) => u.toLowerCase() === v.toLowerCase()) ?? v;
}

/** The rate Shopify charged on a line, in percent; 0 when it charged no tax on a paid line. */
export function chargedRate(taxLines: TaxLines, amountCents: number): number {
  const tax = sumOf(taxLines.map((t) => cents(t.price)));
  if (taxLines.length === 0 || (tax === 0 && amountCents !== 0)) return 0;
  return ratePercent(sumOf(taxLines.map((t) => t.rate)));
}

/** Gross and net of a Shopify amount with its tax, whichever way the shop prices. */
export function grossAndNet(
  amountCents: number,
  taxCents: number,
  taxesIncluded: boolean,
): { grossCents: number; netCents: number } {
  return taxesIncluded
    ? { grossCents: amountCents, netCents: amountCents - taxCents }
    : { grossCents: amountCents + taxCents, netCents: amountCents };
}

/** Splits a discount of `discountCents` (in the shop's price mode) into gross and net at `rate`. */
function discountParts(discountCents: number, rate: number, taxesIncluded: boolean) {
  return taxesIncluded
    ? { grossCents: discountCents, netCents: netFromGross(discountCents, rate) }
    : { grossCents: grossFromNet(discountCents, rate), netCents: discountCents };
}

/** A shipping line's own id where Shopify sends one, its place in the order otherwise. */
function shippingKey(line: ShopifyOrder['shipping_lines'][number], index: number): string {
  const id = (line as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `#${index}`;
}

/** The key of an order line's positions, by which documents and the order are compared line by line. */
export const itemPositionKey = (item: { id: number }) => `item:${item.id}`;
export const shippingPositionKey = (line: ShopifyOrder['shipping_lines'][number], index: number) =>
  `shipping:${shippingKey(line, index)}`;

export function highestChargedRate(order: ShopifyOrder): number {
  return Math.max(
    0,
    ...order.line_items.map((l) => chargedRate(l.tax_lines, 1)),
    ...order.shipping_lines.map((s) => chargedRate(s.tax_lines, 1)),
  );
}

/**
 * The positions of an order's invoice: items (with discounts folded or as their own lines),
 * shipping, and tips, at the regime's rates. Their gross amounts add up to what Shopify charged.
 */
export function orderPositions(order: ShopifyOrder, o: PositionOptions): Position[] {
  const L = o.layout;
  const incl = order.taxes_included;
  const highest = highestChargedRate(order);
  const lex = (rate: number) => regimeRate(o.regime, rate, highest);
  const metafields = o.metafields;
  const discounts = orderDiscounts(order);
  const varsFor = orderTemplateVars(order);
  const items: Position[] = [];
  const tips: Position[] = [];
  const discountLines = new Map<string, Position>();

  const addDiscount = (index: number, rate: number, part: { grossCents: number; netCents: number }) => {
    const info = discounts[index] ?? { title: 'Rabatt', code: '', type: '', value: '' };
    const key = `${index}:${rate}`;
    const vars = varsFor({ discount: info, metafields });
    const existing =
      discountLines.get(key) ??
      ({
        kind: 'discount',
        name: renderTemplate(L.discountTitle, vars) || 'Rabatt',
        description: renderTemplate(L.discountDetail, vars),
        unitName: unitNameFor(renderTemplate(L.discountUnit, vars), 'Rabatt'),
        quantity: 1,
        rate,
        grossCents: 0,
        netCents: 0,
      } satisfies Position);
    discountLines.set(key, {
      ...existing,
      grossCents: existing.grossCents - part.grossCents,
      netCents: existing.netCents - part.netCents,
    });
  };

  for (const item of order.line_items) {
    const x = itemExtras(item);
    const full = cents(item.price) * item.quantity;
    const allocations = x.discount_allocations.map((d) => ({
      index: d.discount_application_index ?? 0,
      cents: cents(d.amount),
    }));
    const discount = sumOf(allocations.map((a) => a.cents));
    const line = full - discount;
    const tax = sumOf(item.tax_lines.map((t) => cents(t.price)));
    const shopRate = chargedRate(item.tax_lines, line);
    const exact = grossAndNet(line, tax, incl);
    if (isTip(item)) {
      const tipRate = o.orderHandling.fixTaxTip && !o.regime.taxFree ? o.regime.standardRate : 0;
      const tip: Position = {
        kind: 'tip',
        key: itemPositionKey(item),
        name: L.tipTitle || item.title,
        unitName: 'Pos',
        quantity: 1,
        rate: shopRate,
        ...exact,
      };
      tips.push(withRate(tip, tipRate, o.regime.taxFree));
      continue;
    }
    const vars = varsFor({ item, metafields });
    const details = [renderTemplate(L.itemDetail, vars)];
    if (L.include.sku && item.sku) details.push(`Art.-Nr.: ${item.sku}`);
    const gtin = x.barcode ?? (x.variant_id !== null ? o.gtins?.[String(x.variant_id)] : undefined);
    if (L.include.gtin && gtin) details.push(`GTIN: ${gtin}`);
    const base = {
      kind: 'item' as const,
      key: itemPositionKey(item),
      name: renderTemplate(L.itemTitle, vars) || item.title,
      description: details.filter(Boolean).join('\n'),
      unitName: unitNameFor(renderTemplate(L.itemUnit, vars)),
      quantity: item.quantity,
      rate: shopRate,
    };
    const rate = lex(shopRate);
    if (o.useDiscount && discount !== 0) {
      const parts = allocations.map((a) => ({ index: a.index, ...discountParts(a.cents, shopRate, incl) }));
      const fullPos: Position = {
        ...base,
        grossCents: exact.grossCents + sumOf(parts.map((p) => p.grossCents)),
        netCents: exact.netCents + sumOf(parts.map((p) => p.netCents)),
      };
      items.push(withRate(fullPos, rate, o.regime.taxFree));
      for (const p of parts) {
        const moved = withRate(
          { ...base, kind: 'discount', grossCents: p.grossCents, netCents: p.netCents },
          rate,
          o.regime.taxFree,
        );
        addDiscount(p.index, moved.rate, moved);
      }
    } else {
      items.push(withRate({ ...base, ...exact }, rate, o.regime.taxFree));
    }
  }

  const shipping: Position[] = [];
  const itemWeights = new Map<number, number>();
  for (const p of items) if (p.rate > 0) itemWeights.set(p.rate, (itemWeights.get(p.rate) ?? 0) + p.grossCents);
  for (const [index, line] of order.shipping_lines.entries()) {
    const price = cents(line.price);
    const charged = cents(line.discounted_price ?? line.price);
    const tax = sumOf(line.tax_lines.map((t) => cents(t.price)));
    const vars = varsFor({ shipping: line, metafields });
    const shopRate = chargedRate(line.tax_lines, charged);
    const base = {
      kind: 'shipping' as const,
      key: shippingPositionKey(line, index),
      name: renderTemplate(L.shippingTitle, vars) || 'Versand',
      description: renderTemplate(L.shippingDetail, vars),
      unitName: unitNameFor(renderTemplate(L.shippingUnit, vars), 'Versand'),
      quantity: 1,
      rate: shopRate,
    };
    const exact = grossAndNet(charged, tax, incl);
    if (price === 0 && charged === 0) {
      if (L.shippingShowFree)
        shipping.push({ ...base, rate: o.regime.taxFree ? 0 : lex(shopRate), grossCents: 0, netCents: 0 });
      continue;
    }
    const showDiscount = o.useDiscount && price !== charged;
    const d = discountParts(price - charged, shopRate, incl);
    const pos: Position = showDiscount
      ? { ...base, grossCents: exact.grossCents + d.grossCents, netCents: exact.netCents + d.netCents }
      : { ...base, ...exact };
    const parts =
      o.orderHandling.fixTaxShipping && !o.regime.taxFree && itemWeights.size > 0
        ? splitByRates(pos, itemWeights)
        : [withRate(pos, lex(shopRate), o.regime.taxFree)];
    shipping.push(...parts);
    if (showDiscount) {
      const moved = withRate(
        { ...base, kind: 'discount', ...d },
        o.regime.taxFree ? 0 : lex(shopRate),
        o.regime.taxFree,
      );
      addDiscount(0, moved.rate, moved);
    }
  }
  return [...items, ...discountLines.values(), ...shipping, ...tips];
}
