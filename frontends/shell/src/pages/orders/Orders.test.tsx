import { ApiError } from '@belegfluss/frontend-kit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    const { api, calls } = scriptedApi(({ path }) =>
      path.startsWith('/orders?') ? { items: [order], hasNext: true, hasPrevious: false } : undefined,
    );
    renderInShell(<Orders />, api);
    expect(await screen.findByText('#1001')).toBeTruthy();
    expect(calls.find((call) => call.path.startsWith('/orders?'))?.path).toBe(
      '/orders?sortBy=createdAt&sortDir=desc&page=1&pageSize=50',
    );
    expect(screen.getByText('Offen')).toBeTruthy();
    expect(screen.getByText('Zuordnen')).toBeTruthy();
    expect(screen.getByText('Gutschrift GS0001').className).toMatch(/line--through/);

    fireEvent.change(screen.getByLabelText('Bestellungen durchsuchen'), { target: { value: 'Erika' } });
    await screen.findByText('#1001');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^(Weiter|Nächste)$/ })));
    expect(calls.map((call) => call.path)).toContain(
      '/orders?sortBy=createdAt&sortDir=desc&page=2&pageSize=50&search=Erika',
    );
  });

  it('offers a menu of document actions per document in the list (the menus themselves: e2e document-actions)', async () => {
    const { api } = scriptedApi(({ path }) =>
      path.startsWith('/orders?') ? { items: [order], hasNext: false, hasPrevious: false } : undefined,
    );
    renderInShell(<Orders />, api);
    await screen.findByText('#1001');
    expect(screen.getByRole('button', { name: 'Aktionen RE0001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktionen GS0001' })).toBeTruthy();
  });

  it('says which orders wait for transfers', async () => {
    const waiting = { ...order, id: '1002', name: '#1002', receipts: [], waitingForTransfers: true };
    const { api } = scriptedApi(({ path }) =>
      path.startsWith('/orders?') ? { items: [order, waiting], hasNext: false, hasPrevious: false } : undefined,
    );
    renderInShell(<Orders />, api);
    expect(await screen.findByText('#1002')).toBeTruthy();
    expect(screen.getAllByText('wartet auf Übertragungen')).toHaveLength(1);
    expect(screen.queryByText('Kein Beleg')).toBeNull();
  });

  it('shows a failing gateway as an error, not as an empty list', async () => {
    const { api } = scriptedApi(() => undefined);
    renderInShell(<Orders />, api);
    expect(await screen.findByText('Die Bestellungen konnten nicht geladen werden')).toBeTruthy();
    expect(screen.getByText('Nicht gefunden (HTTP 404).')).toBeTruthy();
  });
});

