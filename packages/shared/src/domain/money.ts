/** Commercial rounding (half away from zero), as Shopify and Lexware both round. */
export function roundTo(value: number, digits = 2): number {
  const f = 10 ** digits;
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999.
  return (Math.sign(value) * Math.round(Math.abs(value) * f + 1e-9)) / f;
}

/** Shopify decimal string or number to integer cents. */
export function cents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  return Math.round(roundTo(Number(amount), 2) * 100);
}

export function euros(valueCents: number): number {
  return Math.round(valueCents) / 100;
}

export function sumOf(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** "53,80 €": how German documents print money. */
export function formatEuro(valueCents: number, currency = 'EUR'): string {
  const sign = valueCents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(valueCents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')} ${currency === 'EUR' ? '€' : currency}`;
}

/** Tax rate as Lexware wants it: 0.19 → 19, 0.055 → 5.5. */
export function ratePercent(rate: number): number {
  return roundTo(rate * 100, 2);
}

/** Splits `total` over `weights` in proportion, the remainder going to the largest shares, so the parts sum exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = sumOf(weights);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map((r) => Math.trunc(r));
  let rest = total - sumOf(parts);
  const order = raw
    .map((r, i) => ({ i, frac: Math.abs(r - Math.trunc(r)) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest !== 0 && k < order.length * 2; k++) {
    const idx = order[k % order.length]!.i;
    parts[idx]! += Math.sign(rest);
    rest -= Math.sign(rest);
  }
  return parts;
}
