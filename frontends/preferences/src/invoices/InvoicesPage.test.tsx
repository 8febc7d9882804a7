import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { InvoicePreferencesSchema, normalizeInvoicePreferences } from '@belegfluss/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../App';

type Raw = Record<string, unknown>;
const defaults = () => InvoicePreferencesSchema.parse({});

/** A gateway stand-in that applies the shared schema and rules the way PATCH /api/preferences/invoices does. */
function invoicesPage(options: { value?: Raw; search?: string; routes?: Record<string, unknown> } = {}) {
  let stored: Raw = { ...defaults(), ...options.value };
  const navigated: string[] = [];
  const api = fakeApi({
    '/preferences/invoices': () => ({ section: 'invoices', value: stored }),
    '/preferences/general': { section: 'general', value: { expertMode: false } },
    'PATCH /preferences/invoices': (patch: Raw) => {
      const merged = {
        ...stored,
        ...patch,
        invoiceLayout: { ...(stored.invoiceLayout as Raw), ...(patch.invoiceLayout as Raw | undefined) },
      };
      const parsed = InvoicePreferencesSchema.safeParse(merged);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return new ApiError(400, issue.message, 'VALIDATION', {
          error: 'VALIDATION',
          message: issue.message,
          field: issue.path.join('.'),
        });
      }
      const { value, forced } = normalizeInvoicePreferences(parsed.data);
      stored = value;
      return { section: 'invoices', value, forced, warnings: [] };
    },
    ...options.routes,
  });
  renderRemote(App, {
    basePath: '/preferences',
    path: '/invoices',
    search: options.search ?? '',
    api,
    navigate: (to) => navigated.push(to),
  });
  return { api, navigated, stored: () => stored };
}
/** A shop that already writes the PDF link, so the wizard's first step lets it go on. */
const LINK_CATALOGUE = {
  read: [],
  write: [{ value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' }],
  limit: 5,
  placeholders: [],
  resources: [],
  writable: [],
  writeScope: { scope: 'write_orders', granted: true },
};
const region = async (name: string) => within(await screen.findByRole('region', { name }));
const patches = (api: ReturnType<typeof invoicesPage>['api']) =>
  api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('invoice settings page', () => {
  it('shows the sections in the order of the spec, each with its anchor', async () => {
    invoicesPage();
    await screen.findByRole('region', { name: 'Rechnungen erstellen' });
    const ids = [...document.querySelectorAll('section[id]')].map((s) => s.id);
    expect(ids).toEqual(['create', 'status', 'date', 'delivery', 'format', 'layout', 'tags', 'mail', 'link']);
  });

  it('moves the creation switch through its three positions and keeps the cutoff day and excluded tags', async () => {
    const { api, stored } = invoicesPage();
    let create = await region('Rechnungen erstellen');
    fireEvent.click(create.getByLabelText('Ein, für Bestellungen ab einem Stichtag'));
    create = await region('Rechnungen erstellen');
    await create.findByText('Gespeichert');
    expect(stored().invoiceCreate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const day = create.getByLabelText('Stichtag');
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    fireEvent.blur(day);
    await waitFor(() => expect(stored().invoiceCreate).toBe('2026-12-01'));

    const tags = create.getByLabelText('Ausgeschlossene Tags');
    fireEvent.change(tags, { target: { value: ' B2B,' } });
    await waitFor(() => expect(stored().skipTags).toEqual(['b2b']));
    expect(await create.findByText('b2b')).toBeTruthy();

    fireEvent.click(create.getByLabelText('Aus'));
    await waitFor(() => expect(stored().invoiceCreate).toBe(false));
    expect(create.queryByLabelText('Ausgeschlossene Tags')).toBeNull();
    expect(patches(api)).toContainEqual({ invoiceCreate: false });
  });

  it('saves the invoice event with gateway exceptions and shows the forced date rule of the server', async () => {
    const { stored } = invoicesPage({
      value: {
        invoiceEvent: 'fulfilled',
        invoiceDate: 'fulfilled',
        invoiceDeliveryDate0: { event: 'fulfilled', modify: 'none', offset: 0, unit: 'day' },
      },
    });
    const create = await region('Rechnungen erstellen');
    fireEvent.click(create.getByLabelText('Manuelle Zahlung (z. B. Vorkasse)'));
    await waitFor(() => expect(stored().invoiceEventExceptions).toEqual(['manual']));
    fireEvent.change(create.getByLabelText('Rechnung erstellen, wenn die Bestellung …'), { target: { value: 'paid' } });
    expect(await create.findByText(/Rechnungsdatum auf das Bestelldatum gesetzt/)).toBeTruthy();
    expect(create.getByText(/Lieferdatum auf das Bestelldatum gesetzt/)).toBeTruthy();
    expect(stored()).toMatchObject({
      invoiceEvent: 'paid',
      invoiceDate: 'created',
      invoiceDeliveryDate0: { event: 'created' },
    });
    expect(((await region('Rechnungsdatum')).getByLabelText('Rechnungsdatum') as HTMLSelectElement).value).toBe(
      'created',
    );
  });

  it('switches the delivery date to a span with offsets and shows a bad offset at its field', async () => {
    const { stored } = invoicesPage({ value: { invoiceEvent: 'fulfilled' } });
    let delivery = await region('Liefer- und Leistungsdatum');
    fireEvent.change(delivery.getByLabelText('Art der Leistung'), { target: { value: 'service' } });
    await waitFor(() => expect(stored().invoiceDeliveryType).toBe('service'));
    fireEvent.click(delivery.getByLabelText('Zeitraum (Beginn und Ende)'));
    delivery = await region('Liefer- und Leistungsdatum');
    await waitFor(() => expect(stored().invoiceDeliveryDate1).toMatchObject({ event: 'fulfilled' }));
    fireEvent.change(await delivery.findByLabelText('Ende: Verschiebung'), { target: { value: 'add' } });
    await waitFor(() => expect(stored().invoiceDeliveryDate1).toMatchObject({ modify: 'add' }));
    const count = delivery.getByLabelText('Ende: Anzahl');
    fireEvent.change(count, { target: { value: '-2' } });
    fireEvent.blur(count);
    expect(await delivery.findByText('Bitte gib eine Zahl ab 0 ein')).toBeTruthy();
    expect(delivery.getByText('Nicht gespeichert: bitte korrigiere die markierten Felder.')).toBeTruthy();
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.blur(count);
    await waitFor(() =>
      expect(stored().invoiceDeliveryDate1).toMatchObject({
        event: 'fulfilled',
        modify: 'add',
        offset: 2,
        unit: 'day',
      }),
    );
    expect(delivery.queryByText('Bitte gib eine Zahl ab 0 ein')).toBeNull();
    fireEvent.click(delivery.getByLabelText('Bestelldatum'));
    await waitFor(() => expect(stored().invoiceDeliveryDate1).toBeNull());
  });

  it('saves net mode, discounts, SKU and units', async () => {
    const { api } = invoicesPage();
    const format = await region('Format');
    fireEvent.click(format.getByLabelText('Alle Rechnungen als Nettorechnung'));
    await format.findByText('Gespeichert');
    fireEvent.click(format.getByLabelText('Rabatte als eigene Position'));
    await waitFor(() => expect(patches(api)).toContainEqual({ useDiscount: true }));
    fireEvent.click(format.getByLabelText('Artikelnummer (SKU) zeigen'));
    await waitFor(() =>
      expect(patches(api)).toContainEqual({ invoiceLayout: { include: { sku: true, gtin: false } } }),
    );
    const shipping = format.getByLabelText('Einheit des Versands');
    fireEvent.change(shipping, { target: { value: 'Pauschale' } });
    fireEvent.blur(shipping);
    await waitFor(() => expect(patches(api)).toContainEqual({ invoiceLayout: { shippingUnit: 'Pauschale' } }));
    expect(patches(api)[0]).toEqual({ asNet: true });
  });

  it("previews the title live, saves it on leaving the field, and shows the server's field error", async () => {
    const { api, stored } = invoicesPage({
      routes: {
        [`/lexoffice/vars?${new URLSearchParams({ value: 'Rechnung {ORDER.NAME}', type: 'invoice', field: 'title' })}`]:
          { value: 'Rechnung #1001', order: '#1001' },
      },
    });
    const layout = await region('Texte der Rechnung');
    expect(layout.getByText('Lexware Office zeigt nur die ersten 25 Zeichen des Titels.')).toBeTruthy();
    const title = layout.getByLabelText('Titel', { selector: 'input:not([type=checkbox])' });
    fireEvent.change(title, { target: { value: 'Rechnung {ORDER.NAME}' } });
    expect(await layout.findByText('Rechnung #1001')).toBeTruthy();
    expect(layout.getByText(/Vorschau \(Bestellung #1001\)/)).toBeTruthy();
    fireEvent.blur(title);
    await waitFor(() => expect((stored().invoiceLayout as Raw).title).toBe('Rechnung {ORDER.NAME}'));
    expect(patches(api)).toContainEqual({ invoiceLayout: { title: 'Rechnung {ORDER.NAME}' } });

    fireEvent.change(title, { target: { value: 'x'.repeat(257) } });
    fireEvent.blur(title);
    expect(await layout.findByText('Maximal 256 Zeichen')).toBeTruthy();
    expect((stored().invoiceLayout as Raw).title).toBe('Rechnung {ORDER.NAME}');

    fireEvent.click(layout.getByLabelText('Titel', { selector: 'input[type=checkbox]' }));
    await waitFor(() => expect(stored().invoiceReferencePlaces).toEqual(['remark', 'title']));
  });

  it('offers the placeholders the texts are rendered with, and inserts at the cursor of the last focused text', async () => {
    const saved = 'Rechnung {ORDER.NAME} vom Shop';
    const { stored } = invoicesPage({
      routes: {
        '/metafields': {
          ...LINK_CATALOGUE,
          read: [{ resource: 'order', namespace: 'custom', key: 'po' }],
          placeholders: [
            { resource: 'order', namespace: 'custom', key: 'po', placeholder: '{METAFIELD.ORDER.CUSTOM.PO}' },
          ],
          resources: [{ id: 'order', label: 'Bestellung', scope: 'read_orders', granted: true }],
        },
        [`/lexoffice/vars?${new URLSearchParams({ value: saved, type: 'invoice', field: 'title' })}`]: {
          value: 'Rechnung #1001 vom Shop',
          order: '#1001',
        },
      },
    });
    const layout = await region('Texte der Rechnung');
    fireEvent.click(layout.getByRole('button', { name: 'Platzhalter' }));
    expect(await layout.findByRole('heading', { name: 'Metafelder' })).toBeTruthy();
    expect(layout.getByRole('heading', { name: 'Bestellung' })).toBeTruthy();
    // The invoice's own texts know no item line and no refund: those placeholders would stay empty.
    expect(layout.queryByRole('heading', { name: 'Artikel' })).toBeNull();
    expect(layout.queryByRole('heading', { name: 'Erstattung' })).toBeNull();

    const title = layout.getByLabelText('Titel', { selector: 'input:not([type=checkbox])' }) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Rechnung  vom Shop' } });
    title.focus();
    title.setSelectionRange(9, 9);
    fireEvent.click(layout.getByRole('button', { name: '{ORDER.NAME} Bestellnummer einfügen' }));
    expect(title.value).toBe(saved);
    // The preview renders the text with the insertion, and leaving the field saves it as typing would.
    expect(await layout.findByText('Rechnung #1001 vom Shop')).toBeTruthy();
    fireEvent.blur(title);
    await waitFor(() => expect((stored().invoiceLayout as Raw).title).toBe(saved));

    const remark = layout.getByLabelText('Bemerkung', { selector: 'textarea' }) as HTMLTextAreaElement;
    // The fields are locked while the title is being saved.
    await waitFor(() => expect(remark.disabled).toBe(false));
    fireEvent.change(remark, { target: { value: 'Bestellt unter ???.' } });
    remark.focus();
    remark.setSelectionRange(15, 18);
    expect(
      await layout.findByText('Ein Klick fügt den Platzhalter in „Bemerkung“ an der Cursorposition ein.'),
    ).toBeTruthy();
    fireEvent.click(layout.getByRole('button', { name: '{METAFIELD.ORDER.CUSTOM.PO} Bestellung: custom.po einfügen' }));
    expect(remark.value).toBe('Bestellt unter {METAFIELD.ORDER.CUSTOM.PO}.');
    expect(title.value).toBe(saved);
  });

  it("chooses the print layout from Lexware's layouts and goes back to Lexware's default", async () => {
    const layouts = {
      layouts: [
        { id: 'l-1', name: 'Standard', default: true },
        { id: 'l-2', name: 'Shop-Rechnung mit Logo', default: false },
      ],
    };
    const { api, stored } = invoicesPage({ routes: { '/lexoffice/print-layouts': layouts } });
    const layout = await region('Texte der Rechnung');
    const select = (await layout.findByLabelText('Drucklayout')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Standard-Layout von Lexware Office',
        'Standard (Standard in Lexware Office)',
        'Shop-Rechnung mit Logo',
      ]),
    );
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'l-2' } });
    await waitFor(() => expect((stored().invoiceLayout as Raw).printLayout).toBe('l-2'));
    fireEvent.change(await layout.findByLabelText('Drucklayout'), { target: { value: '' } });
    await waitFor(() => expect((stored().invoiceLayout as Raw).printLayout).toBeNull());
    expect(patches(api)).toEqual([{ invoiceLayout: { printLayout: 'l-2' } }, { invoiceLayout: { printLayout: null } }]);
  });

  it('says why the print layouts could not be loaded, and keeps the default choice', async () => {
    invoicesPage({
      routes: {
        '/lexoffice/print-layouts': new ApiError(409, 'Lexware Office ist nicht verbunden.', 'NOT_CONNECTED', {
          error: 'NOT_CONNECTED',
          message: 'Lexware Office ist nicht verbunden.',
        }),
      },
    });
    const layout = await region('Texte der Rechnung');
    expect(await layout.findByText(/Die Drucklayouts konnten nicht geladen werden: .*nicht verbunden/)).toBeTruthy();
    expect((layout.getByLabelText('Drucklayout') as HTMLSelectElement).value).toBe('');
  });

  it('summarises the automatic mail, links to the mail page and opens the link wizard over the page', async () => {
    const { navigated } = invoicesPage({
      value: { invoiceSendMail: { ...defaults().invoiceSendMail, enabled: true } },
      routes: { '/metafields': LINK_CATALOGUE },
    });
    const mail = await region('E-Mail-Versand');
    expect(mail.getByText('Aktiv')).toBeTruthy();
    expect(mail.getByText('Jede neue Rechnung geht mit ihrem PDF an {ORDER.EMAIL}.')).toBeTruthy();
    expect(mail.queryByLabelText('Betreff')).toBeNull();
    fireEvent.click(mail.getByRole('button', { name: 'E-Mail-Versand bearbeiten' }));
    fireEvent.click(
      (await region('Rechnungslink in Shopify-E-Mails')).getByRole('button', { name: 'E-Mail-Link einrichten' }),
    );
    const wizard = within(await screen.findByRole('dialog'));
    expect(wizard.getByText('E-Mail-Verknüpfung · Schritt 1 von 3: Einführung')).toBeTruthy();
    expect(await wizard.findByText('Der PDF-Link wird bereits geschrieben.')).toBeTruthy();
    fireEvent.click(wizard.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened by the button, the wizard leaves the address alone.
    expect(navigated).toEqual(['/preferences/mail']);
  });

  it('opens the link wizard from assistant=email-integration and closes back to the page without it', async () => {
    const { navigated } = invoicesPage({
      search: '?assistant=email-integration',
      routes: { '/metafields': LINK_CATALOGUE },
    });
    const wizard = within(await screen.findByRole('dialog'));
    expect(await wizard.findByText('Der PDF-Link wird bereits geschrieben.')).toBeTruthy();
    fireEvent.click(wizard.getByRole('button', { name: 'Weiter' }));
    expect(await wizard.findByText('E-Mail-Verknüpfung · Schritt 2 von 3: Link konfigurieren')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Texte der Rechnung' })).toBeTruthy();
    fireEvent.click(wizard.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(navigated).toEqual(['/preferences/invoices']);
  });

  it('says why the page could not be loaded', async () => {
    invoicesPage({ routes: { '/preferences/invoices': new ApiError(500, 'Interner Fehler') } });
    expect(await screen.findByText('Die Rechnungs-Einstellungen konnten nicht geladen werden')).toBeTruthy();
  });

  it('finalises from the chosen order event; before the fulfilment is known, only events up to paid are offered', async () => {
    const { stored } = invoicesPage({ value: { invoiceEvent: 'fulfilled' } });
    const status = await region('Status');
    const enshrine = status.getByLabelText(
      'Festschreiben, wenn die Bestellung bei Erstellung schon …',
    ) as HTMLSelectElement;
    expect(enshrine.value).toBe('fulfilled');
    fireEvent.change(enshrine, { target: { value: 'completed' } });
    await waitFor(() => expect(stored().invoiceEnshrine).toBe('completed'));
    expect(status.getByText(/bleibt die Rechnung ein Entwurf/)).toBeTruthy();

    const create = await region('Rechnungen erstellen');
    fireEvent.change(create.getByLabelText('Rechnung erstellen, wenn die Bestellung …'), { target: { value: 'paid' } });
    await waitFor(() => expect(stored().invoiceEnshrine).toBe('created'));
    const early = (await region('Status')).getByLabelText(
      'Festschreiben, wenn die Bestellung bei Erstellung schon …',
    ) as HTMLSelectElement;
    const disabled = [...early.options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toEqual(['fulfilled', 'completed']);
  });

  it('lets the payment term run from the fulfilment once the invoice waits for it', async () => {
    const { stored } = invoicesPage({ value: { invoiceEvent: 'completed' } });
    const date = await region('Rechnungsdatum');
    const due = date.getByLabelText('Zahlungsziel beginnt mit …') as HTMLSelectElement;
    expect(due.value).toBe('started');
    fireEvent.change(due, { target: { value: 'fulfilled' } });
    await waitFor(() => expect(stored().invoiceDue).toBe('fulfilled'));
    expect(await date.findByText('Gespeichert')).toBeTruthy();
  });

  it('keeps the tags an invoice should carry and says Lexware Office cannot take them', async () => {
    const { stored } = invoicesPage();
    const tags = await region('Tags an Rechnungen');
    expect(tags.getByText(/kann Belegen keine Tags mitgeben/)).toBeTruthy();
    expect((tags.getByLabelText('„shopify“') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(tags.getByLabelText('Bestellnummer'));
    await waitFor(() => expect(stored().invoiceTag).toMatchObject({ shopify: true, orderId: true }));
    fireEvent.change(tags.getByLabelText('Eigene Tags'), { target: { value: 'Messe,' } });
    await waitFor(() => expect(stored().invoiceTag).toMatchObject({ orderId: true, custom: ['messe'] }));
  });
});
