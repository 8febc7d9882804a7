import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../test/api';
import { shopFixture } from '../test/fixtures';
import { renderInShell } from '../test/render';
import { FeatureLock } from './FeatureLock';
import { featureLockState } from '@belegfluss/frontend-kit';

const withPurchase = (purchase: string[]) =>
  shopFixture({ plan: { ...shopFixture().plan, purchase } as ReturnType<typeof shopFixture>['plan'] });

describe('featureLockState', () => {
  it('is loading without a shop, asks for an upgrade on free, for the purchase at the plan’s price, then for scopes', () => {
    expect(featureLockState(undefined, 'orderImport')).toEqual({ kind: 'loading' });
    expect(featureLockState(shopFixture({ plan: { ...shopFixture().plan, id: 'free' } }), 'orderImport')).toEqual({
      kind: 'feature',
    });
    expect(featureLockState(shopFixture(), 'orderImport')).toEqual({ kind: 'purchase', price: 129 });
    expect(featureLockState(withPurchase(['orderImport']), 'orderImport')).toEqual({ kind: 'open' });
    const noScope = withPurchase(['orderImport']);
    noScope.scopes = ['read_orders', 'write_orders'];
    expect(featureLockState(noScope, 'orderImport')).toEqual({ kind: 'scopes', missing: ['read_all_orders'] });
    // Bought once, but now on the free plan: locked again.
    expect(
      featureLockState(
        { ...withPurchase(['orderImport']), plan: { ...withPurchase(['orderImport']).plan, id: 'free' } },
        'orderImport',
      ),
    ).toEqual({ kind: 'feature' });
  });
});

describe('the feature-lock overlay', () => {
  const { api } = scriptedApi(() => undefined);
  const render = (shop: Parameters<typeof FeatureLock>[0]['shop']) =>
    renderInShell(
      <FeatureLock shop={shop} feature="orderImport">
        <button type="button">Import starten</button>
      </FeatureLock>,
      api,
    );

  it('covers the feature with the upgrade action on the free plan', () => {
    render(shopFixture({ plan: { ...shopFixture().plan, id: 'free' } }));
    expect(screen.getByRole('link', { name: 'Tarif upgraden' }).getAttribute('href')).toBe('/plan#pricing');
    expect(screen.queryByRole('button', { name: 'Import starten' })).toBeNull(); // hidden from assistive tech and out of reach
  });

  it('offers the one-time purchase', () => {
    render(shopFixture());
    expect(screen.getByRole('link', { name: /^Für 129,00\s€ freischalten$/ }).getAttribute('href')).toBe(
      '/plan/purchase/orderImport',
    );
  });

  it('asks for the missing Shopify permission', () => {
    const shop = withPurchase(['orderImport']);
    shop.scopes = ['read_orders'];
    render(shop);
    expect(screen.getByText('Fehlende Shopify-Berechtigung')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zugriff erteilen' })).toBeTruthy();
  });

  it('shows the feature itself once nothing blocks it', () => {
    render(withPurchase(['orderImport']));
    expect(screen.getByRole('button', { name: 'Import starten' })).toBeTruthy();
  });
});
