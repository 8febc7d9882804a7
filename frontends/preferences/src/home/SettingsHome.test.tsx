import { ApiError, BANNER_PREFIX } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { GeneralPreferencesSchema, NotificationPreferencesSchema } from '@belegfluss/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyPageRequests } from '../../../shell/early-requests.mjs';
import App from '../App';
import { SETTINGS_PAGES } from './SettingsNav';

vi.mock('./confetti', () => ({ CONFETTI_MS: 4_000, celebrateFor: vi.fn(async () => undefined) }));
const { celebrateFor } = await import('./confetti');

const shop = {
  shop: 'demo.myshopify.com',
  name: 'Demo',
  permissions: [],
  lexoffice: { isConnected: true, connectedAt: '2025-10-03T09:12:00Z', profile: { companyName: 'Demo GmbH' } },
};
const automation = {
  invoiceCreate: 'all',
  creditCreate: 'all',
  transactionCreate: false,
  transactionFees: false,
  transactionHints: false,
};

/** A gateway that keeps what is saved, so the page shows the server's answer after each change. */
function home(routes: Record<string, unknown> = {}) {
  let general = GeneralPreferencesSchema.parse({});
  let notifications = NotificationPreferencesSchema.parse({});
  let switches: Record<string, unknown> = { ...automation };
  const api = fakeApi({
    '/shop': shop,
    '/shop/smtp': { smtp: null },
    '/preferences/invoices': {
      section: 'invoices',
      value: { invoiceSendMail: { enabled: false }, invoiceFinalize: true },
    },
    '/preferences/credits': { section: 'credits', value: { creditSendMailEnabled: false, creditFinalize: true } },
    'GET /preferences': () => switches,
    'PATCH /preferences': (body: Record<string, unknown>) => {
      switches = { ...switches, ...body };
      return {
        ...switches,
        forced: [],
        warnings: body.transactionHints ? ['Hinweise erfordern finalisierte Belege'] : [],
      };
    },
    'GET /preferences/general': () => ({ section: 'general', value: general }),
    'PATCH /preferences/general': (body: Record<string, unknown>) => {
      general = GeneralPreferencesSchema.parse({ ...general, ...body });
      return { section: 'general', value: general, forced: [], warnings: [] };
    },
    'GET /preferences/notifications': () => ({ section: 'notifications', value: notifications }),
    'PATCH /preferences/notifications': (body: Record<string, unknown>) => {
      notifications = NotificationPreferencesSchema.parse({ ...notifications, ...body });
      return { section: 'notifications', value: notifications, forced: [], warnings: [] };
    },
    ...routes,
  });
  const navigate = vi.fn();
  renderRemote(App, { basePath: '/preferences', api, navigate });
  return {
    api,
    navigate,
    patches: (path: string) => api.calls.filter((c) => c.method === 'PATCH' && c.path === path).map((c) => c.body),
  };
}
const region = async (name: string) => within(await screen.findByRole('region', { name }));

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(celebrateFor).mockClear();
});

