import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

const shop = { shop: 'demo.myshopify.com', name: 'Demo', partner: false, permissions: ['view_dashboard'] };

describe('admin remote', () => {
  it('lists the shops from /admin/shops', async () => {
    renderRemote(App, {
      basePath: '/admin',
      api: fakeApi({ '/shop': shop, '/admin/shops': { items: [{ shop: 'kaffee.myshopify.com', name: 'Kaffeerösterei', plan: { name: 'Basic' }, isConnected: true }] } }),
    });
    expect(await screen.findByText('kaffee.myshopify.com')).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
  });

  it('shows an honest error when the list is not available', async () => {
    renderRemote(App, { basePath: '/admin', api: fakeApi({ '/shop': shop }) });
    expect(await screen.findByText('Die Shops konnten nicht geladen werden')).toBeTruthy();
  });

  it('needs view_dashboard', async () => {
    renderRemote(App, { basePath: '/admin', api: fakeApi({ '/shop': { ...shop, permissions: [] } }) });
    expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
  });
});
