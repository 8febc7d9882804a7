import type { LexwareLineItem, LexwareTaxType, LexwareUnitPrice } from './lexware-types';
import { lexwareTotals } from './lexware-totals';
import { allocate, roundTo, sumOf } from './money';
import { DEFAULT_TEXTS } from '../preferences/texts';
import { LIMITS } from '../preferences/messages';

/**
 * One printed position before it becomes Lexware line items. Amounts are line totals in cents,
 * exact as Shopify charged them: `grossCents` is what the customer paid for the line and
 * `netCents` the same without tax, at the Lexware rate `rate` (percent).
 */
export interface Position {
  kind: 'item' | 'discount' | 'shipping' | 'tip' | 'adjustment' | 'rounding' | 'collapsed';
  name: string;
  description?: string;
  unitName: string;
  quantity: number;
  grossCents: number;
  netCents: number;
  rate: number;
  /**
   * The order line it comes from (`item:{id}`, `shipping:{id}`), where there is one: what corrects a document after
   * an order edit compares the documents' lines with the order's by it.
   */
  key?: string;
}

export interface RoundingReport {
  /** Lexware's computed total minus the intended total, before handling. */
  diffCents: number;
  /** 'line': a rounding position absorbed the difference; 'none': nothing needed (or nothing could be done, see residualCents). */
  handled: 'none' | 'line';
  line?: { rate: number; netCents: number };
  /** Positions split in two so that quantity × unit price hits the line total to the cent. */
  splitLines: number;
  /** Item positions merged into one per rate to stay within 300 line items. */
  collapsedItems: number;
  /** Lexware's total after handling minus the intended total; 0 unless something is badly off. */
  residualCents: number;
  /** The total Lexware will compute, in cents. */
  totalCents: number;
}

export function netFromGross(grossCents: number, rate: number): number {
  return rate === 0 ? grossCents : Math.round(roundTo((grossCents * 100) / (100 + rate), 4));
}

export function grossFromNet(netCents: number, rate: number): number {
  return rate === 0 ? netCents : netCents + Math.round(roundTo((netCents * rate) / 100, 4));
}

/** Gives a position a new rate: the customer paid the gross, so it stays; the net follows. */
export function withRate(p: Position, rate: number, taxFree: boolean): Position {
  if (taxFree) return { ...p, rate: 0, netCents: p.grossCents };
  if (rate === p.rate) return p;
  return { ...p, rate, netCents: netFromGross(p.grossCents, rate) };
}

/** Splits a position over several rates in proportion to `weights` (per rate, in cents). */
export function splitByRates(p: Position, weights: ReadonlyMap<number, number>): Position[] {
  const rates = [...weights.keys()];
  if (rates.length <= 1) return [withRate(p, rates[0] ?? p.rate, false)];
  const grossParts = allocate(
    p.grossCents,
    rates.map((r) => weights.get(r) ?? 0),
  );
  return rates
    .map((rate, i) => ({
      ...p,
      description: [p.description, `${String(rate).replace('.', ',')} % USt.`].filter(Boolean).join(' · '),
      rate,
      grossCents: grossParts[i]!,
      netCents: netFromGross(grossParts[i]!, rate),
    }))
    .filter((part) => part.grossCents !== 0);
}

const clip = (s: string | undefined, n: number) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : s);

function unitPrice(taxType: LexwareTaxType, rate: number, amount: number): LexwareUnitPrice {
  return taxType === 'gross'
    ? { currency: 'EUR', grossAmount: amount, taxRatePercentage: rate }
    : { currency: 'EUR', netAmount: amount, taxRatePercentage: rate };
}

/**
 * Lexware line items for the positions. Lexware keeps four decimals of a unit price and rounds
 * quantity × unit to cents; where no four-decimal unit hits the line total, the position is split
 * into (quantity − 1) at a whole-cent unit and one more at the rest.
 */
export function lineItemsFor(
  positions: readonly Position[],
  taxType: LexwareTaxType,
): { lineItems: LexwareLineItem[]; splitLines: number } {
  let splitLines = 0;
  const lineItems: LexwareLineItem[] = [];
  for (const p of positions) {
    const amount = taxType === 'gross' ? p.grossCents : p.netCents;
    const base = {
      type: 'custom' as const,
      name: clip(p.name.trim() || '-', LIMITS.itemTitle)!,
      ...(p.description?.trim() ? { description: clip(p.description.trim(), LIMITS.detail) } : {}),
    };
    const q = p.quantity;
    const unit4 = roundTo(amount / q, 2) / 100;
    if (amount % q === 0 || Math.round(roundTo(q * unit4, 2) * 100) === amount) {
      lineItems.push({
        ...base,
        quantity: q,
        unitName: p.unitName,
        unitPrice: unitPrice(taxType, p.rate, amount % q === 0 ? amount / q / 100 : unit4),
      });
      continue;
    }
    splitLines++;
    const whole = Math.trunc(amount / q);
    lineItems.push({
      ...base,
      quantity: q - 1,
      unitName: p.unitName,
      unitPrice: unitPrice(taxType, p.rate, whole / 100),
    });
    lineItems.push({
      ...base,
      quantity: 1,
      unitName: p.unitName,
      unitPrice: unitPrice(taxType, p.rate, (amount - whole * (q - 1)) / 100),
    });
  }
  return { lineItems, splitLines };
}

