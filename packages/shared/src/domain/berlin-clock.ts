/**
 * The Europe/Berlin formatters the rules read German calendar days and wall-clock times with, made once: making
 * an `Intl.DateTimeFormat` costs a few tenths of a millisecond (ICU loads the time zone), and every order workflow
 * evaluates the rules' modules anew. The workflow worker shares this module across its workflows
 * (services/workflows/src/workflows/shared-modules.ts); a formatter holds no state a workflow could change.
 */

/** 'YYYY-MM-DD' of an instant in Germany (en-CA formats days in ISO order). */
export const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Date and 24-hour time of an instant in Germany, read part by part with `formatToParts`. */
export const berlinTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-01': the first of the German calendar month an instant falls in (monthly runs are keyed by it). */
export const berlinMonthStart = (at: Date): string => `${berlinDay.format(at).slice(0, 7)}-01`;
