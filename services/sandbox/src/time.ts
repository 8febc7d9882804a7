/**
 * Shopify writes timestamps in the shop's time zone with an offset ("2025-10-01T14:03:12+02:00");
 * the sandbox shops all sit in Europe/Berlin like the merchants the app is built for.
 */
export function shopifyTime(date: Date = new Date(), timeZone = 'Europe/Berlin'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const local = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
  const offsetMin = Math.round((Date.parse(`${local}Z`) - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMin >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Lexware's date format: yyyy-MM-ddTHH:mm:ss.SSSXXX, in Berlin time like the real service. */
export function lexwareTime(date: Date = new Date()): string {
  const s = shopifyTime(date);
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${s.slice(0, 19)}.${ms}${s.slice(19)}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
