import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { renderInShell } from '../../test/render';
import { OrderDetail } from './OrderDetail';
import { Orders } from './Orders';

const order = {
  id: '1001',
  name: '#1001',
  createdAt: '2025-11-02T10:00:00Z',
  customer: { name: 'Erika Mustermann' },
  total: 119,
  currency: 'EUR',
  financialStatus: 'paid',
  receipts: [
    { id: 'i1', type: 'invoice', number: 'RE0001', status: 'OPEN', hintedAt: '2025-11-03T00:00:00Z' },
    { id: 'c1', type: 'credit', number: 'GS0001', status: 'paid', cancelled: true },
  ],
};

describe('the orders list', () => {
  it('asks the gateway with sort, search and page, and shows receipt badges', async () => {
    const { api, calls } = scriptedApi(({ path }) => (path.startsWith('/orders?') ? { items: [order], hasNext: true, hasPrevious: false } : undefined));
    renderInShell(<Orders />, api);
    expect(await screen.findByText('#1001')).toBeTruthy();
    expect(calls[0]?.path).toBe('/orders?sortBy=createdAt&sortDir=desc&page=1&pageSize=50');
    expect(screen.getByText('Offen')).toBeTruthy();
    expect(screen.getByText('Zuordnen')).toBeTruthy();
    expect(screen.getByText('Gutschrift GS0001').className).toMatch(/line--through/);

    fireEvent.change(screen.getByLabelText('Bestellungen durchsuchen'), { target: { value: 'Erika' } });
    await screen.findByText('#1001');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Weiter|Nächste/ })));
    expect(calls.map((call) => call.path)).toContain('/orders?sortBy=createdAt&sortDir=desc&page=2&pageSize=50&search=Erika');
  });

  it('shows a failing gateway as an error, not as an empty list', async () => {
    const { api } = scriptedApi(() => undefined);
    renderInShell(<Orders />, api);
    expect(await screen.findByText('Die Bestellungen konnten nicht geladen werden')).toBeTruthy();
    expect(screen.getByText('Diese Funktion steht noch nicht zur Verfügung (HTTP 404).')).toBeTruthy();
  });
});

describe('the order detail', () => {
  it('shows each document with open and download, no download for drafts, and the order’s log', async () => {
    const { api, calls } = scriptedApi(({ path }) => {
      if (path === '/orders/1001')
        return {
          ...order,
          invoices: [{ _key: 'i1', number: 'RE0001', status: 'OPEN', total: 119, currency: 'EUR', date: '2025-11-02', pdf: '/api/documents/abc' }],
          credits: [{ _key: 'c1', number: 'GS0001', status: 'draft', pdf: '/api/documents/def' }],
        };
      if (path.startsWith('/shop/logs?'))
        return { items: [{ _key: 'l1', date: '2025-11-02T10:01:00Z', origin: 'invoice', event: 'invoice.created', status: 'success', body: { number: 'RE0001' } }], hasNext: false, hasPrevious: false };
      return undefined;
    });
    renderInShell(<OrderDetail id="1001" />, api);
    const invoice = (await screen.findByText('Rechnung RE0001')).closest('.Polaris-ShadowBevel') as HTMLElement;
    expect(within(invoice).getByRole('link', { name: 'Öffnen' }).getAttribute('href')).toBe('/api/documents/abc');
    expect(within(invoice).getByRole('link', { name: 'Herunterladen' }).getAttribute('href')).toBe('/api/documents/abc/download');
    expect(within(invoice).getByTitle('Vorschau Rechnung RE0001')).toBeTruthy();

    const credit = screen.getByText('Gutschrift GS0001').closest('.Polaris-ShadowBevel') as HTMLElement;
    expect(within(credit).queryByRole('link', { name: 'Herunterladen' })).toBeNull();
    expect(within(credit).getByText('Entwürfe musst du erst in Lexware Office festschreiben.')).toBeTruthy();

    expect(await screen.findByText('invoice.created – RE0001')).toBeTruthy();
    expect(screen.getByText('Erfolgreich')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/shop/logs?sortBy=date&sortDir=desc&page=1&pageSize=25&order=1001');
  });
});
