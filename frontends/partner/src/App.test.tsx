import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';
import { PARTNERS_ONLY } from './partner';

const shop = {
  shop: 'demo.myshopify.com',
  name: 'Demo',
  partner: true,
  permissions: [],
  lexoffice: { isConnected: false },
};

describe('partner remote', () => {
  it('shows the partner figures from /partner', async () => {
    renderRemote(App, {
      basePath: '/partner',
      api: fakeApi({
        '/shop': shop,
        '/partner': { allowance: 0.5, coupons: { count: 3, views: 120, redemptions: 7 } },
      }),
    });
    expect(await screen.findByText('Deine Provision')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('Coupons (max. 10)')).toBeTruthy();
  });

  it('says so honestly when the partner data cannot be loaded', async () => {
    renderRemote(App, { basePath: '/partner', api: fakeApi({ '/shop': shop }) });
    expect(await screen.findByText('Die Partnerdaten konnten nicht geladen werden')).toBeTruthy();
  });

  it('is only for partners, on the overview and on every page below it', async () => {
    for (const path of ['/', '/coupons', '/payouts']) {
      const api = fakeApi({ '/shop': { ...shop, partner: false } });
      const view = renderRemote(App, { basePath: '/partner', path, api });
      expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
      expect(screen.getByText(PARTNERS_ONLY)).toBeTruthy();
      expect(api.calls.map((c) => c.path)).toEqual(['/shop']);
      view.unmount();
    }
  });

  it('says who may see a page when the gateway refuses it with a 403', async () => {
    const refusal = 'Nur für Partner: Dieser Shop nimmt nicht am Partnerprogramm teil.';
    const api = fakeApi({ '/shop': shop, '/partner/payouts': new ApiError(403, refusal, 'FORBIDDEN') });
    renderRemote(App, { basePath: '/partner', path: '/payouts', api });
    expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
    expect(screen.getByText(PARTNERS_ONLY)).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});
