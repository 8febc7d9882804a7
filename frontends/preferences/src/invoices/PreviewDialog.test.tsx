import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { InvoicePreferencesSchema } from '@belegfluss/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import type { InvoicePreviewAnswer } from './PreviewDialog';

/** The dialog waits for the orders, then the preview: more than one round on a busy machine. */
const SLOW = { timeout: 10_000 };
const PDF = Buffer.from('%PDF-1.7 Rechnung').toString('base64');
const order = (id: string, name: string, customer: string | null) => ({
  id,
  name,
  customer: { name: customer, email: null },
});
const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let blobs: Blob[] = [];
let revoked: string[] = [];

// jsdom has no object URLs; these record what the dialog hands to the frame.
beforeEach(() => {
  blobs = [];
  revoked = [];
  URL.createObjectURL = (blob: Blob) => `blob:vorschau-${blobs.push(blob)}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => Object.assign(URL, { createObjectURL: originals.create, revokeObjectURL: originals.revoke }));

function openPreview(routes: Record<string, unknown>) {
  const api = fakeApi({
    '/preferences/invoices': { section: 'invoices', value: InvoicePreferencesSchema.parse({}) },
    '/preferences/general': { section: 'general', value: { expertMode: false } },
    '/orders': { items: [order('11', '#1002', 'Erika Muster'), order('10', '#1001', null)], total: 2 },
    ...routes,
  });
  renderRemote(App, { basePath: '/preferences', path: '/invoices', search: '?assistant=receipt-preview', api });
  return api;
}

describe('invoice preview dialog', () => {
  it('opens from assistant=receipt-preview and shows the PDF of the newest order, then of the one picked', async () => {
    const invoice: InvoicePreviewAnswer = {
      pdf: { base64: PDF },
      invoice: { number: 'RE-0007', status: 'finalized' },
      error: null,
    };
    const draft: InvoicePreviewAnswer = {
      pdf: null,
      invoice: null,
      error: 'Noch keine Rechnung erstellt: die Vorschau zeigt die Daten, die an Lexware Office gingen.',
      draft: {
        title: 'Rechnung #1001',
        introduction: 'Danke',
        remark: 'Bis bald',
        lineItems: [{ name: 'Tasse' }, { name: 'Versand' }],
      },
    };
    openPreview({ '/orders/11/lexoffice/invoice/preview': invoice, '/orders/10/lexoffice/invoice/preview': draft });
    const frame = await screen.findByTitle('Rechnung als PDF', undefined, SLOW);
    expect(frame.getAttribute('src')).toBe('blob:vorschau-1');
    expect(blobs[0]!.type).toBe('application/pdf');
    expect(await blobs[0]!.text()).toBe('%PDF-1.7 Rechnung');
    expect(screen.getByText('Rechnung RE-0007 · festgeschrieben')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Bestellung'), { target: { value: '10' } });
    expect(await screen.findByText('Rechnung #1001', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(/Noch keine Rechnung erstellt/)).toBeTruthy();
    expect(screen.getByText('2 Positionen')).toBeTruthy();
    expect(screen.queryByTitle('Rechnung als PDF')).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['blob:vorschau-1']));
  });

  it("shows the answer's error when there is no PDF", async () => {
    openPreview({
      '/orders/11/lexoffice/invoice/preview': {
        pdf: null,
        invoice: { number: 'RE-0008', status: 'finalized' },
        error: 'Lexware Office ist nicht verbunden.',
      },
    });
    expect(await screen.findByText('Lexware Office ist nicht verbunden.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTitle('Rechnung als PDF')).toBeNull();
  });

  it('says when there are no orders yet, and closes', async () => {
    openPreview({ '/orders': { items: [], total: 0 } });
    expect(
      await screen.findByText(
        'Noch keine Bestellungen: die Vorschau braucht mindestens eine Bestellung.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Schließen' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText(/Noch keine Bestellungen/)).toBeNull());
  });
});
