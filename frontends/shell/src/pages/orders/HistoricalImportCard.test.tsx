import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { shopFixture } from '../../test/fixtures';
import { renderInShell } from '../../test/render';
import { HistoricalImportCard, type ImportDays } from './HistoricalImportCard';

const shop = shopFixture({
  plan: {
    ...shopFixture().plan,
    purchase: ['orderImport'],
    credits: {
      used: 214,
      quota: 1500,
      resetAt: '2025-12-01T00:00:00Z',
      importBoost: { planQuota: 300, until: '2025-11-20T09:00:00Z' },
    },
  },
});
const days: ImportDays = {
  first: '2025-10-06',
  last: '2025-10-24',
  days: [
    { day: '2025-10-13', status: 'completed', orders: 14, invoices: 14 },
    { day: '2025-10-14', status: 'running', orders: 13, invoices: 5, waiting: 8, estimate: 'noch etwa 3 Minuten' },
    { day: '2025-10-15', status: 'terminated', orders: 9, invoices: 4 },
    {
      day: '2025-10-16',
      status: 'completed',
      orders: 8,
      invoices: 0,
      waiting: 8,
      estimate: 'wartet hinter laufenden Bestellungen',
    },
  ],
};

/** The card against a scripted API whose import start answers for `started`; returns the calls made. */
function renderCard(started: string) {
  const { api, calls } = scriptedApi(({ method, path }) => {
    if (path === '/shop') return shop;
    if (path === '/orders/import/days') return days;
    if (method === 'POST' && path.startsWith('/orders/import?date=')) return { id: started, status: 'running' };
    if (method === 'POST' && path.startsWith('/orders/import/range?'))
      return { from: started, to: new URLSearchParams(path.split('?')[1]).get('to'), status: 'running' };
    return undefined;
  });
  renderInShell(<HistoricalImportCard />, api);
  return calls;
}

describe('the historical import dialog', () => {
  it('lists the imported days with their counts and imports one chosen day from a Monday-first calendar', async () => {
    const calls = renderCard('2025-10-20');
    expect(await screen.findByText('14 Bestellungen eingelesen, 14 Rechnungen · abgeschlossen')).toBeTruthy();
    // Where a day stands and when to expect the rest, from the rate measured so far.
    expect(
      screen.getByText('13 Bestellungen eingelesen, 5 Rechnungen, 8 warten · läuft · noch etwa 3 Minuten'),
    ).toBeTruthy();
    // Read completely, but no invoice made yet: nothing to measure, it waits behind live orders.
    expect(
      screen.getByText(
        '8 Bestellungen eingelesen, 0 Rechnungen, 8 warten · eingelesen, Rechnungen folgen · wartet hinter laufenden Bestellungen',
      ),
    ).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' })));
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
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/orders/import/range?from=2025-10-20&to=2025-10-20' }),
    );
  });

  it('takes a range of days, saying the purchase’s raise and what happens past it before the start', async () => {
    const calls = renderCard('2025-10-20');
    await screen.findByText('14 Bestellungen eingelesen, 14 Rechnungen · abgeschlossen');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Noch 1.286 Übertragungen frei')).toBeTruthy();
    expect(
      within(dialog).getByText(
        /gilt bis zum 20\.11\.2025 das 5-fache deines Monatskontingents: 1\.500 statt 300 Übertragungen/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Bestellungen darüber hinaus erhalten vorerst keine Rechnung/)).toBeTruthy();
    const day = (n: number) =>
      within(dialog)
        .getAllByRole('button')
        .find((b) => b.textContent === String(n) && b.closest('table'))!;
    await act(async () => fireEvent.click(day(20)));
    await act(async () => fireEvent.click(day(22)));
    expect(within(dialog).getByText('Ausgewählt: Mo., 20.10.2025 bis Mi., 22.10.2025 (3 Tage)')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '3 Tage importieren' })));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/orders/import/range?from=2025-10-20&to=2025-10-22' }),
    );
  });

  it('shows the running range’s days done and invoices so far, and stops it', async () => {
    const withRange: ImportDays = {
      ...days,
      range: {
        id: 'import-range:x',
        from: '2025-10-13',
        to: '2025-10-19',
        status: 'running',
        total: 7,
        daysDone: 1,
        stopRequested: false,
        orders: 27,
        invoices: 19,
        current: '2025-10-14',
      },
    };
    const { api, calls } = scriptedApi(({ method, path }) =>
      path === '/shop'
        ? shop
        : path === '/orders/import/days'
          ? withRange
          : method === 'POST' && path === '/orders/import/range/stop'
            ? { stopRequested: true }
            : undefined,
    );
    renderInShell(<HistoricalImportCard />, api);
    expect(await screen.findByText('1 von 7 Tagen, 19 Rechnungen bisher · läuft')).toBeTruthy();
    expect(screen.getByText(/Zeitraum 13\.10\.2025 bis 19\.10\.2025/)).toBeTruthy();
    // One range at a time: a second one is chosen once this one is done or stopped.
    const choose = screen.getByRole('button', { name: 'Zeitraum auswählen' });
    expect(choose.hasAttribute('disabled') || choose.getAttribute('aria-disabled') === 'true').toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import anhalten' })));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/orders/import/range/stop' }));
  });

  it('shows a day ended by hand as such; it stays selectable and can be imported again from the list', async () => {
    const calls = renderCard('2025-10-15');
    expect(await screen.findByText('9 Bestellungen eingelesen, 4 Rechnungen · von Hand beendet')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' })));
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
    expect(await screen.findByText('6 Bestellungen eingelesen, 2 Rechnungen · fehlgeschlagen')).toBeTruthy();
    expect(
      screen.getByText(
        'Angehalten nach dem Tarifwechsel: Die Funktion „Import älterer Bestellungen“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Basic.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut importieren' })).toBeTruthy();
  });
});
