import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopFixture } from '../../test/fixtures';
import { renderWithPolaris } from '../../test/render';
import { TransfersCard } from './TransfersCard';
import { Dashboard } from './Dashboard';

describe('dashboard cards', () => {
  it('shows plan, transfers left, documents and the connection of a given shop', () => {
    renderWithPolaris(<Dashboard shop={shopFixture()} />);

    expect(screen.getByText('Aktiver Tarif')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('300 Übertragungen pro Monat')).toBeTruthy();

    expect(screen.getByText('86 von 300')).toBeTruthy();
    expect(screen.getByText('28 %')).toBeTruthy();
    expect(screen.getByText('Wird am 01.12.2025 zurückgesetzt')).toBeTruthy();

    expect(screen.getByText('214')).toBeTruthy();
    expect(screen.getByText('Rechnungen: 187')).toBeTruthy();
    expect(screen.getByText('Gutschriften: 27')).toBeTruthy();

    expect(screen.getByText('Verbunden seit 03.10.2025')).toBeTruthy();
    expect(screen.getByText('Demo GmbH')).toBeTruthy();
  });

  it('names the historical import’s 30-day raise as such beside the plan’s own quota', () => {
    const shop = shopFixture();
    shop.plan.credits = {
      used: 40,
      quota: 1500,
      resetAt: '2025-12-01T00:00:00Z',
      importBoost: { planQuota: 300, until: '2025-12-14T09:00:00Z' },
    };
    renderWithPolaris(<Dashboard shop={shop} />);
    expect(screen.getByText('300 Übertragungen pro Monat, bis 14.12.2025 1.500 durch den Import')).toBeTruthy();
  });

  it("says 'nicht verbunden' when the accounting service is not connected", () => {
    const shop = shopFixture({ lexoffice: { isConnected: false, connectedAt: null, profile: null } });
    renderWithPolaris(<Dashboard shop={shop} />);
    expect(screen.getByText('nicht verbunden')).toBeTruthy();
    expect(screen.queryByText(/Verbunden seit/)).toBeNull();
  });

  it.each([
    { used: 290, quota: 300, percent: '3 %', tone: 'critical' },
    { used: 81, quota: 100, percent: '19 %', tone: 'critical' },
    { used: 80, quota: 100, percent: '20 %', tone: 'warning' },
    { used: 61, quota: 100, percent: '39 %', tone: 'warning' },
    { used: 60, quota: 100, percent: '40 %', tone: 'success' },
    { used: 0, quota: 10, percent: '100 %', tone: 'success' },
  ])('marks $percent left as $tone', ({ used, quota, percent, tone }) => {
    renderWithPolaris(<TransfersCard credits={{ used, quota, resetAt: '2025-12-01T00:00:00Z' }} />);
    const badge = screen.getByText(percent);
    expect(badge.closest('[class*="Polaris-Badge"]')?.className).toMatch(
      new RegExp(`tone${tone[0]!.toUpperCase()}${tone.slice(1)}`),
    );
  });

  it('never shows a negative remainder when more was used than the quota', () => {
    renderWithPolaris(<TransfersCard credits={{ used: 120, quota: 100, resetAt: '2025-12-01T00:00:00Z' }} />);
    const card = screen.getByText('Verbleibende Übertragungen').closest('.Polaris-ShadowBevel') ?? document.body;
    expect(within(card as HTMLElement).getByText('0 von 100')).toBeTruthy();
  });
});
