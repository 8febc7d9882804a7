import { eventLogPath, type ApiClient } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

const DESK = 'zentrale.myshopify.com';
const CUSTOMER = 'kunde.myshopify.com';
const person = (role: 'support' | 'operator', userId: string, name: string | null = null) => ({
  shop: DESK,
  name: 'Zentrale',
  partner: false,
  permissions: [],
  isAdmin: true,
  staff: { role, userId, shop: DESK, name },
});
const workflow = {
  workflowId: `order:${CUSTOMER}:1001`,
  runId: 'r1',
  type: 'orderWorkflow',
  status: 'RUNNING',
  startTime: '2026-11-20T10:00:00Z',
  orderName: '#1001',
  url: 'http://temporal.example/wf',
};

/** The shop page of `target`, as `session` sees it, with one log entry of an earlier operator action. */
function shopPage(session: ReturnType<typeof person>, target = CUSTOMER) {
  const base = `/admin/shops/${encodeURIComponent(target)}`;
  const api = fakeApi({
    '/shop': session,
    [`${base}/settings`]: { permissions: ['view_orders'], partner: true, allowance: 0.3 },
    [`PATCH ${base}/settings`]: (body: unknown) => body,
    [`${base}/workflows`]: { items: [workflow], url: 'http://temporal.example/list' },
    [eventLogPath(`${base}/logs`, { sort: 'date desc', search: '', origin: [], status: [], page: 1 })]: {
      items: [
        {
          id: 1,
          _key: '1',
          origin: 'shop',
          event: 'admin.action',
          status: 'info',
          createdAt: '2026-11-26T09:00:00Z',
          body: {
            action: 'settings',
            admin: DESK,
            adminUser: '7',
            adminName: 'Olga Betrieb',
            adminRole: 'operator',
          },
        },
      ],
      hasNext: false,
      hasPrevious: false,
    },
    '/admin/help-requests?page=1&shop=kunde.myshopify.com': { items: [], hasNext: false },
  });
  renderRemote(App, { basePath: '/admin', path: `/shops/${encodeURIComponent(target)}`, api: api as ApiClient });
  return api;
}

describe('a shop in the admin area', () => {
  it('shows support the settings without letting them change them, and no button to end a workflow', async () => {
    shopPage(person('support', '8', 'Susi Support'));
    expect(await screen.findByText('Berechtigungen, Partnerstatus und Provision ändert nur der Betrieb.')).toBeTruthy();
    expect(screen.getByLabelText('Partner (Partnerprogramm und Coupons)')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Provision des Partners')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Berechtigungen')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Neu starten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Beenden' })).toBeNull();
    expect(screen.getByText('Angemeldet als Support: Susi Support (Nutzer 8, zentrale.myshopify.com)')).toBeTruthy();
    // Who acted before is named in the shop's log.
    expect(
      await screen.findByText(
        'Betrieb Olga Betrieb (Nutzer 7, zentrale.myshopify.com): Berechtigungen oder Partnerstatus geändert',
      ),
    ).toBeTruthy();
  });

  it('lets the operator save the settings and end a workflow', async () => {
    const api = shopPage(person('operator', '7'));
    // Saved as loaded: the form shows the shop's settings before the operator saves them.
    await screen.findByDisplayValue('view_orders', {}, { timeout: 10_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    await waitFor(
      () =>
        expect(api.calls).toContainEqual({
          method: 'PATCH',
          path: `/admin/shops/${CUSTOMER}/settings`,
          body: { permissions: ['view_orders'], partner: true, allowance: 0.3 },
        }),
      { timeout: 10_000 },
    );
    expect(await screen.findByRole('button', { name: 'Beenden' })).toBeTruthy();
  });

  it("keeps the operator's own shop locked", async () => {
    shopPage(person('operator', '7'), DESK);
    expect(await screen.findByText(STAFF_MESSAGES.ownShop)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});
