import { describe, expect, it } from 'vitest';
import { reachableRemotes } from './preload';

describe('remotes fetched ahead', () => {
  it('are the ones the shop’s navigation offers', () => {
    expect(reachableRemotes({ partner: false })).toEqual(['preferences']);
    expect(reachableRemotes({ partner: true })).toEqual(['preferences', 'partner']);
    expect(reachableRemotes({ partner: false, isAdmin: true })).toEqual(['preferences', 'admin']);
    expect(reachableRemotes({ partner: true, isAdmin: true })).toEqual(['preferences', 'partner', 'admin']);
  });
});