describe('the order detail', () => {
  it('shows each document with open and download, no download for drafts, and the order’s log', async () => {
    const { api, calls } = scriptedApi(({ path }) => {
      if (path === '/orders/1001')
        return {
          ...order,
          invoices: [
            {
              _key: 'i1',
              number: 'RE0001',
              status: 'OPEN',
              total: 119,
              currency: 'EUR',
              date: '2025-11-02',
              pdf: '/api/documents/abc',
            },
          ],
          credits: [{ _key: 'c1', number: 'GS0001', status: 'draft', pdf: '/api/documents/def' }],
        };
      if (path.startsWith('/shop/logs?'))
        return {
          items: [
            {
              _key: 'l1',
              date: '2025-11-02T10:01:00Z',
              origin: 'invoice',
              event: 'invoice.created',
              status: 'success',
              body: { number: 'RE0001' },
            },
          ],
          hasNext: false,
          hasPrevious: false,
        };
      return undefined;
    });
    renderInShell(<OrderDetail id="1001" />, api);
    const invoice = (await screen.findByText('Rechnung RE0001')).closest('.Polaris-ShadowBevel') as HTMLElement;
    expect(within(invoice).getByRole('link', { name: 'Öffnen' }).getAttribute('href')).toBe('/api/documents/abc');
    expect(within(invoice).getByRole('link', { name: 'Herunterladen' }).getAttribute('href')).toBe(
      '/api/documents/abc/download',
    );
    expect(within(invoice).getByTitle('Vorschau Rechnung RE0001')).toBeTruthy();

    const credit = screen.getByText('Gutschrift GS0001').closest('.Polaris-ShadowBevel') as HTMLElement;
    expect(within(credit).queryByRole('link', { name: 'Herunterladen' })).toBeNull();
    expect(within(credit).getByText(/Entwürfe musst du erst in Lexware Office festschreiben/)).toBeTruthy();
    const disabled = (button: HTMLElement) =>
      button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true';
    expect(disabled(within(credit).getByRole('button', { name: 'Per E-Mail senden' }))).toBe(true);
    expect(disabled(within(invoice).getByRole('button', { name: 'Per E-Mail senden' }))).toBe(false);

    expect(await screen.findByText('Rechnung in Lexware Office erstellt: RE0001')).toBeTruthy();
    expect(screen.getByText('Erfolgreich')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(
      '/shop/logs?sortBy=date&sortDir=desc&page=1&pageSize=25&order=1001',
    );
  });

  it('sends a document by e-mail: checks the fields like the gateway, shows the server’s error at its field, sends once per dialog', async () => {
    let attempt = 0;
    const { api, calls } = scriptedApi(({ method, path }) => {
      if (path === '/orders/1001')
        return {
          ...order,
          customer: { name: 'Erika', email: 'erika@example.de' },
          invoices: [{ _key: 'i1', number: 'RE0001', status: 'OPEN', pdf: '/api/documents/abc' }],
        };
      if (path === '/preferences/invoices')
        return { value: { invoiceSendMail: { copy: 'buch@laden.de', signature: 'Dein Laden' } } };
      if (path.startsWith('/shop/logs?')) return { items: [], hasNext: false, hasPrevious: false };
      if (method === 'POST' && path === '/orders/1001/invoice/email') {
        attempt += 1;
        if (attempt === 1)
          return new ApiError(400, 'Bitte gib eine gültige E-Mail-Adresse ein', 'INVALID_RECIPIENT', {
            error: 'INVALID_RECIPIENT',
            message: 'Bitte gib eine gültige E-Mail-Adresse ein',
            field: 'email',
          });
        return { success: true, message: 'Beleg per E-Mail versendet' };
      }
      return undefined;
    });
    renderInShell(<OrderDetail id="1001" />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Per E-Mail senden' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Empfänger') as HTMLInputElement).value).toBe('erika@example.de');
    expect((within(dialog).getByLabelText('Betreff') as HTMLInputElement).value).toBe('Rechnung RE0001');
    // Copy (BCC) and signature start from the automatic mail's settings.
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Kopie an (BCC)') as HTMLInputElement).value).toBe('buch@laden.de'),
    );
    expect((within(dialog).getByLabelText('Signatur') as HTMLTextAreaElement).value).toBe('Dein Laden');

    // Client side, with the shared schema: too long a subject, an attachment that is not a document.
    fireEvent.change(within(dialog).getByLabelText('Betreff'), { target: { value: 'x'.repeat(61) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anhang hinzufügen' }));
    fireEvent.change(within(dialog).getByLabelText('Anhang 1'), { target: { value: 'https://example.de/datei.exe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(within(dialog).getByText('Maximal 60 Zeichen')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(within(dialog).getByText('Dateityp nicht erlaubt (html, pdf, doc, docx, jpg, jpeg, png, gif)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Betreff'), { target: { value: 'Deine Rechnung' } });
    fireEvent.change(within(dialog).getByLabelText('Anhang 1'), { target: { value: 'https://example.de/agb.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    // The server's German error, at the field it names.
    expect(await within(dialog).findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Beleg per E-Mail versendet')).toBeTruthy();

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual({
      receipt: 'i1',
      email: 'erika@example.de',
      copy: 'buch@laden.de',
      subject: 'Deine Rechnung',
      message: '',
      signature: 'Dein Laden',
      attachments: ['https://example.de/agb.pdf'],
    });
    expect(posts[0]?.headers?.['Idempotency-Key']).toBeTruthy();
    expect(posts[1]?.headers?.['Idempotency-Key']).toBe(posts[0]?.headers?.['Idempotency-Key']);
  });
});
