import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { ADMIN_COUPON_MESSAGES } from '@belegfluss/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from './App';

const operator = {
  shop: 'betrieb.myshopify.com',
  name: 'Betrieb',
  partner: false,
  permissions: [],
  isAdmin: true,
  staff: { role: 'operator', userId: '601', shop: 'betrieb.myshopify.com', name: 'Otto Betrieb' },
};

function couponsApi(shop: Record<string, unknown> = operator) {
  const items: Record<string, unknown>[] = [];
  return fakeApi({
    '/shop': shop,
    'GET /admin/coupons': () => ({ items }),
    'POST /admin/coupons': (body: Record<string, unknown>) => {
      if (body.code === 'SOMMER-25' && items.some((c) => c.code === 'SOMMER-25'))
        return new ApiError(409, ADMIN_COUPON_MESSAGES.exists, 'EXISTS', {
          error: 'EXISTS',
          message: ADMIN_COUPON_MESSAGES.exists,
          field: 'code',
        });
      items.push({ ...body, redemptions: 0, comment: null });
      return { coupon: body, message: 'Coupon erstellt' };
    },
  });
}

describe('admin coupons', () => {
  it('lets the operator create a coupon, names bad input in German before sending, and lists it', async () => {
    const api = couponsApi();
    renderRemote(App, { basePath: '/admin', path: '/coupons', api });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'sommer 25' } });
    fireEvent.change(screen.getByLabelText('Rabatt in %'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Coupon erstellen' }));
    expect(await screen.findByText(ADMIN_COUPON_MESSAGES.percent)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Rabatt in %'), { target: { value: '25' } });
    fireEvent.click(screen.getByLabelText('Standard'));
    fireEvent.click(screen.getByRole('button', { name: 'Coupon erstellen' }));
    expect(await screen.findByText('SOMMER-25')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      code: 'SOMMER-25',
      type: 'percent',
      value: 25,
      intervals: 1,
      plans: ['standard'],
    });
    expect(screen.getByText('25 %')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SOMMER-25' } });
    fireEvent.change(screen.getByLabelText('Rabatt in %'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Coupon erstellen' }));
    expect(await screen.findByText(ADMIN_COUPON_MESSAGES.exists)).toBeTruthy();
  });

  it('offers PARTNER only the plans above 1,999 transfers', async () => {
    renderRemote(App, { basePath: '/admin', path: '/coupons', api: couponsApi() });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'partner' } });
    await waitFor(() => expect(screen.queryByLabelText('Premium')).toBeNull());
    expect(screen.getByLabelText('Business')).toBeTruthy();
    expect(screen.getByText(`Tarife: ${ADMIN_COUPON_MESSAGES.partnerPlans}`)).toBeTruthy();
  });

  it('shows support staff the list without the form', async () => {
    const support = { ...operator, staff: { ...operator.staff, role: 'support' } };
    renderRemote(App, { basePath: '/admin', path: '/coupons', api: couponsApi(support) });
    expect(await screen.findByText('Coupons legt nur der Betrieb an.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Coupon erstellen' })).toBeNull();
    expect(await screen.findByText('Noch keine Coupons ohne Partner')).toBeTruthy();
  });
});