/** Merges item positions past `keep` into one position per rate, so a huge order fits in 300 lines. */
function collapse(positions: readonly Position[], keep: number): { positions: Position[]; collapsed: number } {
  const items = positions.filter((p) => p.kind === 'item');
  if (items.length <= keep) return { positions: [...positions], collapsed: 0 };
  const overflow = new Set(items.slice(keep));
  const byRate = new Map<number, Position[]>();
  for (const p of overflow) byRate.set(p.rate, [...(byRate.get(p.rate) ?? []), p]);
  const merged = [...byRate.entries()].map(([rate, list]): Position => ({
    kind: 'collapsed',
    name: DEFAULT_TEXTS.collapsedTitle,
    description: `${sumOf(list.map((p) => p.quantity))} Artikel`,
    unitName: 'Pos',
    quantity: 1,
    rate,
    grossCents: sumOf(list.map((p) => p.grossCents)),
    netCents: sumOf(list.map((p) => p.netCents)),
  }));
  const kept = positions.filter((p) => !overflow.has(p));
  const lastItem = kept.reduce((idx, p, i) => (p.kind === 'item' ? i : idx), -1);
  kept.splice(lastItem + 1, 0, ...merged);
  return { positions: kept, collapsed: overflow.size };
}

/**
 * Turns positions into line items whose Lexware total equals the sum of their gross amounts to
 * the cent. Gross documents are exact by construction. Net documents can differ, because Lexware
 * taxes the sum per rate while Shopify taxes each line: the smallest rounding position that
 * closes the gap is added at a taxed rate, or at 0 % when no taxed amount can.
 */
export function settleLineItems(
  positions: readonly Position[],
  taxType: LexwareTaxType,
  roundingRates: readonly number[],
): { lineItems: LexwareLineItem[]; rounding: RoundingReport } {
  const target = sumOf(positions.map((p) => p.grossCents));
  let current = [...positions];
  let collapsedItems = 0;
  let built = lineItemsFor(current, taxType);
  for (
    let keep = current.filter((p) => p.kind === 'item').length;
    built.lineItems.length > LIMITS.lineItems - 1 && keep > 0;
  ) {
    keep = Math.max(0, keep - (built.lineItems.length - (LIMITS.lineItems - 1)) - 4);
    const c = collapse(positions, keep);
    current = c.positions;
    collapsedItems = c.collapsed;
    built = lineItemsFor(current, taxType);
  }
  const total = lexwareTotals(taxType, built.lineItems).totalGrossCents;
  const diff = total - target;
  const report: RoundingReport = {
    diffCents: diff,
    handled: 'none',
    splitLines: built.splitLines,
    collapsedItems,
    residualCents: diff,
    totalCents: total,
  };
  if (diff === 0) return { lineItems: built.lineItems, rounding: report };

  const netByRate = new Map<number, number>();
  for (const p of current) netByRate.set(p.rate, (netByRate.get(p.rate) ?? 0) + p.netCents);
  const rates = [
    ...new Set([
      ...[...netByRate.entries()].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).map(([r]) => r),
      ...roundingRates,
    ]),
  ].filter((r) => roundingRates.includes(r) || r === 0);
  const steps = [1, 2, 3, 4, 5].flatMap((n) => [-Math.sign(diff) * n, Math.sign(diff) * n]);
  for (const rate of [...rates.filter((r) => r !== 0), 0]) {
    for (const x of rate === 0 ? [-diff] : steps) {
      const line: Position = {
        kind: 'rounding',
        name: DEFAULT_TEXTS.roundingTitle,
        unitName: 'Pos',
        quantity: 1,
        rate,
        netCents: x,
        grossCents: grossFromNet(x, rate),
      };
      const trial = [...built.lineItems, ...lineItemsFor([line], taxType).lineItems];
      const after = lexwareTotals(taxType, trial).totalGrossCents;
      if (after === target) {
        return {
          lineItems: trial,
          rounding: { ...report, handled: 'line', line: { rate, netCents: x }, residualCents: 0, totalCents: after },
        };
      }
    }
  }
  return { lineItems: built.lineItems, rounding: report };
}
