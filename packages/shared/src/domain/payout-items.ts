/**
 * What PayPal's answer for one payout item means for the partner's money. PayPal reports a batch
 * as SUCCESS once every item is processed, even when single items failed or wait to be claimed, so
 * each payout is decided by its own item:
 * - paid: the money reached the partner's PayPal account;
 * - returned: it did not and will not (failed, refused, sent back or undone): the provisions go
 *   back to the partner's balance and leave with the next run;
 * - unclaimed: sent to an address without a PayPal account; PayPal holds it for 30 days, then
 *   returns it (the run cancels it itself at that point);
 * - open: PayPal is still working on it.
 */
export type PayPalItemOutcome = 'paid' | 'returned' | 'unclaimed' | 'open';

const RETURNED_REASONS: Record<string, string> = {
  FAILED: 'PayPal konnte die Zahlung nicht ausführen',
  RETURNED: 'PayPal hat die Zahlung zurückgebucht, weil sie nicht angenommen wurde',
  BLOCKED: 'PayPal hat die Zahlung blockiert',
  REFUNDED: 'Die Zahlung wurde an uns zurückerstattet',
  REVERSED: 'PayPal hat die Zahlung rückgängig gemacht',
  DENIED: 'PayPal hat die Auszahlung abgelehnt',
  CANCELED: 'PayPal hat die Auszahlung storniert',
};

export function payPalItemOutcome(status: string): PayPalItemOutcome {
  if (status === 'SUCCESS') return 'paid';
  if (status === 'UNCLAIMED') return 'unclaimed';
  if (status in RETURNED_REASONS) return 'returned';
  return 'open';
}

/** The partner's reason for a payout that went back to the balance, in German. */
export function payPalReturnReason(status: string, detail?: string): string {
  const reason = RETURNED_REASONS[status] ?? `PayPal meldet ${status}`;
  return `${reason}${detail ? ` (${detail})` : ''}; die Provisionen sind wieder in deinem Guthaben und gehen mit der nächsten Auszahlung hinaus`;
}

/** A payout whose bank details a bank would refuse, set aside when the run's transfer file is written. */
export const bankDataReason = (problem: string) =>
  `${problem}; bitte die Bankverbindung in den Partner-Einstellungen korrigieren. Die Provisionen sind wieder in deinem Guthaben und gehen mit der nächsten Auszahlung hinaus`;

/** The run itself could not finish; what it had not yet handed to PayPal or the bank goes back. */
export const runFailedReason = (message: string) =>
  `Der Auszahlungslauf ist fehlgeschlagen (${message}); die Provisionen sind wieder in deinem Guthaben und gehen mit der nächsten Auszahlung hinaus`;
