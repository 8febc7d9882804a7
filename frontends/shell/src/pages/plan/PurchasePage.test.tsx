import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi } from '../../test/api';
import { shopFixture } from '../../test/fixtures';
import { renderInShell } from '../../test/render';
import { planRoute } from './planRoutes';

const plan = (purchase: string[]) => ({
  id: 'basic',
  name: 'Basic',
  annual: false,
  logMaxAge: 14,
  credits: { used: 10, quota: 100, resetAt: '2025-12-01T00:00:00Z' },
  purchase,
});

describe('the purchase page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the merchant to Shopify’s confirmation page, as the plan page does for subscriptions', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api, calls } = scriptedApi(({ method, path }) =>
      method === 'POST' && path === '/plan/purchase/orderImport'
        ? {
            confirmationUrl: 'https://shop.example/admin/charges/7/confirm_purchase',
            purchase: { feature: 'orderImport', price: 99 },
          }
        : undefined,
    );
    renderInShell(planRoute('/plan/purchase/orderImport', shopFixture({ plan: plan([]) })), api);
    expect(screen.getByText(/500 zusätzliche Übertragungen/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Für 99,00\s€ freischalten$/ })));
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/plan/purchase/orderImport',
      body: undefined,
      headers: undefined,
    });
    expect(open).toHaveBeenCalledWith('https://shop.example/admin/charges/7/confirm_purchase', '_top');
    expect(await screen.findByText('Weiter zu Shopify: bitte bestätige dort den Kauf')).toBeTruthy();
  });

  it('shows a bought import as unlocked, without a second purchase button', () => {
    const { api } = scriptedApi(() => undefined);
    renderInShell(planRoute('/plan/purchase/orderImport', shopFixture({ plan: plan(['orderImport']) })), api);
    expect(screen.getByText('Der Import ist freigeschaltet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /freischalten$/ })).toBeNull();
  });
});
