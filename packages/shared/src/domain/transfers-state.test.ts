import { describe, expect, it } from 'vitest';
import { canSpendTransfers, transfersNotification, transfersState } from './transfers-state';

describe('transfer credits', () => {
  it('reports remaining share, tone and the 20 % threshold', () => {
    expect(transfersState(0, 100)).toMatchObject({
      remaining: 100,
      percentRemaining: 100,
      exhausted: false,
      exhaustedSoon: false,
      tone: 'success',
    });
    expect(transfersState(65, 100)).toMatchObject({ remaining: 35, tone: 'warning', exhaustedSoon: false });
    expect(transfersState(80, 100)).toMatchObject({ remaining: 20, exhaustedSoon: false, tone: 'warning' });
    expect(transfersState(81, 100)).toMatchObject({ remaining: 19, exhaustedSoon: true, tone: 'critical' });
    expect(transfersState(120, 100)).toMatchObject({ remaining: 0, exhausted: true });
    expect(transfersState(0, 0)).toMatchObject({ exhausted: true });
  });
  it('notifies once per threshold crossing', () => {
    expect(transfersNotification({ used: 80, quota: 100 }, { used: 81, quota: 100 })).toBe('creditsExhaustedSoon');
    expect(transfersNotification({ used: 81, quota: 100 }, { used: 82, quota: 100 })).toBeNull();
    expect(transfersNotification({ used: 99, quota: 100 }, { used: 100, quota: 100 })).toBe('creditsExhaustedNow');
  });
  it('can spend only what is left', () => {
    expect(canSpendTransfers(9, 10)).toBe(true);
    expect(canSpendTransfers(10, 10)).toBe(false);
    expect(canSpendTransfers(5, 10, 6)).toBe(false);
  });
});
