import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

const operator = {
  shop: 'zentrale.myshopify.com',
  name: 'Zentrale',
  partner: false,
  permissions: [],
  isAdmin: true,
  staff: { role: 'operator', userId: '7', shop: 'zentrale.myshopify.com', name: null },
};
const support = { ...operator, staff: { ...operator.staff, role: 'support', userId: '8' } };
const run = {
  id: '0b6f8f4e-1c1e-4a53-9d8e-3f1b2c3d4e5f',
  month: '2026-12-01',
  status: 'awaiting',
  paypalStatus: 'SUCCESS',
  hasSepaFile: true,
  sepaConfirmedAt: null,
  error: null,
  payouts: [
    { gateway: 'paypal', status: 'paid', count: 1, amount: 57.9 },
    { gateway: 'bank', status: 'scheduled', count: 2, amount: 120 },
    { gateway: 'bank', status: 'failed', count: 1, amount: 64.4 },
  ],
  setAside: [
    {
      id: '5d2a9c1e-0000-4000-8000-000000000001',
      partnerShopId: 'grenzgaenger.myshopify.com',
      name: 'Grenzgänger',
      gateway: 'bank',
      amount: 64.4,
      failure: 'Die BIC gehört zu einer Bank in Frankreich, die IBAN zu einem Konto in Deutschland',
    },
  ],
};

describe('admin payout runs', () => {
  it('lists the runs with their state and lets the operator confirm the SEPA execution', async () => {
    const api = fakeApi({
      '/shop': operator,
      '/admin/payout-runs': { items: [run] },
      [`POST /admin/payout-runs/${run.id}/confirm`]: {
        message: 'Ausführung bestätigt: die Banküberweisungen sind ausgezahlt.',
      },
    });
    renderRemote(App, { basePath: '/admin', path: '/payouts', api });
    expect(await screen.findByText('Dezember 2026')).toBeTruthy();
    expect(screen.getByText('Wartet auf Bestätigung')).toBeTruthy();
    expect(screen.getByText(/PayPal: 1 × ausgezahlt/)).toBeTruthy();
    expect(screen.getByText(/SEPA: 2 × geplant/)).toBeTruthy();
    expect(screen.getByText(/SEPA: 1 × zurückgebucht/)).toBeTruthy();
    // Who was set aside and why, for support to answer the partner.
    expect(screen.getByText('Zurückgebuchte Auszahlungen')).toBeTruthy();
    expect(screen.getByText(/Grenzgänger \(grenzgaenger.myshopify.com\)/)).toBeTruthy();
    expect(screen.getByText(/Die BIC gehört zu einer Bank in Frankreich/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ausführung bestätigen' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: `/admin/payout-runs/${run.id}/confirm`,
        body: { executed: true },
      }),
    );
    expect(await screen.findByText('Ausführung bestätigt: die Banküberweisungen sind ausgezahlt.')).toBeTruthy();
  });

  it('says so when there was no run yet', async () => {
    renderRemote(App, {
      basePath: '/admin',
      path: '/payouts',
      api: fakeApi({ '/shop': support, '/admin/payout-runs': { items: [] } }),
    });
    expect(await screen.findByText('Noch kein Auszahlungslauf')).toBeTruthy();
  });

  it('shows support the state but no button to confirm the bank execution', async () => {
    const api = fakeApi({ '/shop': support, '/admin/payout-runs': { items: [run] } });
    renderRemote(App, { basePath: '/admin', path: '/payouts', api });
    expect(await screen.findByText('Dezember 2026')).toBeTruthy();
    expect(screen.getByText('Bestätigung durch den Betrieb')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SEPA-Datei herunterladen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ausführung bestätigen' })).toBeNull();
    expect(screen.getByText('Angemeldet als Support: Nutzer 8 (zentrale.myshopify.com)')).toBeTruthy();
  });
});
