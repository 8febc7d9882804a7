/**
 * The historical import of a range of days: each day stays its own run (one workflow per day),
 * the days queue up and run one after another. These are the rules the gateway checks before
 * anything is queued and the dialog shows before the merchant starts.
 */

/**
 * A day's run of the historical import: running, completed, or ended without finishing — failed (its own error,
 * or a timeout), terminated (by hand, e.g. support in the Temporal UI) or cancelled. An ended day may be imported
 * again and holds up no other day. The store keeps it; the gateway and the worker
 * ask Temporal about the runs it still calls running.
 */
export type ImportStatus = 'running' | 'completed' | 'failed' | 'terminated' | 'cancelled';

/** A year and a day: a year of history in one go, leap years included, and no more per range. */
export const MAX_IMPORT_RANGE_DAYS = 366;

export const IMPORT_RANGE_MESSAGES = {
  endBeforeStart: 'Das Enddatum liegt vor dem Startdatum. Bitte wähle den ersten Tag zuerst.',
  beforeOpening: (first: string) =>
    `Der Zeitraum beginnt vor der Eröffnung deines Shops am ${germanDate(first)}. Wähle einen späteren ersten Tag.`,
  afterInstallation: (last: string) =>
    `Der Zeitraum endet nach dem Installationstag am ${germanDate(last)}. Bestellungen ab dann erstellt Belegfluss ohnehin.`,
  tooLong: (days: number) =>
    `Der Zeitraum umfasst ${days} Tage. Auf einmal lassen sich höchstens ${MAX_IMPORT_RANGE_DAYS} Tage importieren.`,
  overlapping: (from: string, to: string) =>
    `Der Zeitraum überschneidet sich mit dem laufenden Import vom ${germanDate(from)} bis ${germanDate(to)}. Warte, bis er fertig ist, oder halte ihn an.`,
  running: 'Es läuft bereits ein Import eines Zeitraums. Warte, bis er fertig ist, oder halte ihn an.',
  noneRunning: 'Es läuft gerade kein Import eines Zeitraums.',
} as const;

/** 'YYYY-MM-DD' as the merchant reads it: 01.10.2026. */
export function germanDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The calendar day `n` days before `day` ('YYYY-MM-DD'). Counting calendar days, not 24-hour steps back from an
 * instant: across a change to or from summer time those land on another German day near midnight.
 */
export function daysBefore(day: string, n: number): string {
  return new Date((dayNumber(day) - n) * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar days from `from` to `to`, both included, in order (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) days.push(new Date(n * DAY_MS).toISOString().slice(0, 10));
  return days;
}

/** `GET /api/orders/import/days`'s `range`: the shop's running range of days, else its last one. */
export interface ImportRangeView {
  id: string;
  from: string;
  to: string;
  status: 'running' | 'completed' | 'stopped' | 'failed';
  total: number;
  /** Days dealt with: imported, or passed over as imported already. */
  daysDone: number;
  stopRequested: boolean;
  /** The orders read and the invoices made so far for the range's days. */
  orders: number;
  invoices: number;
  /** The day running now. */
  current: string | null;
}

export type ImportRangeCheck = { days: string[] } | { error: string; field: 'from' | 'to' };

/**
 * The range rule: from the store's opening (`first`, unknown while Shopify could not be asked)
 * to the installation day (`last`), start before end, at most MAX_IMPORT_RANGE_DAYS, and not
 * overlapping a range that is still running.
 */
export function checkImportRange(
  from: string,
  to: string,
  allowed: { first: string | null; last: string; running?: { from: string; to: string } | null },
): ImportRangeCheck {
  if (to < from) return { error: IMPORT_RANGE_MESSAGES.endBeforeStart, field: 'to' };
  if (allowed.first && from < allowed.first)
    return { error: IMPORT_RANGE_MESSAGES.beforeOpening(allowed.first), field: 'from' };
  if (to > allowed.last) return { error: IMPORT_RANGE_MESSAGES.afterInstallation(allowed.last), field: 'to' };
  const count = dayNumber(to) - dayNumber(from) + 1;
  if (count > MAX_IMPORT_RANGE_DAYS) return { error: IMPORT_RANGE_MESSAGES.tooLong(count), field: 'to' };
  const running = allowed.running;
  if (running && from <= running.to && to >= running.from)
    return { error: IMPORT_RANGE_MESSAGES.overlapping(running.from, running.to), field: 'from' };
  if (running) return { error: IMPORT_RANGE_MESSAGES.running, field: 'from' };
  return { days: daysBetween(from, to) };
}

export interface ImportDayEstimate {
  /** Orders read whose invoice is not made yet. */
  waiting: number;
  /** Seconds until the last invoice of the day, from the rate measured so far; null when none can be given. */
  seconds: number | null;
  /** What the dialog says about when the day will be done. */
  text: string;
}

/**
 * When a day's invoices will be done: the invoices made since its first one, per second, carry
 * the orders still waiting. Before the first invoice there is no rate to go by, and the day's
 * orders queue behind the live orders (they come first), so the dialog says that instead.
 */
export function importDayEstimate(day: {
  orders: number;
  invoices: number;
  firstInvoiceAt: string | null;
  now: number;
}): ImportDayEstimate {
  const waiting = Math.max(day.orders - day.invoices, 0);
  if (waiting === 0) return { waiting, seconds: 0, text: 'fertig' };
  if (day.invoices === 0 || !day.firstInvoiceAt)
    return { waiting, seconds: null, text: 'wartet hinter laufenden Bestellungen' };
  // At least a second measured, so one invoice just made does not promise the rest at once.
  const elapsed = Math.max((day.now - Date.parse(day.firstInvoiceAt)) / 1000, 1);
  const seconds = Math.ceil(waiting / (day.invoices / elapsed));
  return { waiting, seconds, text: `noch etwa ${duration(seconds)}` };
}

function duration(seconds: number): string {
  if (seconds < 60) return 'eine Minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'eine Minute' : `${minutes} Minuten`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} Std.${rest ? ` ${rest} Min.` : ''}`;
}
