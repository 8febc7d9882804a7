import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

const connected = {
  shop: 'demo.myshopify.com',
  name: 'Demo',
  permissions: [],
  lexoffice: { isConnected: true, connectedAt: '2025-10-03T09:12:00Z', profile: { companyName: 'Demo GmbH' } },
};

describe('preferences remote', () => {
  it('shows the connected company and the automation state', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      api: fakeApi({
        '/shop': connected,
        '/preferences': { invoiceCreate: 'all', creditCreate: 'all', transactionCreate: 'all' },
      }),
    });
    expect(await screen.findByText('Demo GmbH')).toBeTruthy();
    expect(await screen.findByText('Automatisiert')).toBeTruthy();
  });

  it("says 'Nicht verbunden' and admits when the preferences cannot be loaded", async () => {
    renderRemote(App, {
      basePath: '/preferences',
      api: fakeApi({ '/shop': { ...connected, lexoffice: { isConnected: false, connectedAt: null, profile: null } } }),
    });
    expect((await screen.findAllByText('Nicht verbunden')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Die Automatisierung konnte nicht geladen werden')).toBeTruthy();
  });

  it('/setup shows each setup step with its state and where to do it', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/setup',
      api: fakeApi({
        '/shop': { ...connected, lexoffice: { isConnected: false, connectedAt: null, profile: null } },
        '/preferences/general': { value: {} },
        '/preferences': { invoiceCreate: 'all' },
      }),
    });
    expect(await screen.findByText('1. Lexware Office verbinden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jetzt verbinden' })).toBeTruthy();
    expect(await screen.findByText('3. Belegerstellung einschalten')).toBeTruthy();
    expect((await screen.findAllByText('Offen')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/noch nicht verfügbar/)).toBeNull();
  });

  it('/setup takes the tax regime from the connected Lexware account until one is chosen in the wizard', async () => {
    const account = (distanceSalesPrinciple: 'ORIGIN' | 'DESTINATION', smallBusiness = false) => ({
      ...connected,
      lexoffice: {
        ...connected.lexoffice,
        profile: { companyName: 'Demo GmbH', smallBusiness, distanceSalesPrinciple },
      },
    });
    const step2 = async () => (await screen.findByText('2. Umsatzsteuer-Regelung wählen')).closest('.Polaris-Box')!;
    const view = renderRemote(App, {
      basePath: '/preferences',
      path: '/setup',
      api: fakeApi({
        '/shop': account('DESTINATION'),
        '/preferences/general': { value: {} },
        '/preferences': { invoiceCreate: 'all' },
      }),
    });
    expect(
      await screen.findByText(
        'Aus deinem Lexware-Office-Konto übernommen: One-Stop-Shop (OSS). Im Assistenten kannst du eine andere Regelung wählen.',
      ),
    ).toBeTruthy();
    expect((await step2()).textContent).toContain('Erledigt');
    view.unmount();

    // A choice made in the wizard wins over what the account says.
    renderRemote(App, {
      basePath: '/preferences',
      path: '/setup',
      api: fakeApi({
        '/shop': account('ORIGIN', true),
        '/preferences/general': { value: { vatRegime: '1' } },
        '/preferences': { invoiceCreate: 'all' },
      }),
    });
    expect(await screen.findByText('Gewählt: Nur deutsche Umsatzsteuer.')).toBeTruthy();
    expect((await step2()).textContent).toContain('Erledigt');
  });

  it('an unknown settings page says it was not found', async () => {
    renderRemote(App, { basePath: '/preferences', path: '/gibt-es-nicht', api: fakeApi({ '/shop': connected }) });
    expect(await screen.findByText('Diese Seite wurde nicht gefunden.')).toBeTruthy();
  });
});
