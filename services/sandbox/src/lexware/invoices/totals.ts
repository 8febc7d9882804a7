import { round } from '../../money.js';

type Json = Record<string, unknown>;

export interface ComputedLine extends Json {
  type: string;
  name: string;
}

export interface Totals {
  lineItems: ComputedLine[];
  totalPrice: Json;
  taxAmounts: Array<{ taxRatePercentage: number; taxAmount: number; netAmount: number }>;
  totalGross: number;
}

const cents = (v: number) => Math.round(round(v, 2) * 100);

/**
 * Lexware's arithmetic: each line amount is rounded to cents, then amounts are summed per tax
 * rate and the tax is computed once per rate. In net mode tax goes on top of the net sum; in gross
 * mode it is taken out of the gross sum. A total discount is spread over the rates in proportion.
 */
export function computeTotals(body: Json): Totals {
  const taxType = String((body.taxConditions as Json | undefined)?.taxType ?? 'net');
  const gross = taxType === 'gross';
  const perRate = new Map<number, number>();
  const lineItems = (body.lineItems as Json[]).map<ComputedLine>((item) => {
    if (item.type === 'text') return { type: 'text', name: String(item.name), description: item.description };
    const price = item.unitPrice as Json;
    const rate = Number(price.taxRatePercentage);
    const quantity = Number(item.quantity);
    const discount = Number(item.discountPercentage ?? 0);
    const unit = Number(gross ? price.grossAmount : price.netAmount);
    const amountCents = cents(quantity * unit * (1 - discount / 100));
    perRate.set(rate, (perRate.get(rate) ?? 0) + amountCents);
    const netUnit = gross ? round(unit / (1 + rate / 100), 4) : unit;
    const grossUnit = gross ? unit : round(unit * (1 + rate / 100), 4);
    return {
      ...item,
      type: String(item.type),
      name: String(item.name),
      quantity,
      unitPrice: {
        currency: 'EUR',
        netAmount: round(netUnit, 2),
        grossAmount: round(grossUnit, 2),
        taxRatePercentage: rate,
      },
      discountPercentage: discount,
      lineItemAmount: amountCents / 100,
    };
  });

  const tp = (body.totalPrice ?? {}) as Json;
  const base = [...perRate.values()].reduce((a, b) => a + b, 0);
  const discountPct = Number(tp.totalDiscountPercentage ?? 0);
  const discountAbs = cents(Number(tp.totalDiscountAbsolute ?? 0));
  const discountTotal = discountAbs > 0 ? discountAbs : Math.round((base * discountPct) / 100);
  let remaining = discountTotal;
  const rates = [...perRate.keys()].sort((a, b) => b - a);
  const taxAmounts = rates.map((rate, i) => {
    const sum = perRate.get(rate) ?? 0;
    const share = i === rates.length - 1 ? remaining : Math.round((discountTotal * sum) / (base || 1));
    remaining -= share;
    const after = sum - share;
    const taxCents = gross
      ? Math.round(round((after * rate) / (100 + rate), 4))
      : Math.round(round((after * rate) / 100, 4));
    const netCents = gross ? after - taxCents : after;
    return { taxRatePercentage: rate, taxAmount: taxCents / 100, netAmount: netCents / 100 };
  });
  const net = taxAmounts.reduce((a, t) => a + cents(t.netAmount), 0);
  const tax = taxAmounts.reduce((a, t) => a + cents(t.taxAmount), 0);
  return {
    lineItems,
    taxAmounts,
    totalGross: (net + tax) / 100,
    totalPrice: {
      currency: 'EUR',
      totalNetAmount: net / 100,
      totalGrossAmount: (net + tax) / 100,
      totalTaxAmount: tax / 100,
      ...(discountAbs > 0 ? { totalDiscountAbsolute: discountAbs / 100 } : {}),
      ...(discountPct > 0 ? { totalDiscountPercentage: discountPct } : {}),
    },
  };
}
