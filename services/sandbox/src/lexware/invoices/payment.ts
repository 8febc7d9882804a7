import { lexwareTime } from '../../time.js';
import type { Publish } from '../contacts.js';
import type { Organization, Voucher } from '../types.js';
import { openCents } from './vouchers.js';

export class PaymentError extends Error {}

/**
 * A simulated bank payment (what a merchant's bank import does in Lexware): the open amount drops,
 * a fully paid invoice turns `paid`, and the app hears payment.changed and invoice.status.changed.
 */
export function recordPayment(
  org: Organization,
  v: Voucher,
  publish: Publish,
  amountCents?: number,
  date = new Date(),
): Voucher {
  if (v.kind !== 'invoice') throw new PaymentError('Nur Rechnungen können bezahlt werden');
  if (v.status === 'draft') throw new PaymentError('Ein Entwurf kann nicht bezahlt werden');
  if (v.status === 'voided') throw new PaymentError('Die Rechnung ist storniert');
  const open = openCents(v);
  if (open <= 0) throw new PaymentError('Die Rechnung ist schon bezahlt');
  const amount = Math.min(amountCents ?? open, open);
  v.paidCents += amount;
  v.paymentItems.push({
    paymentItemType: 'manualPayment',
    postingDate: lexwareTime(date),
    amount: amount / 100,
    currency: 'EUR',
  });
  publish(org, 'payment.changed', v.id);
  if (openCents(v) === 0) {
    v.status = 'paid';
    v.paidDate = lexwareTime(date);
    publish(org, 'invoice.status.changed', v.id);
  }
  return v;
}

/** The /v1/payments answer. */
export function paymentJson(v: Voucher): Record<string, unknown> {
  const open = openCents(v) / 100;
  return {
    openAmount: open,
    currency: 'EUR',
    paymentStatus: open === 0 ? 'balanced' : v.kind === 'invoice' ? 'openRevenue' : 'openExpense',
    voucherType: v.kind === 'invoice' ? 'invoice' : 'creditnote',
    voucherStatus: v.status,
    paidDate: v.paidDate ?? null,
    paymentItems: v.paymentItems,
  };
}
