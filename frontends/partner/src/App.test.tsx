import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

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

  it('is only for partners', async () => {
    renderRemote(App, { basePath: '/partner', api: fakeApi({ '/shop': { ...shop, partner: false } }) });
    expect(await screen.findByText('Nur für Partner')).toBeTruthy();
  });
});
