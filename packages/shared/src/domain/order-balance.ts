import type { ShopifyOrder } from '../shopify-order';
import { cents, sumOf } from './money';
import { refundGrossCents } from './credit-note';
import { orderRefunds, type ShopifyRefund } from './refund-types';
import { editedOrder } from './order-corrections';

export interface BalanceDocument {
  totalCents: number;
  status: string;
}

export interface OrderBalance {
  invoicedCents: number;
  creditedCents: number;
  /** Invoices minus credit notes. */
  documentsCents: number;
  /** The order total minus what was refunded. */
  expectedCents: number;
  diffCents: number;
  complete: boolean;
}

/** Rounding tolerance: below 0.02 or below 1 percent. */
export function withinTolerance(diffCents: number, baseCents: number): boolean {
  const d = Math.abs(diffCents);
  return d < 2 || d * 100 < Math.abs(baseCents);
}

/**
 * Invoices (not voided) minus credit notes, against the order total minus refunds.
 * Shopify's current total already drops refunded items; refunds without items (adjustments only)
 * don't lower it and are subtracted on their own. The sum of both is what every refund returned,
 * so it is computed from the refunds themselves, which also works on snapshots whose
 * `current_total_price` was not kept up to date.
 */
export function orderBalance(
  order: ShopifyOrder,
  invoices: readonly BalanceDocument[],
  creditNotes: readonly BalanceDocument[],
  refunds: readonly ShopifyRefund[] = orderRefunds(order),
): OrderBalance {
  const live = (d: BalanceDocument) => d.status !== 'voided';
  const invoicedCents = sumOf(invoices.filter(live).map((d) => d.totalCents));
  const creditedCents = sumOf(creditNotes.filter(live).map((d) => d.totalCents));
  const documentsCents = invoicedCents - creditedCents;
  // The order as edited: what an edit added or took away is invoiced or credited like the rest.
  const expectedCents = cents(editedOrder(order).total_price) - sumOf(refunds.map((r) => refundGrossCents(order, r)));
  const diffCents = documentsCents - expectedCents;
  return {
    invoicedCents,
    creditedCents,
    documentsCents,
    expectedCents,
    diffCents,
    complete: withinTolerance(diffCents, expectedCents),
  };
}
