import { ApiError } from '@belegfluss/frontend-kit';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi } from '../test/api';
import { shopFixture } from '../test/fixtures';
import { renderInShell } from '../test/render';
import { ConnectWizard } from './ConnectWizard';

vi.mock('./confetti', () => ({ celebrate: vi.fn(async () => undefined) }));
const { celebrate } = await import('./confetti');

const disconnected = shopFixture({ lexoffice: { isConnected: false, connectedAt: null, profile: null } });
const connected = shopFixture();
const profile = {
  companyName: 'Demo GmbH',
  smallBusiness: false,
  distanceSalesPrinciple: 'ORIGIN',
  businessFeatures: ['INVOICING'],
};

function fakePopup() {
  return { closed: false, location: { href: '' }, close: vi.fn() };
}

const click = (name: string | RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the connect wizard', () => {
  beforeEach(() => vi.mocked(celebrate).mockClear());

  it('walks all seven steps: consent, popup, imports, VAT regime, tax setup, activation', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let isConnected = false;
    let documentBatches = 0;
    const { api, calls } = scriptedApi(({ method, path }) => {
      if (path === '/lexoffice/auth') return { url: 'https://lexware.example/authorize?state=1' };
      if (path === '/shop') return isConnected ? connected : disconnected;
      if (path === '/orders/import') return { affected: 3 };
      if (path === '/lexoffice/import')
        return (documentBatches += 1) === 1 ? { continue: true, assigned: 2 } : { continue: false, assigned: 3 };
      if (path === '/lexoffice/pull') return { profile };
      if (method === 'PATCH' && path === '/preferences/general') return {};
      if (path === '/shop/enable/true') return {};
      // The gateway's count of the imported orders the activation will invoice: few enough for the plan.
      if (path === '/orders/import/wizard/invoices') return { orders: 1 };
      return undefined;
    });
    const onClose = vi.fn();
    renderInShell(<ConnectWizard shop={disconnected} onClose={onClose} />, api);

    // Step 0: both boxes are needed.
    expect(screen.getByText('Schritt 1 von 7: Bedingungen')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Weiter' });
    expect(next.hasAttribute('disabled') || next.getAttribute('aria-disabled') === 'true').toBe(true);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    await click('Weiter');

    // Step 1: an 800×700 popup gets the gateway's URL; closing it refetches the shop.
    await click('Mit Lexware Office verbinden');
    expect(open.mock.calls[0]?.[2]).toMatch(/width=800,height=700/);
    await waitFor(() => expect(popup.location.href).toBe('https://lexware.example/authorize?state=1'));
    isConnected = true;
    popup.closed = true;

    // Steps 2 and 3 run by themselves; the document import repeats until no `continue`.
    // The imports poll their workflow once a second, so a busy machine may need a few polls.
    expect(await screen.findAllByText('3 Bestellungen importiert', {}, { timeout: 15_000 })).not.toHaveLength(0);
    expect(celebrate).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText('3 Belege verlinkt', {}, { timeout: 15_000 })).not.toHaveLength(0);
    expect(documentBatches).toBe(2);

    // Step 4: preselected from the profile (German VAT); OSS needs XL.
    expect(await screen.findByText('Schritt 5 von 7: Umsatzsteuer')).toBeTruthy();
    const germanVat = await screen.findByLabelText('Nur deutsche Umsatzsteuer');
    expect((germanVat as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('One-Stop-Shop (OSS)'));
    expect(screen.getByText('OSS erfordert Lexware Office XL')).toBeTruthy();
    expect(screen.getByText('Konfiguration erforderlich')).toBeTruthy();
    fireEvent.click(germanVat);
    expect(screen.queryByText('OSS erfordert Lexware Office XL')).toBeNull();
    await click('Weiter');
    expect(calls).toContainEqual({ method: 'PATCH', path: '/preferences/general', body: { vatRegime: '1' } });

    // Step 5 and 6.
    expect(await screen.findByText('Schritt 6 von 7: Steuern in Shopify')).toBeTruthy();
    await click('Weiter');
    fireEvent.click(screen.getByLabelText('Gutschriften automatisch erstellen'));
    // Startable once the count is in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Testphase starten' }).hasAttribute('disabled')).toBe(false),
    );
    await click('Testphase starten');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/shop/enable/true',
      body: { invoiceCreate: true, creditCreate: false },
    });
    expect(await screen.findAllByText('Belegerstellung aktiviert')).not.toHaveLength(0);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The trial belongs to the first paid plan: the merchant is taken to the plan choice.
    await waitFor(() => expect(window.location.pathname).toBe('/plan'));
  });

  it('says honestly when the order import route fails, and lets the merchant skip it', async () => {
    const { api } = scriptedApi(({ path }) => {
      if (path === '/orders/import') return new ApiError(404, 'Not Found');
      if (path === '/lexoffice/import') return { continue: false, affected: 0 };
      if (path === '/lexoffice/pull') return { profile: { ...profile, smallBusiness: true } };
      return undefined;
    });
    const { ImportOrdersStep } = await import('./ImportSteps');
    const onNext = vi.fn();
    renderInShell(<ImportOrdersStep progress={50} setProgress={() => undefined} onNext={onNext} />, api);
    expect(await screen.findByText('Die Bestellungen konnten nicht importiert werden')).toBeTruthy();
    expect(screen.getByText('Nicht gefunden (HTTP 404).')).toBeTruthy();
    await click('Überspringen');
    expect(onNext).toHaveBeenCalled();
  });

  it('says so when the document run ended without finishing (terminated by support), and "Erneut versuchen" asks again', async () => {
    let asked = 0;
    const { api } = scriptedApi(({ path }) => {
      if (path === '/lexoffice/import')
        return (asked += 1) === 1
          ? { continue: false, assigned: 2, status: 'failed' }
          : { continue: false, assigned: 3, status: 'done' };
      return undefined;
    });
    const { ImportDocumentsStep } = await import('./ImportSteps');
    const onNext = vi.fn();
    renderInShell(<ImportDocumentsStep progress={60} setProgress={() => undefined} onNext={onNext} />, api);
    expect(await screen.findByText('Die Belege konnten nicht importiert werden')).toBeTruthy();
    expect(screen.getByText('Der Import ist abgebrochen. Bitte versuche es erneut.')).toBeTruthy();
    expect(onNext).not.toHaveBeenCalled();
    await click('Erneut versuchen');
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(await screen.findByText('3 Belege verlinkt')).toBeTruthy();
  });

  it('blocks the tax setup below Lexware Office L and shows the small-business warning', async () => {
    const { api } = scriptedApi(({ path }) =>
      path === '/lexoffice/pull' ? { profile: { smallBusiness: true, businessFeatures: [] } } : undefined,
    );
    renderInShell(<ConnectWizard shop={connected} onClose={() => undefined} />, api);
    // Preselected: small business, matching the profile, so no warning.
    expect(((await screen.findByLabelText('Kleinunternehmer')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Konfiguration erforderlich')).toBeNull();
    fireEvent.click(screen.getByLabelText('Nur deutsche Umsatzsteuer'));
    expect(screen.getByText('Konfiguration erforderlich')).toBeTruthy();
    expect(screen.getByText('In Lexware Office ist die Kleinunternehmerregelung aktiviert.')).toBeTruthy();
    await click('Weiter');
    // Saving the choice failed (no route): the error shows, and skipping leads on.
    expect(await screen.findByText('Die Auswahl wurde nicht gespeichert')).toBeTruthy();
    await click('Überspringen');
    expect(await screen.findByText('Erfordert mindestens Lexware Office L')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Weiter' });
    expect(next.hasAttribute('disabled') || next.getAttribute('aria-disabled') === 'true').toBe(true);
  });

  it("joins another shop's connection with its code instead of a second Lexware login", async () => {
    let isConnected = false;
    const { api, calls } = scriptedApi(({ method, path, body }) => {
      if (path === '/shop') return isConnected ? connected : disconnected;
      if (method === 'POST' && path === '/lexoffice/link') {
        if ((body as { code: string }).code !== 'a1b2c3')
          return new ApiError(
            400,
            'Der Verbindungscode ist ungültig oder abgelaufen. Bitte erzeuge im anderen Shop einen neuen.',
            'BAD_REQUEST',
          );
        isConnected = true;
        return { connected: true, companyName: 'Demo GmbH', sharedWith: 'demo-de.myshopify.com' };
      }
      if (path === '/orders/import') return { affected: 0 };
      return undefined;
    });
    renderInShell(<ConnectWizard shop={disconnected} onClose={() => undefined} />, api);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    await click('Weiter');

    await click('Mit der Lexware-Verbindung eines anderen Shops verbinden');
    const field = screen.getByLabelText('Code aus dem anderen Shop');
    // An empty field is explained, not sent.
    await click('Verbinden');
    expect(screen.getByText('Bitte gib den Code aus dem anderen Shop ein.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/lexoffice/link')).toBe(false);

    fireEvent.change(field, { target: { value: 'falsch' } });
    await click('Verbinden');
    expect(await screen.findByText(/Der Verbindungscode ist ungültig oder abgelaufen/)).toBeTruthy();
    expect(screen.getByText('Schritt 2 von 7: Lexware Office verbinden')).toBeTruthy();

    fireEvent.change(field, { target: { value: ' a1b2c3 ' } });
    expect(screen.queryByText(/Der Verbindungscode ist ungültig/)).toBeNull();
    await click('Verbinden');
    // Linked: the wizard goes on as after the Lexware login, with the order import.
    expect(await screen.findAllByText('0 Bestellungen importiert', {}, { timeout: 15_000 })).not.toHaveLength(0);
    expect(celebrate).toHaveBeenCalledTimes(1);
    expect(calls).toContainEqual({ method: 'POST', path: '/lexoffice/link', body: { code: 'a1b2c3' } });
  });
});
