import { act, fireEvent, screen } from '@testing-library/react';
import type { Shop } from '@belegfluss/frontend-kit';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi } from '../test/api';
import { shopFixture } from '../test/fixtures';
import { renderInShell } from '../test/render';
import { BANNER_PREFIX } from './dismissals';
import { isMaintenanceExempt } from './maintenance';
import { PageNotices } from './PageNotices';
import { authUrl } from './redirect';
import { TipsPanel } from './TipsPanel';
import { TIPS } from './tips';

const { api } = scriptedApi(() => undefined);
const page = <p>Seiteninhalt</p>;
const downtime = (status: 'warning' | 'active') => ({
  status,
  message: 'Update der Datenbank',
  startsAt: '2025-11-01T22:00:00Z',
  endsAt: '2025-11-01T23:00:00Z',
});

describe('notices around the pages', () => {
  beforeEach(() => window.localStorage.clear());

  it('replaces the page with the maintenance screen during an active downtime, except on the exempt paths', () => {
    const shop = shopFixture({ downtimes: [downtime('active')] });
    renderInShell(
      <PageNotices shop={shop} pathname="/orders">
        {page}
      </PageNotices>,
      api,
    );
    expect(screen.getByText('Wartungsarbeiten')).toBeTruthy();
    expect(screen.queryByText('Seiteninhalt')).toBeNull();
    expect(['/', '/help', '/help/contact', '/apps', '/plan/basic', '/admin'].every(isMaintenanceExempt)).toBe(true);
    expect(['/home', '/orders', '/preferences', '/planet'].some(isMaintenanceExempt)).toBe(false);
  });

  it('shows a warning downtime as an info banner above the page', () => {
    renderInShell(
      <PageNotices shop={shopFixture({ downtimes: [downtime('warning')] })} pathname="/home">
        {page}
      </PageNotices>,
      api,
    );
    expect(screen.getByText('Geplante Wartungsarbeiten')).toBeTruthy();
    expect(screen.getByText('Seiteninhalt')).toBeTruthy();
  });

  it('asks for missing Shopify scopes and sends the top window to /api/auth with them', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderInShell(
      <PageNotices shop={shopFixture({ scopes: ['read_orders'] })} pathname="/home">
        {page}
      </PageNotices>,
      api,
    );
    expect(screen.getByText('Fehlende Shopify-Berechtigung')).toBeTruthy();
    expect(
      screen.getByText(/die Berechtigung „Bestellungen bearbeiten“, „Kunden lesen“, „Produkte lesen“\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zugriff erteilen' }));
    expect(open).toHaveBeenCalledWith(
      '/api/auth?shop=demo.myshopify.com&scopes=write_orders%2Cread_customers%2Cread_products',
      '_top',
    );
    expect(authUrl('/api/', 'a.myshopify.com')).toBe('/api/auth?shop=a.myshopify.com');
  });

  it('opens the credits dialog below 20 % left, once per period, and leads to the plans', async () => {
    const shop = shopFixture({
      plan: { ...shopFixture().plan, credits: { used: 290, quota: 300, resetAt: '2025-12-01T00:00:00Z' } },
    });
    const first = renderInShell(
      <PageNotices shop={shop} pathname="/home">
        {page}
      </PageNotices>,
      api,
    );
    expect(await screen.findByText('Deine Übertragungen wurden (fast) vollständig verbraucht')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Abonnement erweitern' })));
    expect(window.location.pathname).toBe('/plan');
    expect(window.localStorage.getItem(`${BANNER_PREFIX}transfersExhausted:2025-12-01T00:00:00Z`)).not.toBeNull();
    first.unmount();
    renderInShell(
      <PageNotices shop={shop} pathname="/home">
        {page}
      </PageNotices>,
      api,
    );
    expect(screen.queryByText('Deine Übertragungen wurden (fast) vollständig verbraucht')).toBeNull();
  });

  it('keeps the page mounted, with what was typed, when the shop arrives after it', () => {
    function Typed() {
      const [text, setText] = useState('');
      return <input aria-label="Notiz" value={text} onChange={(e) => setText(e.target.value)} />;
    }
    function Host() {
      const [shop, setShop] = useState<Shop>();
      return (
        <>
          <button onClick={() => setShop(shopFixture({ downtimes: [downtime('warning')] }))}>Shop laden</button>
          <PageNotices shop={shop} pathname="/preferences/contacts">
            <Typed />
          </PageNotices>
        </>
      );
    }
    renderInShell(<Host />, api);
    fireEvent.change(screen.getByLabelText('Notiz'), { target: { value: 'ATU12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Shop laden' }));
    expect(screen.getByText('Geplante Wartungsarbeiten')).toBeTruthy();
    expect((screen.getByLabelText('Notiz') as HTMLInputElement).value).toBe('ATU12345678');
  });

  it('does not open the credits dialog with 40 % left', () => {
    renderInShell(
      <PageNotices shop={shopFixture()} pathname="/home">
        {page}
      </PageNotices>,
      api,
    );
    expect(screen.queryByText('Deine Übertragungen wurden (fast) vollständig verbraucht')).toBeNull();
  });
});

describe('the tips panel', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('has about 19 tips, rotates every 5 s, steps both ways and stays hidden once hidden', () => {
    expect(TIPS.length).toBe(19);
    const first = renderInShell(<TipsPanel />, api);
    expect(screen.getByText(TIPS[0]!.text)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByText(TIPS[1]!.text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nächster Tipp' }));
    expect(screen.getByText('Tipp 3 von 19')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Tipp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Tipp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Tipp' }));
    expect(screen.getByText('Tipp 19 von 19')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tipps ausblenden' }));
    expect(screen.queryByText(/^Tipp \d+ von/)).toBeNull();
    expect(window.localStorage.getItem('App:banner:tips')).not.toBeNull();
    first.unmount();
    renderInShell(<TipsPanel />, api);
    expect(screen.queryByText(/^Tipp \d+ von/)).toBeNull();
  });
});
