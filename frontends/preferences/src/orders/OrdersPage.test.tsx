import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { DEFAULT_ORDER_HANDLING } from '@belegfluss/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../App';
import { TIP_WARNING } from './OrdersPage';

type Raw = Record<string, unknown>;

function ordersPage(expertMode = false) {
  let value: Raw = { ...DEFAULT_ORDER_HANDLING };
  const api = fakeApi({
    'GET /preferences/orderHandling': () => ({ section: 'orderHandling', value }),
    'PATCH /preferences/orderHandling': (body: Raw) => {
      value = { ...value, ...body };
      return { section: 'orderHandling', value, forced: [], warnings: [] };
    },
    '/preferences/general': { section: 'general', value: { language: 'de', home: '', email: '', expertMode } },
  });
  renderRemote(App, { basePath: '/preferences', path: '/orders', api });
  return () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
}

describe('order handling settings', () => {
  it('saves payment sync and tax corrections on change, and warns when the tip fix is off', async () => {
    const patches = ordersPage();
    fireEvent.click(await screen.findByLabelText('Bestellung in Shopify als bezahlt markieren'));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(screen.queryByText(TIP_WARNING)).toBeNull();
    fireEvent.click(screen.getByLabelText('Trinkgeld mit dem Regelsteuersatz versteuern'));
    expect(await screen.findByText(TIP_WARNING)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Versandkosten anteilig nach den Steuersätzen der Artikel versteuern'));
    await waitFor(() =>
      expect(patches()).toEqual([{ syncOrderPayment: true }, { fixTaxTip: false }, { fixTaxShipping: true }]),
    );
    expect(screen.queryByLabelText('Kassenbestellungen (POS) überspringen')).toBeNull();
  });

  it('turns delivery notes on, a setting of its own', async () => {
    const patches = ordersPage();
    const box = await screen.findByLabelText('Lieferscheine für versendete Artikel erstellen');
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(patches()).toEqual([{ deliveryNoteCreate: true }]));
    expect(screen.getByText(/Lieferscheine verbrauchen keine Übertragungen/)).toBeTruthy();
  });

  it('shows the order filter in expert mode and refuses an empty POS source', async () => {
    const patches = ordersPage(true);
    const source = await screen.findByLabelText('Bestellquelle der Kassenbestellungen');
    expect((source as HTMLInputElement).value).toBe('pos');
    fireEvent.change(source, { target: { value: '  ' } });
    fireEvent.blur(source);
    expect(await screen.findByText('Darf nicht leer sein')).toBeTruthy();
    expect(patches()).toEqual([]);
    fireEvent.change(source, { target: { value: 'Kasse ' } });
    fireEvent.blur(source);
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Kostenlose Bestellungen überspringen') as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByLabelText('Kostenlose Bestellungen überspringen'));
    await waitFor(() => expect(patches()).toEqual([{ posName: 'Kasse' }, { skipFree: false }]));
    expect(screen.queryByText('Darf nicht leer sein')).toBeNull();
  });
});
