const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const numberFormat = new Intl.NumberFormat('de-DE');
const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `31.05.2024`, or an em dash when the value is missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** `14:05`, or an em dash when the value is missing or unreadable. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '—';
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatMoney(value: number, currency = 'EUR'): string {
  if (currency === 'EUR') return euroFormat.format(value);
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(value);
}

// Rates are stored as fractions (0.035); multiplying by 100 by hand shows float noise such as 3,5000000000000004.
const percentFormat = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 });

/** `3,5 %` for 0.035, with the plain space the texts written by hand use, so that both read and match alike. */
export function formatPercent(ratio: number): string {
  return percentFormat.format(ratio).replace(/\u00a0/g, ' ');
}
