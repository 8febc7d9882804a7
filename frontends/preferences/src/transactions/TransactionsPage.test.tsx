import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../App';

const prefs = {
  section: 'transactions',
  value: { transactionCreate: true, transactionHints: false, transactionFees: true, transactionGateway: {} },
};
const gateways = {
  gateways: [
    { id: 'shopify_payments', name: 'Shopify Payments', orderCount: 12, enabled: true, selectable: true },
    { id: 'paypal', name: 'PayPal', orderCount: 1, enabled: false, selectable: false },
  ],
};
const automation = { section: 'automation', value: { invoiceCreate: true } };
const shopOn = (plan: string) => ({
  shop: 'demo.myshopify.com',
  plan: { id: plan },
  scopes: [],
  lexoffice: { isConnected: true },
});

describe('transactions page', () => {
  it('shows the switches and each gateway with its order count; PayPal cannot be chosen', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/transactions',
      search: '?gateway=shopify_payments',
      api: fakeApi({
        '/shop': shopOn('standard'),
        '/preferences/transactions': prefs,
        '/transactions/gateways': gateways,
        '/preferences/automation': automation,
      }),
    });
    expect(await screen.findByText('12 Bestellungen')).toBeTruthy();
    expect(screen.getByText('Ausgewählt')).toBeTruthy();
    const paypal = screen.getByLabelText('PayPal') as HTMLInputElement;
    expect(paypal.disabled).toBe(true);
    expect(paypal.checked).toBe(false);
    expect((screen.getByLabelText('Shopify Payments') as HTMLInputElement).checked).toBe(true);
    expect(((await screen.findByLabelText('Gebühren als eigene Beträge buchen')) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('locks the fees on a plan without them, with the gateway’s 402 text', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/transactions',
      api: fakeApi({
        '/shop': shopOn('free'),
        '/preferences/transactions': prefs,
        '/transactions/gateways': gateways,
        '/preferences/automation': automation,
      }),
    });
    expect(
      await screen.findByText(
        'Die Funktion „Gebühren“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Standard.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tarif upgraden' }).getAttribute('href')).toBe('/plan#pricing');
    // The switch shows through, blurred and out of reach, under the overlay.
    expect(
      screen.getByLabelText('Gebühren als eigene Beträge buchen').closest('[data-feature-lock="feature"]'),
    ).not.toBeNull();
  });

  it('saves a gateway switch and confirms it', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/transactions',
      api: fakeApi({
        '/preferences/transactions': { ...prefs, forced: [], warnings: [] },
        '/transactions/gateways': gateways,
        '/preferences/automation': automation,
      }),
    });
    fireEvent.click(await screen.findByLabelText('Shopify Payments'));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
  });

  it('disables the switches while invoices are off, and says why', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/transactions',
      api: fakeApi({
        '/preferences/transactions': prefs,
        '/transactions/gateways': gateways,
        '/preferences/automation': { value: { invoiceCreate: false } },
      }),
    });
    expect(await screen.findByText('Rechnungserstellung ist aus')).toBeTruthy();
    expect((screen.getByLabelText('Umsätze automatisch erstellen') as HTMLInputElement).disabled).toBe(true);
  });
});
