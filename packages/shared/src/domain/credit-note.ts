import type { ShopifyOrder } from '../shopify-order';
import type { CreditPreferences } from '../preferences/credit';
import type { OrderHandlingPreferences } from '../preferences/order-handling';
import { DEFAULT_CREDIT_PREFERENCES, DEFAULT_ORDER_HANDLING } from '../preferences/typed-defaults';
import type { LexwareCreditNoteInput } from './lexware-types';
import { lexwareDate } from './lexware-date';
import { cents, sumOf } from './money';
import { chargedRate, grossAndNet, highestChargedRate, unitNameFor } from './order-positions';
import { isTip, itemExtras } from './order-fields';
import { netFromGross, settleLineItems, splitByRates, withRate, type Position, type RoundingReport } from './positions';
import { placeReference } from './document-texts';
import { orderTemplateVars, renderTemplate, templateVars, type MetafieldValue } from './templates';
import { regimeRate, type TaxRegime } from './tax-regime';
import { creditPositionTexts, localizeCreditPreferences, type DocumentLanguage } from './document-language';
import { defaultRegime } from './invoice-draft';
import type { ShopifyRefund } from './refund-types';

export interface CreditNoteBuildOptions {
  contactId?: string | null;
  prefs?: CreditPreferences;
  orderHandling?: OrderHandlingPreferences;
  /** The regime of the invoice the credit note corrects. */
  regime?: TaxRegime;
  metafields?: readonly MetafieldValue[];
  /** The receipt language (`general.language`); default texts follow it. */
  language?: DocumentLanguage;
}

export interface BuiltCreditNote {
  creditNote: LexwareCreditNoteInput;
  finalize: boolean;
  rounding: RoundingReport;
  /** Money Shopify sent back (successful refund transactions) minus the credit note total, in cents. */
  transactionDiffCents: number;
  /** Nothing to credit: no positions and no money. */
  empty: boolean;
}

/** Money actually refunded: successful refund transactions. */
export function refundTransactionsCents(refund: ShopifyRefund): number {
  return sumOf(
    refund.transactions.filter((t) => t.kind === 'refund' && t.status === 'success').map((t) => cents(t.amount)),
  );
}

/** What a refund gives back according to its positions and adjustments, gross, in cents. */
export function refundGrossCents(order: Pick<ShopifyOrder, 'taxes_included'>, refund: ShopifyRefund): number {
  const items = sumOf(
    refund.refund_line_items.map(
      (r) => grossAndNet(cents(r.subtotal), cents(r.total_tax), order.taxes_included).grossCents,
    ),
  );
  const adjustments = sumOf(refund.order_adjustments.map((a) => -(cents(a.amount) + cents(a.tax_amount))));
  return items + adjustments;
}

/**
 * The positions a refund credits: refunded items with their quantities, refunded shipping,
 * and adjustments without items (goodwill amounts, discrepancies), at the invoice's rates.
 */
