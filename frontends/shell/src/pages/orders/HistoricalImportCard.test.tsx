import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { shopFixture } from '../../test/fixtures';
import { renderInShell } from '../../test/render';
import { HistoricalImportCard, type ImportDays } from './HistoricalImportCard';

const shop = shopFixture({ plan: { ...shopFixture().plan, purchase: ['orderImport'] } });
const days: ImportDays = {
  first: '2025-10-06',
  last: '2025-10-24',
  days: [
    { day: '2025-10-13', status: 'completed', orders: 14, invoices: 14 },
    { day: '2025-10-14', status: 'running', orders: 13, invoices: 5 },
    { day: '2025-10-15', status: 'terminated', orders: 9, invoices: 4 },
    { day: '2025-10-16', status: 'completed', orders: 8, invoices: 3 },
  ],
};

/** The card against a scripted API whose import start answers for `started`; returns the calls made. */
function renderCard(started: string) {
  const { api, calls } = scriptedApi(({ method, path }) => {
    if (path === '/shop') return shop;
    if (path === '/orders/import/days') return days;
    if (method === 'POST' && path.startsWith('/orders/import?date=')) return { id: started, status: 'running' };
    return undefined;
  });
  renderInShell(<HistoricalImportCard />, api);
  return calls;
}

describe('the historical import dialog (spec 2)', () => {
  it('lists the imported days with their counts and imports one chosen day from a Monday-first calendar', async () => {
    const calls = renderCard('2025-10-20');
    expect(await screen.findByText('14 Bestellungen, 14 Rechnungen · abgeschlossen')).toBeTruthy();
    expect(screen.getByText('13 Bestellungen, 5 Rechnungen · läuft')).toBeTruthy();
    // Read completely, but its invoices are still being made.
    expect(screen.getByText('8 Bestellungen, 3 Rechnungen · eingelesen, Rechnungen folgen')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tag auswählen' })));
    const dialog = await screen.findByRole('dialog');
    // The week starts on Monday.
    const weekdays = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(weekdays[0]).toMatch(/^Mo/);
    const day = (n: number) =>
      within(dialog)
        .getAllByRole('button')
        .find((b) => b.textContent === String(n) && b.closest('table'))!;
    // Imported days, days before the store opened and after the installation cannot be chosen.
    for (const n of [13, 14, 3, 27])
      expect(day(n).hasAttribute('disabled') || day(n).getAttribute('aria-disabled') === 'true').toBe(true);
    await act(async () => fireEvent.click(day(20)));
    expect(within(dialog).getByText(/Ausgewählt: Mo\., 20\.10\.2025/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Tag importieren' })));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/orders/import?date=2025-10-20' }));
  });

  it('shows a day ended by hand as such; it stays selectable and can be imported again from the list', async () => {
    const calls = renderCard('2025-10-15');
    expect(await screen.findByText('9 Bestellungen, 4 Rechnungen · von Hand beendet')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tag auswählen' })));
    const dialog = await screen.findByRole('dialog');
    const day15 = within(dialog)
      .getAllByRole('button')
      .find((b) => b.textContent === '15' && b.closest('table'))!;
    expect(day15.hasAttribute('disabled') || day15.getAttribute('aria-disabled') === 'true').toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Erneut importieren' })));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/orders/import?date=2025-10-15' }));
  });

  it('says in German why a day stopped when a plan without the import came in between', async () => {
    const stopped: ImportDays = {
      ...days,
      days: [{ day: '2025-10-17', status: 'failed', orders: 6, invoices: 2, stoppedOnPlan: 'free' }],
    };
    const { api } = scriptedApi(({ path }) =>
      path === '/shop' ? shop : path === '/orders/import/days' ? stopped : undefined,
    );
    renderInShell(<HistoricalImportCard />, api);
    expect(await screen.findByText('6 Bestellungen, 2 Rechnungen · fehlgeschlagen')).toBeTruthy();
    expect(
      screen.getByText(
        'Angehalten nach dem Tarifwechsel: Die Funktion „Import älterer Bestellungen“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Basic.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut importieren' })).toBeTruthy();
  });
});
