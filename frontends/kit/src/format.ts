import { numberFormats } from '../first-view.mjs';

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

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

/** Numbers, amounts and rates in German: the same as the first views index.html writes before any chunk has loaded. */
export const germanNumbers = numberFormats();

export function formatNumber(value: number): string {
  return germanNumbers.number(value);
}

export function formatMoney(value: number, currency = 'EUR'): string {
  return germanNumbers.money(value, currency);
}

/** `3,5 %` for 0.035, with the plain space the texts written by hand use, so that both read and match alike. */
export function formatPercent(ratio: number): string {
  return germanNumbers.percent(ratio);
}