export function refundPositions(
  order: ShopifyOrder,
  refund: ShopifyRefund,
  o: {
    prefs: CreditPreferences;
    orderHandling: Pick<OrderHandlingPreferences, 'fixTaxTip' | 'fixTaxShipping'>;
    regime: TaxRegime;
    metafields?: readonly MetafieldValue[];
    language?: DocumentLanguage;
  },
): Position[] {
  const incl = order.taxes_included;
  const highest = highestChargedRate(order);
  const lex = (rate: number) => regimeRate(o.regime, rate, highest);
  const P = o.prefs;
  const T = creditPositionTexts(o.language);
  const out: Position[] = [];

  // The order's taxed item amounts per rate: shipping and untaxed adjustments follow them.
  const weights = new Map<number, number>();
  for (const li of order.line_items) {
    if (isTip(li)) continue;
    const rate = lex(chargedRate(li.tax_lines, 1));
    const gross = grossAndNet(
      cents(li.price) * li.quantity,
      sumOf(li.tax_lines.map((t) => cents(t.price))),
      incl,
    ).grossCents;
    if (rate > 0) weights.set(rate, (weights.get(rate) ?? 0) + gross);
  }
  const spread = (p: Position): Position[] =>
    o.regime.taxFree || weights.size === 0 ? [withRate(p, 0, o.regime.taxFree)] : splitByRates(p, weights);

  const varsFor = orderTemplateVars(order);
  for (const r of refund.refund_line_items) {
    const li = order.line_items.find((l) => l.id === r.line_item_id);
    const amount = cents(r.subtotal);
    const exact = grossAndNet(amount, cents(r.total_tax), incl);
    const taxLines = li?.tax_lines ?? [];
    const shopRate = chargedRate(taxLines, amount);
    if (li && isTip(li)) {
      const rate = o.orderHandling.fixTaxTip && !o.regime.taxFree ? o.regime.standardRate : 0;
      out.push(
        withRate(
          { kind: 'tip', name: T.tipTitle, unitName: 'Pos', quantity: 1, rate: shopRate, ...exact },
          rate,
          o.regime.taxFree,
        ),
      );
      continue;
    }
    const vars = li
      ? varsFor({ item: li, refund, metafields: o.metafields })
      : varsFor({ refund, metafields: o.metafields });
    const base = {
      kind: 'item' as const,
      name: renderTemplate(P.creditLayoutItemTitle, vars) || li?.title || r.line_item?.title || 'Artikel',
      description: renderTemplate(P.creditLayoutItemDetail, vars),
      unitName: unitNameFor(renderTemplate(P.creditLayoutItemUnit, vars)),
      quantity: r.quantity,
      rate: shopRate,
    };
    const rate = lex(shopRate);
    const full = li ? cents(li.price) * r.quantity : amount;
    const discount = li && P.useDiscount && itemExtras(li).discount_allocations.length > 0 ? full - amount : 0;
    if (discount > 0) {
      const d = incl
        ? { grossCents: discount, netCents: netFromGross(discount, shopRate) }
        : { grossCents: discount + Math.round((discount * shopRate) / 100), netCents: discount };
      out.push(
        withRate(
          { ...base, grossCents: exact.grossCents + d.grossCents, netCents: exact.netCents + d.netCents },
          rate,
          o.regime.taxFree,
        ),
      );
      out.push(
        withRate(
          {
            ...base,
            kind: 'discount',
            name: T.discountTitle,
            description: base.name,
            unitName: T.discountUnit,
            quantity: 1,
            grossCents: -d.grossCents,
            netCents: -d.netCents,
          },
          rate,
          o.regime.taxFree,
        ),
      );
    } else {
      out.push(withRate({ ...base, ...exact }, rate, o.regime.taxFree));
    }
  }

  for (const a of refund.order_adjustments) {
    const net = -cents(a.amount);
    const tax = -cents(a.tax_amount);
    if (net + tax === 0) continue;
    if (a.kind === 'shipping_refund') {
      const shippingRate = chargedRate(order.shipping_lines[0]?.tax_lines ?? [], net + tax);
      const pos: Position = {
        kind: 'shipping',
        name: T.shippingTitle,
        description: order.shipping_lines[0]?.title ?? '',
        unitName: T.shippingUnit,
        quantity: 1,
        rate: tax === 0 ? 0 : shippingRate,
        grossCents: net + tax,
        netCents: net,
      };
      out.push(
        ...(o.orderHandling.fixTaxShipping && !o.regime.taxFree && weights.size > 0
          ? splitByRates(pos, weights)
          : [withRate(pos, lex(pos.rate), o.regime.taxFree)]),
      );
      continue;
    }
    // An amount without items lowers the price of what was sold, so it carries the items' rates.
    const pos: Position = {
      kind: 'adjustment',
      name: T.adjustmentTitle,
      description: a.reason ?? refund.note ?? '',
      unitName: 'Pos',
      quantity: 1,
      rate: 0,
      grossCents: net + tax,
      netCents: net + tax,
    };
    out.push(...spread(pos));
  }
  return out;
}

/**
 * The credit note for a Shopify refund, to be created with `precedingSalesVoucherId` = the invoice.
 * Its total is what the refund's positions and adjustments give back; `transactionDiffCents`
 * compares that with the money Shopify actually returned.
 */
export function buildCreditNote(
  order: ShopifyOrder,
  refund: ShopifyRefund,
  options: CreditNoteBuildOptions = {},
): BuiltCreditNote {
  const prefs = localizeCreditPreferences(options.prefs ?? DEFAULT_CREDIT_PREFERENCES, options.language);
  const regime = options.regime ?? defaultRegime(order);
  const positions = refundPositions(order, refund, {
    prefs,
    orderHandling: options.orderHandling ?? DEFAULT_ORDER_HANDLING,
    regime,
    metafields: options.metafields,
    language: options.language,
  });
  const { lineItems, rounding } = settleLineItems(positions, regime.taxType, regime.allowedRates);
  const vars = templateVars(order, { refund, metafields: options.metafields });
  const texts = placeReference(
    {
      title: renderTemplate(prefs.creditLayoutTitle, vars),
      introduction: renderTemplate(prefs.creditLayoutIntroduction, vars),
      remark: renderTemplate(prefs.creditLayoutRemark, vars),
    },
    order,
    prefs.creditReferencePlaces,
    regime.legalNote ? [regime.legalNote] : [],
  );
  const a = order.billing_address ?? order.shipping_address;
  const address = options.contactId
    ? { contactId: options.contactId }
    : {
        name: a?.company || [a?.first_name, a?.last_name].filter(Boolean).join(' ') || order.name,
        ...(a?.address1 ? { street: a.address1 } : {}),
        ...(a?.zip ? { zip: a.zip } : {}),
        ...(a?.city ? { city: a.city } : {}),
        countryCode: (a?.country_code ?? 'DE').toUpperCase(),
      };
  const creditNote: LexwareCreditNoteInput = {
    voucherDate: lexwareDate(refund.processed_at ?? refund.created_at),
    address,
    lineItems,
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: regime.taxType, ...(regime.taxSubType ? { taxSubType: regime.taxSubType } : {}) },
    ...(prefs.creditLayoutPrintLayout ? { printLayoutId: prefs.creditLayoutPrintLayout } : {}),
    ...texts,
  };
  const money = refundTransactionsCents(refund);
  return {
    creditNote,
    finalize: prefs.creditFinalize,
    rounding,
    transactionDiffCents: refund.transactions.length > 0 ? money - rounding.totalCents : 0,
    empty: positions.length === 0 && money === 0,
  };
}
