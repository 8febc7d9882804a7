import type { LexwareLineItem, LexwareTaxType } from './lexware-types';
import { roundTo } from './money';

export interface LexwareTotals {
  totalNetCents: number;
  totalTaxCents: number;
  totalGrossCents: number;
  perRate: Array<{ taxRatePercentage: number; netCents: number; taxCents: number }>;
}

const toCents = (v: number) => Math.round(roundTo(v, 2) * 100);

/**
 * Lexware's own arithmetic, so a builder can know the document total before it sends it:
 * each line is rounded to cents, lines are summed per tax rate and the tax is computed once
 * per rate, on top of the net sum or taken out of the gross sum. Only `gross` is a gross type.
 */
export function lexwareTotals(taxType: LexwareTaxType, lineItems: readonly LexwareLineItem[]): LexwareTotals {
  const gross = taxType === 'gross';
  const perRate = new Map<number, number>();
  for (const item of lineItems) {
    if (item.type !== 'custom') continue;
    const unit = (gross ? item.unitPrice.grossAmount : item.unitPrice.netAmount) ?? 0;
    const amount = toCents(item.quantity * unit * (1 - (item.discountPercentage ?? 0) / 100));
    const rate = item.unitPrice.taxRatePercentage;
    perRate.set(rate, (perRate.get(rate) ?? 0) + amount);
  }
  const rows = [...perRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, sum]) => {
      const taxCents = gross
        ? Math.round(roundTo((sum * rate) / (100 + rate), 4))
        : Math.round(roundTo((sum * rate) / 100, 4));
      return { taxRatePercentage: rate, netCents: gross ? sum - taxCents : sum, taxCents };
    });
  const totalNetCents = rows.reduce((a, r) => a + r.netCents, 0);
  const totalTaxCents = rows.reduce((a, r) => a + r.taxCents, 0);
  return { totalNetCents, totalTaxCents, totalGrossCents: totalNetCents + totalTaxCents, perRate: rows };
}
