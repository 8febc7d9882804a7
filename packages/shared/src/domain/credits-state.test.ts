import { describe, expect, it } from 'vitest';
import { canSpendCredits, creditsNotification, creditsState } from './credits-state';

describe('transfer credits', () => {
  it('reports remaining share, tone and the 20 % threshold', () => {
    expect(creditsState(0, 100)).toMatchObject({
      remaining: 100,
      percentRemaining: 100,
      exhausted: false,
      exhaustedSoon: false,
      tone: 'success',
    });
    expect(creditsState(65, 100)).toMatchObject({ remaining: 35, tone: 'warning', exhaustedSoon: false });
    expect(creditsState(80, 100)).toMatchObject({ remaining: 20, exhaustedSoon: false, tone: 'warning' });
    expect(creditsState(81, 100)).toMatchObject({ remaining: 19, exhaustedSoon: true, tone: 'critical' });
    expect(creditsState(120, 100)).toMatchObject({ remaining: 0, exhausted: true });
    expect(creditsState(0, 0)).toMatchObject({ exhausted: true });
  });
  it('notifies once per threshold crossing', () => {
    expect(creditsNotification({ used: 80, quota: 100 }, { used: 81, quota: 100 })).toBe('creditsExhaustedSoon');
    expect(creditsNotification({ used: 81, quota: 100 }, { used: 82, quota: 100 })).toBeNull();
    expect(creditsNotification({ used: 99, quota: 100 }, { used: 100, quota: 100 })).toBe('creditsExhaustedNow');
  });
  it('can spend only what is left', () => {
    expect(canSpendCredits(9, 10)).toBe(true);
    expect(canSpendCredits(10, 10)).toBe(false);
    expect(canSpendCredits(5, 10, 6)).toBe(false);
  });
});
