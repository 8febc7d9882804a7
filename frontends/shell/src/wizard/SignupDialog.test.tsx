import { ApiError } from '@belegfluss/frontend-kit';
import { SIGNUP_MESSAGES } from '@belegfluss/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi } from '../test/api';
import { shopFixture } from '../test/fixtures';
import { renderInShell } from '../test/render';
import { ConnectWizard } from './ConnectWizard';

vi.mock('./confetti', () => ({ celebrate: vi.fn(async () => undefined) }));

const disconnected = shopFixture({ lexoffice: { isConnected: false, connectedAt: null, profile: null } });
const REGISTRATION = 'https://lexware.example/signup?email=nora%40laden.de';
const click = (name: string | RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const emailField = () => screen.getByLabelText('E-Mail-Adresse');
const termsBox = () => screen.getByRole('checkbox', { name: /AGB.*Datenschutzhinweise/ });

function fakePopup() {
  return { closed: false, location: { href: '' }, close: vi.fn() };
}

function openWizard(handler: Parameters<typeof scriptedApi>[0]) {
  const scripted = scriptedApi(handler);
  renderInShell(<ConnectWizard shop={disconnected} onClose={vi.fn()} />, scripted.api);
  return scripted;
}

afterEach(() => vi.restoreAllMocks());

describe('the account-opening dialog', () => {
  it("shows the spec's texts and sends nothing until the e-mail and the terms are right", async () => {
    const open = vi.spyOn(window, 'open');
    const { calls } = openWizard(() => undefined);
    await click('Konto eröffnen');
    expect(screen.getByText('Lexware-Office-Konto eröffnen')).toBeTruthy();

    await click('Konto eröffnen');
    expect(screen.getByText(SIGNUP_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(SIGNUP_MESSAGES.acceptTerms)).toBeTruthy();

    fireEvent.change(emailField(), { target: { value: 'nora neu@laden.de' } });
    expect(screen.queryByText(SIGNUP_MESSAGES.emailRequired)).toBeNull();
    await click('Konto eröffnen');
    expect(screen.getByText(SIGNUP_MESSAGES.emailInvalid)).toBeTruthy();

    fireEvent.change(emailField(), { target: { value: 'nora@laden.de' } });
    await click('Konto eröffnen');
    expect(screen.getByText(SIGNUP_MESSAGES.acceptTerms)).toBeTruthy();
    expect(screen.queryByText(SIGNUP_MESSAGES.emailInvalid)).toBeNull();
    expect(calls).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'AGB' }).getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('opens the registration in the 800×700 popup and, once it closes, goes on to the authorisation', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { calls } = openWizard(({ path }) => (path === '/lexoffice/signup' ? { url: REGISTRATION } : undefined));
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    await click('Konto eröffnen');
    fireEvent.change(emailField(), { target: { value: 'nora@laden.de' } });
    fireEvent.click(termsBox());
    await click('Konto eröffnen');

    expect(open.mock.calls[0]?.[2]).toMatch(/width=800,height=700/);
    await waitFor(() => expect(popup.location.href).toBe(REGISTRATION));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/lexoffice/signup',
        body: { email: 'nora@laden.de', acceptTerms: true },
        headers: undefined,
      },
    ]);
    expect(screen.getByText('Warte auf die Registrierung bei Lexware Office …')).toBeTruthy();

    popup.closed = true;
    expect(await screen.findByText('Schritt 2 von 7: Lexware Office verbinden', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mit Lexware Office verbinden' })).toBeTruthy();
  });

  it("without the wizard's two ticks, returns to them after the account is opened", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    openWizard(({ path }) => (path === '/lexoffice/signup' ? { url: REGISTRATION } : undefined));
    await click('Konto eröffnen');
    fireEvent.change(emailField(), { target: { value: 'nora@laden.de' } });
    fireEvent.click(termsBox());
    await click('Konto eröffnen');
    popup.closed = true;
    expect(await screen.findByText('Dein Lexware-Office-Konto ist eröffnet', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Schritt 1 von 7: Bedingungen')).toBeTruthy();
  });

  it("shows the gateway's field error at its field and closes the popup", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    openWizard(
      () =>
        new ApiError(400, 'Diese Adresse kennt Lexware nicht', 'VALIDATION', {
          error: 'VALIDATION',
          message: 'Diese Adresse kennt Lexware nicht',
          field: 'email',
        }),
    );
    await click('Konto eröffnen');
    fireEvent.change(emailField(), { target: { value: 'nora@laden.de' } });
    fireEvent.click(termsBox());
    await click('Konto eröffnen');
    expect(await screen.findByText('Diese Adresse kennt Lexware nicht')).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });
});
