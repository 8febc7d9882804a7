/** Money is kept in cents internally; Shopify and Lexware both speak decimal strings or numbers. */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

export function fmt(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function moneySet(
  cents: number,
  currency: string,
): {
  shop_money: { amount: string; currency_code: string };
  presentment_money: { amount: string; currency_code: string };
} {
  const amount = fmt(cents);
  return { shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: currency } };
}

/** Rounds half away from zero to `digits` decimals, the commercial rounding both services use. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  const scaled = Math.abs(value) * f;
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999.
  return (Math.sign(value) * Math.round(scaled + 1e-9)) / f;
}
