import { z } from 'zod';
import type { ImportRangeView } from '../domain/import-range';

/** `POST /api/orders/import?date=YYYY-MM-DD`: the paid import of every order since that day. */
export const ImportDate = z.iso
  .date({ error: 'Bitte gib ein Datum im Format JJJJ-MM-TT an' })
  .refine((d) => d >= '2006-01-01', 'Das Datum liegt zu weit zurück')
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'Das Datum darf nicht in der Zukunft liegen');
export const OrderImportQuery = z.object({ date: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), ImportDate) });

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
/** `POST /api/orders/import/range?from=&to=`: the days from `from` to `to`, both included. */
export const OrderImportRangeQuery = z.object({
  from: z.preprocess(first, ImportDate),
  to: z.preprocess(first, ImportDate),
});

/**
 * The shop's `shopify.order.imports` (the days already imported) as `GET /api/orders/import/days`
 * answers it: the days the dialog may offer, and each day imported so far with its progress.
 */
export interface ShopifyOrderImports {
  /** The store's opening day; null while Shopify could not be asked. */
  first: string | null;
  /** The installation day: the last day the import covers. */
  last: string;
  days: {
    day: string;
    status: 'running' | 'completed' | 'failed' | 'terminated' | 'cancelled';
    orders: number;
    invoices: number;
    /** Set when a plan without the import stopped the day. */
    stoppedOnPlan?: string | null;
    /** Orders read whose invoice is not made yet. */
    waiting?: number;
    /** When to expect the rest ("noch etwa 12 Minuten", "wartet hinter laufenden Bestellungen"). */
    estimate?: string | null;
  }[];
  /** The shop's running (else last) range of days. */
  range?: ImportRangeView | null;
}
