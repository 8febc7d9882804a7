import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from '../App';
import { normalizePartnerCode, partnerCodeError } from './coupons';
import { preferencesBody } from './PartnerPreferencesPage';
import { receiptBlob } from './PayoutsPage';
import { redemptionsPath } from './RedemptionsPage';

const shop = {
  shop: 'demo.myshopify.com',
  name: 'Demo',
  partner: true,
  permissions: [],
  lexoffice: { isConnected: false },
};
const coupons = {
  items: [
    {
      code: 'KAFFEE-10',
      type: '3',
      value: 50,
      intervals: 3,
      views: 4,
      redemptions: 1,
      createdAt: '2026-11-01T00:00:00Z',
    },
  ],
  max: 10,
};
const codeError = (code: string) =>
  new ApiError(409, 'Dieser Code ist nicht verfügbar', code, {
    error: code,
    message: 'Dieser Code ist nicht verfügbar',
    field: 'code',
  });

describe('partner coupon rules', () => {
  it('normalises and checks the code', () => {
    expect(normalizePartnerCode('kaffee  --10!')).toBe('KAFFEE-10');
    expect(partnerCodeError('')).toBe('Darf nicht leer sein');
    expect(partnerCodeError('ABC')).toBe('Mindestens 4 Zeichen');
    expect(partnerCodeError('A'.repeat(31))).toBe('Maximal 30 Zeichen');
    expect(partnerCodeError('-ABC')).toBe('Der Code ist ungültig');
    expect(partnerCodeError('KAFFEE-10')).toBeUndefined();
  });
});

