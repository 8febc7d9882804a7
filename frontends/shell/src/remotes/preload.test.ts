import { describe, expect, it } from 'vitest';
import { reachableRemotes } from './preload';

describe('remotes fetched ahead', () => {
  it('are the ones the shop’s navigation offers', () => {
    expect(reachableRemotes({ partner: false, permissions: [] })).toEqual(['preferences']);
    expect(reachableRemotes({ partner: true, permissions: [] })).toEqual(['preferences', 'partner']);
    expect(reachableRemotes({ partner: false, permissions: ['view_dashboard'] })).toEqual(['preferences', 'admin']);
    expect(reachableRemotes({ partner: true, permissions: [], isAdmin: true })).toEqual([
      'preferences',
      'partner',
      'admin',
    ]);
  });
});
