import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../test/api';
import { shopFixture } from '../test/fixtures';
import { renderInShell } from '../test/render';
import { ActivateStep } from './ActivateStep';

/** The credit dialog, when the imported orders need more transfers than remain. */
describe('the credit dialog in the last wizard step', () => {
  const setup = (needed: number) => {
    const shop = shopFixture(); // Standard: 214 of 300 used, 86 left
    const { api, calls } = scriptedApi(({ method, path }) => {
      if (path === '/shop') return shop;
      // The gateway counts the imported orders the activation will invoice.
      if (method === 'GET' && path === '/orders/import/wizard/invoices') return { orders: needed };
      if (method === 'POST' && path.startsWith('/shop/enable/')) return { enabled: true };
      return undefined;
    });
    renderInShell(<ActivateStep onDone={() => undefined} />, api);
    return calls;
  };
  const enables = (calls: { method: string; path: string }[]) =>
    calls.filter((c) => c.method === 'POST' && c.path === '/shop/enable/true');

  it('asks before starting when 120 imported orders meet 86 transfers, and starts anyway on request', async () => {
    const calls = setup(120);
    await waitFor(() => expect(calls.some((c) => c.path === '/shop')).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(await screen.findByRole('button', { name: 'Testphase starten' }));
    expect(await screen.findByText('Nicht genug Übertragungen')).toBeTruthy();
    expect(
      screen.getByText(
        'Für die 120 importierten Bestellungen ohne Beleg braucht Belegfluss bis zu 120 Übertragungen. Dir bleiben in diesem Zeitraum 86 von 300.',
      ),
    ).toBeTruthy();
    expect(enables(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Trotzdem starten' }));
    await waitFor(() => expect(enables(calls)).toHaveLength(1));
  });

  it('writes the counts as German numbers', async () => {
    const calls = setup(1200);
    await waitFor(() => expect(calls.some((c) => c.path === '/shop')).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(await screen.findByRole('button', { name: 'Testphase starten' }));
    expect(
      await screen.findByText(
        'Für die 1.200 importierten Bestellungen ohne Beleg braucht Belegfluss bis zu 1.200 Übertragungen. Dir bleiben in diesem Zeitraum 86 von 300.',
      ),
    ).toBeTruthy();
  });

  it('starts at once when more transfers remain than needed', async () => {
    const calls = setup(12);
    await waitFor(() => expect(calls.some((c) => c.path === '/shop')).toBe(true));
    await screen.findByRole('button', { name: 'Testphase starten' });
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Testphase starten' }));
    await waitFor(() => expect(enables(calls)).toHaveLength(1));
    expect(screen.queryByText('Nicht genug Übertragungen')).toBeNull();
  });
});