describe('partner pages', () => {
  it('lists coupons and creates one through /coupons/new, showing the gateway’s code as a field error first', async () => {
    const navigate = vi.fn();
    let tries = 0;
    const api = fakeApi({
      '/shop': shop,
      '/partner/coupons': coupons,
      'POST /partner/coupons/SOMMER': () =>
        ++tries === 1 ? codeError('NOT_AVAILABLE') : { message: 'Coupon erstellt' },
    });
    renderRemote(App, { basePath: '/partner', path: '/coupons/new', navigate, api });
    expect(await screen.findByText('KAFFEE-10')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'so' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByText('Mindestens 4 Zeichen')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'sommer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(await within(dialog).findByText('Dieser Code ist nicht verfügbar')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect((await screen.findAllByText('Coupon erstellt')).length).toBeGreaterThan(0);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ type: '3' }, { type: '3' }]);
    expect(navigate).toHaveBeenCalledWith('/partner/coupons');
  });

  it('deletes a coupon after the confirmation at /coupons/confirm?code=', async () => {
    const api = fakeApi({
      '/shop': shop,
      '/partner/coupons': coupons,
      'DELETE /partner/coupons/KAFFEE-10': { deleted: 1, message: '1 Coupon(s) gelöscht' },
    });
    renderRemote(App, {
      basePath: '/partner',
      path: '/coupons/confirm',
      search: '?code=KAFFEE-10',
      navigate: vi.fn(),
      api,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Coupon KAFFEE-10 löschen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect((await screen.findAllByText('1 Coupon(s) gelöscht')).length).toBeGreaterThan(0);
  });

  it('asks for redemptions with tab, sort and search', async () => {
    expect(redemptionsPath('verified', 'provision', ' kaffee ')).toBe(
      '/partner/redemptions?tab=verified&sort=provision&search=kaffee',
    );
    const api = fakeApi({
      '/shop': shop,
      '/partner/redemptions?tab=all&sort=oldest': {
        items: [
          {
            id: 'r1',
            coupon: 'KAFFEE-10',
            shop: 'tee.myshopify.com',
            status: 'verified',
            plan: 'standard',
            provision: 9.5,
            createdAt: '2026-10-01T00:00:00Z',
            subscribedAt: null,
          },
        ],
      },
    });
    renderRemote(App, { basePath: '/partner', path: '/redemptions', search: '?sort=oldest', api });
    expect(await screen.findByText('tee.myshopify.com')).toBeTruthy();
    expect(screen.getAllByText('Bestätigt').length).toBeGreaterThan(0);
  });

  it('shows a payout that went back to the balance, with its reason and the account it was made for', async () => {
    const api = fakeApi({
      '/shop': shop,
      '/partner/payouts': {
        items: [
          {
            id: '5d2a9c1e-0000-4000-8000-000000000001',
            status: 'failed',
            provisions: 64.4,
            fee: 0,
            gateway: 'bank',
            recipient: 'DE02120300000000202051',
            recipientName: 'Grenzgänger',
            bic: 'BNPAFRPPXXX',
            failure: 'Die BIC gehört zu einer Bank in Frankreich; die Provisionen sind wieder in deinem Guthaben',
            timespan: { start: '2026-10-01', end: '2026-12-01' },
            paymentAt: null,
            createdAt: '2026-12-01T05:00:00.000Z',
          },
        ],
      },
    });
    renderRemote(App, { basePath: '/partner', path: '/payouts', api });
    expect(await screen.findByText('Nicht ausgezahlt')).toBeTruthy();
    expect(screen.getByText(/die Provisionen sind wieder in deinem Guthaben/)).toBeTruthy();
    expect(screen.getByText(/Grenzgänger · DE02120300000000202051/)).toBeTruthy();
    // 0.035 * 100 is 3.5000000000000004 in floating point
    expect(screen.getByText(/PayPal kostet 3,5 % Gebühr, SEPA nichts/)).toBeTruthy();
  });

  it('shows why a payout was not requested and links to the payout data', async () => {
    const api = fakeApi({
      '/shop': shop,
      '/partner/payouts': { items: [] },
      'POST /partner/payouts': new ApiError(
        422,
        'Bitte hinterlege zuerst deine Auszahlungsdaten in den Partner-Einstellungen.',
        'NO_GATEWAY',
        {},
      ),
    });
    renderRemote(App, { basePath: '/partner', path: '/payouts', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Auszahlung anfordern' }));
    expect(
      await screen.findByText('Bitte hinterlege zuerst deine Auszahlungsdaten in den Partner-Einstellungen.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Auszahlungsdaten hinterlegen' }).getAttribute('href')).toBe(
      '/partner/preferences',
    );
    expect(receiptBlob({ mimetype: 'application/pdf', content: btoa('%PDF-1.7') }).type).toBe('application/pdf');
  });

  it('checks the partner data with the shared rules before saving', async () => {
    const api = fakeApi({
      '/shop': shop,
      '/partner/preferences': {
        email: null,
        taxId: null,
        vatId: null,
        address: null,
        language: 'de',
        gateway: null,
        paypalEmail: null,
        bankName: null,
        iban: null,
        bic: null,
      },
      'PATCH /partner/preferences': { message: 'Gespeichert' },
    });
    renderRemote(App, { basePath: '/partner', path: '/preferences', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(screen.getAllByText('Pflichtfeld').length).toBeGreaterThan(0);
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'partner@example.de' } });
    fireEvent.change(screen.getByLabelText('Steuernummer'), { target: { value: '21/815/08150' } });
    fireEvent.change(screen.getByLabelText('Kontoinhaber oder Bank'), { target: { value: 'Erika Partner' } });
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'DE89 3704 0044 0532 0130 00' } });
    // A French bank's BIC for a German account: refused on the BIC field before anything is sent.
    fireEvent.change(screen.getByLabelText('BIC'), { target: { value: 'BNPAFRPPXXX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Die BIC gehört zu einer Bank in Frankreich/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('BIC'), { target: { value: 'COBADEFFXXX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findAllByText('Gespeichert')).length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      gateway: 'bank',
      email: 'partner@example.de',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
  });

  it('sends only the chosen gateway’s fields', () => {
    const base = {
      email: 'a@b.de',
      taxId: '123',
      vatId: '',
      street: '',
      zip: '',
      city: '',
      countryCode: 'DE',
      paypalEmail: 'p@b.de',
      bankName: 'X',
      iban: 'I',
      bic: 'B',
      language: 'de' as const,
    };
    expect(preferencesBody({ ...base, gateway: 'paypal' })).toEqual({
      gateway: 'paypal',
      email: 'a@b.de',
      taxId: '123',
      language: 'de',
      paypalEmail: 'p@b.de',
    });
  });
});
