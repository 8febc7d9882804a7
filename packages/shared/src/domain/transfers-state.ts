import { TRANSFERS_NOTIFY_THRESHOLD } from '../plans';

export interface TransfersState {
  used: number;
  quota: number;
  remaining: number;
  /** Share of the quota left, 0..1. */
  remainingShare: number;
  percentRemaining: number;
  exhausted: boolean;
  /** Below the 20 % notification threshold. */
  exhaustedSoon: boolean;
  /** Dashboard tone: critical below 20 % left, warning below 40 %. */
  tone: 'critical' | 'warning' | 'success';
}

/** The state of a shop's transfers: one transfer per document created. */
export function transfersState(used: number, quota: number): TransfersState {
  const remaining = Math.max(0, quota - used);
  const share = quota > 0 ? remaining / quota : 0;
  return {
    used,
    quota,
    remaining,
    remainingShare: share,
    percentRemaining: Math.floor(share * 100),
    exhausted: remaining <= 0,
    exhaustedSoon: share < TRANSFERS_NOTIFY_THRESHOLD,
    tone: share < TRANSFERS_NOTIFY_THRESHOLD ? 'critical' : share < 0.4 ? 'warning' : 'success',
  };
}

/** Whether `needed` more documents can be created (the credit dialog wants more available than needed). */
export function canSpendTransfers(used: number, quota: number, needed = 1): boolean {
  return quota - used >= needed;
}

export type TransfersNotification = 'creditsExhaustedSoon' | 'creditsExhaustedNow';

/** The notification to send when a charge moves the shop across a threshold, once per crossing. */
export function transfersNotification(
  before: { used: number; quota: number },
  after: { used: number; quota: number },
): TransfersNotification | null {
  const a = transfersState(before.used, before.quota);
  const b = transfersState(after.used, after.quota);
  if (b.exhausted && !a.exhausted) return 'creditsExhaustedNow';
  if (b.exhaustedSoon && !a.exhaustedSoon) return 'creditsExhaustedSoon';
  return null;
}
