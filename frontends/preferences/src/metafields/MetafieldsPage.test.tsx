import { ApiError, type ApiClient } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from '../App';

const resources = [
  { id: 'shop', label: 'Shop', scope: 'read_orders', granted: true },
  { id: 'order', label: 'Bestellung', scope: 'read_orders', granted: true },
  { id: 'customer', label: 'Kunde', scope: 'read_customers', granted: true },
  { id: 'product', label: 'Produkt', scope: 'read_products', granted: false },
  { id: 'variant', label: 'Variante', scope: 'read_products', granted: false },
];
const writable = [
  {
    id: 'invoice_number',
    category: 'Rechnung',
    label: 'Rechnung: Nummer',
    type: 'single_line_text_field',
    example: 'RE0042',
  },
  {
    id: 'invoice_pdf_save',
    category: 'Rechnung',
    label: 'Rechnung: PDF-Download-Link',
    type: 'url',
    example: 'https://x/documents/a/download',
  },
];
const catalogue = (write: unknown[] = []) => ({
  read: [{ resource: 'order', namespace: 'custom', key: 'po_number' }],
  placeholders: [
    { resource: 'order', namespace: 'custom', key: 'po_number', placeholder: '{METAFIELD.ORDER.CUSTOM.PO_NUMBER}' },
  ],
  write,
  limit: 5,
  resources,
  writable,
  writeScope: { scope: 'write_orders', granted: true },
});

/** fakeApi plus a recorder of PATCH bodies, answering like the gateway. */
function recordingApi(routes: Record<string, unknown>, patch: (body: unknown) => unknown) {
  const base = fakeApi(routes);
  return {
    ...base,
    request: (path: string, init?: { method?: string; body?: unknown }) =>
      init?.method === 'PATCH'
        ? new Promise<never>((resolve) => resolve(patch(init.body) as never))
        : base.request(path, init as never),
  } as ApiClient;
}

describe('metafields page', () => {
  it('lists the placeholders and refuses resources without scope', async () => {
    renderRemote(App, { basePath: '/preferences', path: '/metafields', api: fakeApi({ '/metafields': catalogue() }) });
    expect(await screen.findByText('{METAFIELD.ORDER.CUSTOM.PO_NUMBER}')).toBeTruthy();
    expect(screen.getByText('Fehlende Shopify-Berechtigung')).toBeTruthy();
    const option = screen.getByRole('option', { name: 'Produkt (fehlt: Produkte lesen)' }) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    expect(screen.getByText(/dafür braucht es die Berechtigung „Bestellungen bearbeiten“/)).toBeTruthy();
  });

  it('adds a read entry and shows the German error of the gateway at its field', async () => {
    const sent: unknown[] = [];
    const api = recordingApi({ '/metafields': catalogue() }, (body) => {
      sent.push(body);
      throw new ApiError(400, 'Mindestens 3 Zeichen', 'VALIDATION', {
        error: 'VALIDATION',
        message: 'Mindestens 3 Zeichen',
        field: 'read.1.namespace',
      });
    });
    renderRemote(App, { basePath: '/preferences', path: '/metafields', api });
    await screen.findByText('Metafelder lesen');
    // The read card comes first: its fields are the first of each label.
    fireEvent.change(screen.getAllByLabelText('Namespace')[0]!, { target: { value: 'ab' } });
    fireEvent.change(screen.getAllByLabelText('Schlüssel')[0]!, { target: { value: 'vip' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Hinzufügen' })[0]!);
    expect(await screen.findByText('Mindestens 3 Zeichen')).toBeTruthy();
    expect(screen.getAllByLabelText('Namespace')[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([
      {
        read: [
          { resource: 'order', namespace: 'custom', key: 'po_number' },
          { resource: 'shop', namespace: 'ab', key: 'vip' },
        ],
      },
    ]);
  });

  it('walks the link wizard to the HTML of a notification', async () => {
    const links = {
      ready: true,
      writeScopeGranted: true,
      groups: [
        {
          id: 'orders',
          title: 'Bestellungen',
          templates: [
            {
              id: 'order_confirmation',
              title: 'Bestellbestätigung',
              document: 'invoice',
              code: '{% assign belegfluss_url = order.metafields.belegfluss.invoice_pdf.value %}',
              preview: '<p><a href="https://x/documents/a/download">Rechnung herunterladen</a></p>',
            },
          ],
        },
      ],
    };
    const write = [{ value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' }];
    const api = fakeApi({
      '/metafields': catalogue(write),
      '/metafields/links?invoiceText=Rechnung+herunterladen&creditText=Gutschrift+herunterladen&style=button&color=%231a1a1a':
        links,
    });
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderRemote(App, { basePath: '/preferences', path: '/metafields', search: '?assistant=email-integration', api });
    expect(await screen.findByText('Der PDF-Link wird bereits geschrieben.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(((await screen.findByLabelText('Code')) as HTMLTextAreaElement).value).toContain(
      'order.metafields.belegfluss.invoice_pdf.value',
    );
    expect(screen.getByTestId('link-preview').querySelector('a')?.getAttribute('href')).toBe(
      'https://x/documents/a/download',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code kopieren' }));
    expect(await screen.findByText('Kopiert')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(links.groups[0]!.templates[0]!.code);
  });

  it('offers to create the PDF link metafield when none is written, and goes on once it is', async () => {
    let write: unknown[] = [];
    const sent: unknown[] = [];
    const api = fakeApi({
      '/metafields': () => catalogue(write),
      'PATCH /preferences/metafields': (body: { write: unknown[] }) => {
        sent.push(body);
        write = body.write;
        return { section: 'metafields', value: body };
      },
    });
    renderRemote(App, { basePath: '/preferences', path: '/metafields', search: '?assistant=email-integration', api });
    const wizard = within(await screen.findByRole('dialog'));
    expect(wizard.getByRole('button', { name: 'Weiter' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(await wizard.findByRole('button', { name: 'PDF-Link-Metafeld anlegen' }));
    expect(await wizard.findByText('Der PDF-Link wird bereits geschrieben.')).toBeTruthy();
    expect(sent).toEqual([{ write: [{ value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' }] }]);
    fireEvent.click(wizard.getByRole('button', { name: 'Weiter' }));
    expect(await wizard.findByText('E-Mail-Verknüpfung · Schritt 2 von 3: Link konfigurieren')).toBeTruthy();
  });

  it('keeps the wizard on the metafields page behind a button', async () => {
    renderRemote(App, { basePath: '/preferences', path: '/metafields', api: fakeApi({ '/metafields': catalogue() }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Assistent öffnen' }));
    const wizard = within(await screen.findByRole('dialog'));
    expect(wizard.getByText('E-Mail-Verknüpfung · Schritt 1 von 3: Einführung')).toBeTruthy();
    expect(await wizard.findByRole('button', { name: 'PDF-Link-Metafeld anlegen' })).toBeTruthy();
  });
});
