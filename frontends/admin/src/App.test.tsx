import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import App from './App';
import { shopsPath } from './ShopList';
import { earlyPageRequests } from '../../shell/early-requests.mjs';

const shop = {
  shop: 'demo.myshopify.com',
  name: 'Demo',
  partner: false,
  permissions: [],
  isAdmin: true,
  staff: { role: 'support', userId: '42', shop: 'demo.myshopify.com', name: 'Susi Support' },
};

describe('admin remote', () => {
  it('lists the shops from /admin/shops', async () => {
    renderRemote(App, {
      basePath: '/admin',
      api: fakeApi({
        '/shop': shop,
        '/admin/shops?page=1': {
          items: [
            {
              shop: 'kaffee.myshopify.com',
              name: 'Kaffeerösterei',
              plan: { name: 'Basic' },
              isConnected: true,
              workflowsUrl:
                'http://temporal.example/namespaces/default/workflows?query=ShopDomain%3D%22kaffee.myshopify.com%22',
            },
            { shop: 'tee.myshopify.com', name: 'Teeladen', plan: 'free' },
          ],
          hasNext: false,
        },
      }),
    });
    expect(await screen.findByText('kaffee.myshopify.com')).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'In Temporal öffnen' });
    expect(link.getAttribute('href')).toContain('ShopDomain%3D%22kaffee.myshopify.com%22');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Temporal UI nicht eingerichtet')).toBeTruthy();
    expect(
      await screen.findByText('Angemeldet als Support: Susi Support (Nutzer 42, demo.myshopify.com)'),
    ).toBeTruthy();
  });

  it('names the person signed in above the list as soon as the session is known, and holds the first view until the list is there', async () => {
    let answer: (value: unknown) => void = () => {};
    const list = new Promise((resolve) => (answer = resolve));
    const { container } = renderRemote(App, {
      basePath: '/admin',
      api: fakeApi({ '/shop': shop, '/admin/shops?page=1': () => list }),
    });
    const line = await screen.findByText('Angemeldet als Support: Susi Support (Nutzer 42, demo.myshopify.com)');
    // Above the search and the list: it never moves when the list arrives.
    const search = screen.getByPlaceholderText('Shop-Domain oder Name');
    expect(line.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // index.html's first view of this page stays while the list loads, and goes with it.
    expect(container.querySelector('[data-first-paint-holds]')).not.toBeNull();
    answer({ items: [{ shop: 'kaffee.myshopify.com' }], hasNext: false });
    expect(await screen.findByText('kaffee.myshopify.com')).toBeTruthy();
    expect(container.querySelector('[data-first-paint-holds]')).toBeNull();
  });

  it('asks first for the page index.html asks for early', () => {
    expect(earlyPageRequests('/admin', '', '2026-10', 25)).toEqual([shopsPath('', 1)]);
  });

  it('asks the gateway with the search term', () => {
    expect(shopsPath(' kaffee ', 2)).toBe('/admin/shops?page=2&search=kaffee');
  });

  it('shows an honest error when the list is not available', async () => {
    renderRemote(App, { basePath: '/admin', api: fakeApi({ '/shop': shop }) });
    expect(await screen.findByText('Die Shops konnten nicht geladen werden')).toBeTruthy();
  });

  it('stays closed to a shop with view_dashboard whose person is not listed', async () => {
    const api = fakeApi({ '/shop': { ...shop, permissions: ['view_dashboard'], isAdmin: false, staff: null } });
    renderRemote(App, { basePath: '/admin', api });
    expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
    expect(screen.getByText(STAFF_MESSAGES.notListed)).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/shop']);
  });

  it('says who may see the area when the gateway refuses a list with a 403, with its reason', async () => {
    const api = fakeApi({
      '/shop': shop,
      '/admin/downtimes': new ApiError(403, STAFF_MESSAGES.operatorOnly, 'OPERATOR_ONLY'),
    });
    renderRemote(App, { basePath: '/admin', path: '/downtimes', api });
    expect(await screen.findByText('Keine Berechtigung')).toBeTruthy();
    expect(screen.getByText(STAFF_MESSAGES.notListed)).toBeTruthy();
    expect(screen.getByText(STAFF_MESSAGES.operatorOnly)).toBeTruthy();
    // The form stays: only the list was refused.
    expect(screen.getByRole('button', { name: 'Wartung anlegen' })).toBeTruthy();
  });

  it('shows no refusal while the session is still loading', () => {
    const { container } = renderRemote(App, {
      basePath: '/admin',
      path: '/help',
      api: { ...fakeApi({}), get: () => new Promise(() => undefined) },
    });
    expect(screen.queryByText('Keine Berechtigung')).toBeNull();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).not.toBeNull();
  });
});
