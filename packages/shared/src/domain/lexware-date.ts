import { berlinTime } from './berlin-clock';

/**
 * Lexware wants `yyyy-MM-ddTHH:mm:ss.SSSXXX`. Documents are German, so the local
 * time and offset are Europe/Berlin's: an order placed at 23:30 UTC on the 31st
 * belongs to the 1st in Germany. Uses Intl only, so it is safe in workflow code.
 */

export function lexwareDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const p = Object.fromEntries(berlinTime.formatToParts(date).map((x) => [x.type, x.value]));
  const localAsUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  const offsetMinutes = Math.round((localAsUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}${offset}`;
}
