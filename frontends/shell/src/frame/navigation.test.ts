import { describe, expect, it } from 'vitest';
import { shopFixture } from '../test/fixtures';
import { navigationEntries } from './navigation';

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);

describe('navigation', () => {
  it('shows the basic items for a plain shop, with the share of transfers left on Abonnement', () => {
    const entries = navigationEntries(shopFixture(), '/home');
    expect(labels(entries)).toEqual(['Home', 'Bestellungen', 'Abonnement', 'Einstellungen', 'Hilfe']);
    expect(entries.find((entry) => entry.key === 'plan')?.badge).toBe('28 %');
    expect(entries.find((entry) => entry.key === 'home')?.selected).toBe(true);
  });

  it('adds Administration for listed staff, Übersicht when home is the orders list, and Partnerprogramm for partners', () => {
    const shop = shopFixture({ isAdmin: true, home: 'orders', partner: true });
    const entries = navigationEntries(shop, '/partner/coupons');
    expect(labels(entries)).toEqual([
      'Home',
      'Administration',
      'Übersicht',
      'Bestellungen',
      'Abonnement',
      'Partnerprogramm',
      'Einstellungen',
      'Hilfe',
    ]);
    expect(entries.find((entry) => entry.key === 'home')?.url).toBe('/orders');
    expect(entries.filter((entry) => entry.selected).map((entry) => entry.key)).toEqual(['partner']);
  });

  it('offers no Administration for a shop with view_dashboard when its person is not listed', () => {
    expect(labels(navigationEntries(shopFixture({ permissions: ['view_dashboard'] }), '/'))).not.toContain(
      'Administration',
    );
  });
});
