import type { ImportRangeView, ImportStatus } from '../domain/import-range';

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
    status: ImportStatus;
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