describe('settings home', () => {
  it('asks first for what the shell’s page asks for early when a visit lands here, and the shop', async () => {
    const { api } = home();
    const gets = () => [...new Set(api.calls.filter((c) => c.method === 'GET').map((c) => c.path))].sort();
    await waitFor(() =>
      expect(gets()).toEqual([...earlyPageRequests('/preferences', '', '2026-10', 25), '/shop'].sort()),
    );
  });

  it('links every settings page with a line about it', async () => {
    const { navigate } = home();
    const nav = within(await screen.findByRole('navigation', { name: 'Einstellungsseiten' }));
    for (const page of [
      'Rechnungen',
      'Gutschriften',
      'Kontakte',
      'Bestellungen',
      'Umsätze',
      'Metafelder',
      'E-Mail-Versand',
    ]) {
      fireEvent.click(nav.getByRole('button', { name: `${page} öffnen` }));
    }
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(SETTINGS_PAGES.map((p) => `/preferences${p.path}`));
    expect(navigate.mock.calls.map(([to]) => to)).toEqual([
      '/preferences/invoices',
      '/preferences/credits',
      '/preferences/contacts',
      '/preferences/orders',
      '/preferences/transactions',
      '/preferences/metafields',
      '/preferences/mail',
    ]);
    expect(
      nav.getByText('Welche Bestellungen verarbeitet werden, Steuerkorrekturen und der Zahlungsstatus.'),
    ).toBeTruthy();
  });

  it('saves the receipt language on change and says so', async () => {
    const { patches } = home();
    const language = await screen.findByLabelText('Belegsprache');
    expect((language as HTMLSelectElement).value).toBe('de');
    fireEvent.change(language, { target: { value: 'en' } });
    const card = await region('Sprache der Belege');
    expect(await card.findByText('Gespeichert')).toBeTruthy();
    expect(patches('/preferences/general')).toEqual([{ language: 'en' }]);
    expect(((await screen.findByLabelText('Belegsprache')) as HTMLSelectElement).value).toBe('en');
  });

  it('shows "Gespeichert" for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      home();
      fireEvent.click(await screen.findByLabelText('Expertenmodus'));
      const card = await region('App-Einstellungen');
      expect(await card.findByText('Gespeichert')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(4_900);
      });
      expect(card.queryByText('Gespeichert')).not.toBeNull();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(card.queryByText('Gespeichert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("toggles a notification, checks the e-mail with the shared rule and shows the server's field error", async () => {
    const { patches } = home({
      'PATCH /preferences/general': (body: Record<string, unknown>) =>
        new ApiError(400, 'Gültige E-Mail-Adresse erforderlich', 'VALIDATION', {
          error: 'VALIDATION',
          message: 'Gültige E-Mail-Adresse erforderlich',
          field: Object.keys(body)[0],
        }),
    });
    fireEvent.click(await screen.findByLabelText('Übertragungen bald aufgebraucht'));
    await waitFor(() => expect(patches('/preferences/notifications')).toEqual([{ creditsExhaustedSoon: false }]));
    expect(await (await region('Benachrichtigungen')).findByText('Gespeichert')).toBeTruthy();
    expect(((await screen.findByLabelText('Übertragungen bald aufgebraucht')) as HTMLInputElement).checked).toBe(false);

    const email = screen.getByLabelText('E-Mail für Benachrichtigungen');
    fireEvent.change(email, { target: { value: 'keine-adresse' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Gültige E-Mail-Adresse erforderlich')).toBeTruthy();
    expect(patches('/preferences/general')).toEqual([]);

    // The shared rule passes it, the server refuses it: the message stands at the field.
    fireEvent.change(email, { target: { value: 'info@laden.de' } });
    fireEvent.blur(email);
    await waitFor(() => expect(patches('/preferences/general')).toEqual([{ email: 'info@laden.de' }]));
    expect(await screen.findByText('Gültige E-Mail-Adresse erforderlich')).toBeTruthy();
  });

  it('turns on expert mode and picks the start page', async () => {
    const { patches } = home();
    fireEvent.click(await screen.findByLabelText('Expertenmodus'));
    await waitFor(() => expect((screen.getByLabelText('Expertenmodus') as HTMLInputElement).checked).toBe(true));
    fireEvent.change(screen.getByLabelText('Startseite'), { target: { value: 'orders' } });
    await waitFor(() => expect(patches('/preferences/general')).toEqual([{ expertMode: true }, { home: 'orders' }]));
    expect(await (await region('App-Einstellungen')).findAllByText('Gespeichert')).toHaveLength(1);
  });

  it("plays confetti when all three automations become enabled, and shows the server's warning", async () => {
    home();
    expect(await screen.findByText('Teilweise automatisiert')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Umsätze automatisch erstellen'));
    expect(await screen.findByText('Automatisiert')).toBeTruthy();
    await waitFor(() => expect(celebrateFor).toHaveBeenCalledTimes(1));

    // A further change that stays automated plays nothing.
    fireEvent.click(screen.getByLabelText('Zuordnungshinweise setzen'));
    expect(await screen.findByText('Hinweise erfordern finalisierte Belege')).toBeTruthy();
    expect(celebrateFor).toHaveBeenCalledTimes(1);
  });

  it('remembers a dismissed banner under App:banner: and resets dismissed hints', async () => {
    home();
    fireEvent.click(
      within(
        (await screen.findByText('Änderungen werden sofort gespeichert')).closest('.Polaris-Banner') as HTMLElement,
      ).getByRole('button'),
    );
    await waitFor(() => expect(screen.queryByText('Änderungen werden sofort gespeichert')).toBeNull());
    expect(window.localStorage.getItem(`${BANNER_PREFIX}settings-autosave`)).not.toBeNull();
    window.localStorage.setItem(`${BANNER_PREFIX}tips`, 'x');
    window.localStorage.setItem('belegfluss:shop', 'demo.myshopify.com');

    fireEvent.click(await screen.findByRole('button', { name: 'Hinweise zurücksetzen' }));
    expect(await screen.findByText('Hinweise zurückgesetzt')).toBeTruthy();
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith(BANNER_PREFIX))).toEqual([]);
    expect(window.localStorage.getItem('belegfluss:shop')).toBe('demo.myshopify.com');
  });

  it('stays dismissed on the next visit', async () => {
    window.localStorage.setItem(`${BANNER_PREFIX}settings-autosave`, '2025-11-20T10:00:00Z');
    home();
    expect(await screen.findByText('Demo GmbH')).toBeTruthy();
    expect(screen.queryByText('Änderungen werden sofort gespeichert')).toBeNull();
  });

  it('disconnects Lexware Office after asking', async () => {
    const { api } = home({ 'DELETE /lexoffice': { disconnected: true, revoked: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Verbindung trennen' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/keine Rechnungen, Gutschriften und Umsätze mehr an/)).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Verbindung trennen' })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/lexoffice')).toBe(true));
  });

  it('hands out a code for sharing the connection with another shop, with its expiry and a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { api } = home({ 'POST /lexoffice/link-code': { code: 'c0ffee12', validMinutes: 10 } });
    const before = Date.now();
    fireEvent.click(await screen.findByRole('button', { name: 'Verbindung mit einem weiteren Shop teilen' }));
    expect((await screen.findByLabelText('Verbindungscode')).textContent).toBe('c0ffee12');
    const until = screen.getByText(/^gültig bis \d\d:\d\d$/).textContent!;
    const expected = [0, 60_000].map(
      (slack) =>
        `gültig bis ${new Date(before + 10 * 60_000 + slack).toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' })}`,
    );
    expect(expected).toContain(until);
    expect(screen.getByText(/Öffne Belegfluss im anderen Shop/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Code kopieren' })));
    expect(writeText).toHaveBeenCalledWith('c0ffee12');
    expect(screen.getByRole('button', { name: 'Kopiert' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/lexoffice/link-code')).toHaveLength(1);
  });

  it('says after disconnecting that the other shops keep the shared connection', async () => {
    let connected = true;
    home({
      '/shop': () =>
        connected ? shop : { ...shop, lexoffice: { isConnected: false, connectedAt: null, profile: null } },
      'DELETE /lexoffice': () => {
        connected = false;
        return { disconnected: true, revoked: false, sharedWith: ['demo-at.myshopify.com'] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verbindung trennen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Verbindung trennen' })));
    expect(
      await screen.findByText(
        'Dieser Shop ist getrennt. Der Shop demo-at.myshopify.com nutzt dieselbe Verbindung und bleibt mit Lexware Office verbunden.',
      ),
    ).toBeTruthy();
  });

  it("joins another shop's connection with a code and shows the gateway's German error inline", async () => {
    let connected = false;
    const { api } = home({
      '/shop': () =>
        connected ? shop : { ...shop, lexoffice: { isConnected: false, connectedAt: null, profile: null } },
      'POST /lexoffice/link': (body: { code: string }) => {
        if (body.code === 'schon')
          return new ApiError(
            409,
            'Dieser Shop ist schon mit Lexware Office verbunden. Bitte trenne die Verbindung zuerst.',
            'ALREADY_CONNECTED',
          );
        connected = true;
        return { connected: true, companyName: 'Demo GmbH', sharedWith: 'demo-de.myshopify.com' };
      },
    });
    const field = await screen.findByLabelText('Code aus dem anderen Shop');
    fireEvent.change(field, { target: { value: 'schon' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verbinden' })));
    expect(await screen.findByText(/Dieser Shop ist schon mit Lexware Office verbunden/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'c0ffee12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verbinden' })));
    // Connected: the card shows the shared organisation and offers sharing in turn.
    expect(await screen.findByRole('button', { name: 'Verbindung mit einem weiteren Shop teilen' })).toBeTruthy();
    expect(screen.getByText('Demo GmbH')).toBeTruthy();
    expect(screen.queryByLabelText('Code aus dem anderen Shop')).toBeNull();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/lexoffice/link', body: { code: 'c0ffee12' } });
  });
});
