import { ApiError } from '@belegfluss/frontend-kit';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { shopFixture } from '../../test/fixtures';
import { renderInShell } from '../../test/render';
import { planRoute } from './planRoutes';

const shop = shopFixture({
  plan: {
    id: 'basic',
    name: 'Basic',
    annual: false,
    logMaxAge: 14,
    credits: { used: 10, quota: 100, resetAt: '2025-12-01T00:00:00Z' },
    purchase: [],
  },
});

describe('the plan page', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows a save bar only when the choice differs, with annual prices, and reports a failed save honestly', async () => {
    const { api, calls } = scriptedApi(({ path }) => (path === '/plan' ? new ApiError(404, 'Not Found') : undefined));
    renderInShell(planRoute('/plan', shop), api);
    expect(screen.queryByText('Tarif noch nicht gespeichert')).toBeNull();
    expect(screen.getByText('8,99 € pro Monat')).toBeTruthy();
    expect(screen.getByText('Steuerersparnis: 0,99 € pro Bestellung')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Jährlich (16 % sparen)' }));
    expect(screen.getByText('89,99 € pro Jahr')).toBeTruthy();
    expect(screen.getByText('Tarif noch nicht gespeichert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Monatlich' }));
    expect(screen.queryByText('Tarif noch nicht gespeichert')).toBeNull();

    fireEvent.click(screen.getByLabelText('Premium'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tarif wechseln' })));
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/plan',
      body: { plan: 'premium', annual: false, coupon: null },
    });
    expect(await screen.findByText('Der Tarif wurde nicht gewechselt')).toBeTruthy();
    expect(screen.getByText('Nicht gefunden (HTTP 404).')).toBeTruthy();
  });

  it('preselects the plan of /plan/{planId}', () => {
    const { api } = scriptedApi(() => undefined);
    renderInShell(planRoute('/plan/business', shop), api);
    expect((screen.getByLabelText('Business') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Tarif noch nicht gespeichert')).toBeTruthy();
  });

  it('normalises the coupon, enables redeem above 3 characters and shows the error with a sad emoji', async () => {
    const { api, calls } = scriptedApi(({ path }) =>
      path.startsWith('/plan/coupon/') ? new ApiError(400, 'SELF_REDEMPTION') : undefined,
    );
    renderInShell(planRoute('/plan', shop), api);
    fireEvent.click(screen.getByRole('button', { name: 'Coupon einlösen' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Coupon-Code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'abc' } });
    const redeem = within(dialog).getByRole('button', { name: 'Einlösen' });
    expect(redeem.hasAttribute('disabled') || redeem.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.change(input, { target: { value: 'mein code' } });
    expect(input.value).toBe('MEIN-CODE');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Einlösen' })));
    expect(calls.at(-1)?.path).toBe('/plan/coupon/MEIN-CODE');
    expect(
      await within(dialog).findByText(/^Eigene Coupons kannst du nicht einlösen \p{Extended_Pictographic}/u),
    ).toBeTruthy();
  });

  it('states the coupon’s discount and length for the chosen interval, as the gateway words it, before the save', async () => {
    const terms = {
      monthly: '50 % Rabatt auf die ersten 3 Monate',
      annual: '12,5 % Rabatt auf das erste Jahr (entspricht 50 % Rabatt auf 3 Monate)',
    };
    const { api, calls } = scriptedApi(({ path }) =>
      path === '/plan/coupon/PARTNER-50'
        ? { type: 'percent', value: 50, intervals: 3, plans: [], terms, comment: 'Willkommen' }
        : undefined,
    );
    renderInShell(planRoute('/plan', shop), api);
    fireEvent.click(screen.getByRole('button', { name: 'Coupon einlösen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Coupon-Code'), { target: { value: 'partner-50' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Einlösen' })));

    expect(await screen.findByText(`Coupon PARTNER-50: ${terms.monthly}`)).toBeTruthy();
    expect(screen.getByText('Willkommen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jährlich (16 % sparen)' }));
    expect(screen.getByText(`Coupon PARTNER-50: ${terms.annual}`)).toBeTruthy();
    expect(screen.queryByText(`Coupon PARTNER-50: ${terms.monthly}`)).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tarif wechseln' })));
    expect(calls.at(-1)).toMatchObject({ path: '/plan', body: { plan: 'basic', annual: true, coupon: 'PARTNER-50' } });
  });

  it('clears a coupon already used on this device', async () => {
    window.localStorage.setItem('App:coupons:used', JSON.stringify(['SOMMER']));
    const { api, calls } = scriptedApi(() => undefined);
    renderInShell(planRoute('/plan', shop), api);
    fireEvent.click(screen.getByRole('button', { name: 'Coupon einlösen' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Coupon-Code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'sommer' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Einlösen' })));
    expect(input.value).toBe('');
    expect(within(dialog).getByText(/^Du hast diesen Coupon bereits verwendet/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('offers the order import for the plan’s price at /plan/purchase/orderImport', () => {
    const { api } = scriptedApi(() => undefined);
    renderInShell(planRoute('/plan/purchase/orderImport', shop), api);
    expect(screen.getByRole('button', { name: /^Für 99,00\s€ freischalten$/ })).toBeTruthy();
    expect(screen.getByText(/500 zusätzliche Übertragungen/)).toBeTruthy();
  });
});
