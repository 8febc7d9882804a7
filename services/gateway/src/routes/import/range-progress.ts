import { importRunStore, latestImportRange, type ImportDay } from '@belegfluss/db';
import { daysBetween, importDayEstimate, type ImportRangeView } from '@belegfluss/shared';
import { settleImportRange } from '@belegfluss/orchestration/imports';
import type { GatewayContext } from '../../context';

/** A day as the dialog lists it: where it stands (read, invoiced, waiting) and when to expect the rest. */
export interface ImportDayView extends Omit<ImportDay, 'firstInvoiceAt'> {
  waiting: number;
  /** "noch etwa 12 Minuten", "wartet hinter laufenden Bestellungen"; null for a day done or ended. */
  estimate: string | null;
}

const ENDED = new Set(['failed', 'terminated', 'cancelled']);

export function dayView({ firstInvoiceAt, ...day }: ImportDay, now: number): ImportDayView {
  const { waiting, text } = importDayEstimate({ ...day, firstInvoiceAt, now });
  const open = !ENDED.has(day.status) && day.orders > 0 && waiting > 0;
  return { ...day, waiting, estimate: open ? text : null };
}

/** The running range, else the last one; null when the shop never imported a range. */
export async function rangeView(
  gw: GatewayContext,
  shopId: string,
  days: ImportDay[],
): Promise<ImportRangeView | null> {
  const stored = await latestImportRange(gw.db, shopId);
  if (!stored) return null;
  const range = await settleImportRange(importRunStore(gw.db), gw.temporal, stored).catch((error: unknown) => {
    gw.log.warn({ err: error, shop: shopId }, 'import range not settled');
    return stored;
  });
  const mine = days.filter((d) => d.day >= range.from && d.day <= range.to);
  return {
    id: range.workflowId,
    from: range.from,
    to: range.to,
    status: range.status,
    total: daysBetween(range.from, range.to).length,
    daysDone: range.daysDone,
    stopRequested: range.stopRequested,
    orders: mine.reduce((n, d) => n + d.orders, 0),
    invoices: mine.reduce((n, d) => n + d.invoices, 0),
    current: range.status === 'running' ? (mine.find((d) => d.status === 'running')?.day ?? null) : null,
  };
}
