import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { DEFAULT_CONTACT_PREFERENCES, ContactPreferencesSchema } from '@belegfluss/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import App from '../App';
import { checkVatIds, EMPTY_SAMPLE } from './vat-id-check';

const shop = { scopes: ['read_orders', 'write_orders'] };

/** The gateway's PATCH, as far as this page needs it: merge, normalise with the shared schema, answer. */
function contactsApi(initial: Record<string, unknown> = {}) {
  let value = ContactPreferencesSchema.parse(initial);
  return fakeApi({
    '/shop': shop,
    'GET /preferences/contacts': () => ({ section: 'contacts', value }),
    'PATCH /preferences/contacts': (patch: unknown) => {
      const parsed = ContactPreferencesSchema.safeParse({ ...value, ...(patch as object) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        return new ApiError(400, issue.message, 'VALIDATION', { error: 'VALIDATION', message: issue.message, field });
      }
      value = parsed.data;
      return { section: 'contacts', value, forced: [], warnings: [] };
    },
  });
}

describe('contact settings page', () => {
  it('shows the saved settings in three sections', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/contacts',
      api: contactsApi({ contactCreate: ['b2b'], contactPushPhone: true }),
    });
    expect(await screen.findByRole('region', { name: 'Kontakterstellung' })).toBeTruthy();
    expect((screen.getByLabelText('Nur Kunden mit bestimmten Tags') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('b2b')).toBeTruthy();
    expect((screen.getByLabelText('Telefonnummer übertragen') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('E-Mail-Adresse übertragen') as HTMLInputElement).checked).toBe(true);
    const business = screen.getByRole('region', { name: 'Geschäftskunden' });
    expect((within(business).getByLabelText('Bestellnotiz') as HTMLInputElement).checked).toBe(true);
    expect((within(business).getByLabelText('Kunden-Tags') as HTMLInputElement).checked).toBe(false);
    // company-location is on by default, and the sandbox shop lacks read_companies.
    expect(screen.getByText('Firmenstandorte können nicht gelesen werden')).toBeTruthy();
  });

  it('leaves net invoices to business customers to the one switch under Rechnungen, and links there', async () => {
    renderRemote(App, { basePath: '/preferences', path: '/contacts', api: contactsApi({}) });
    const eInvoice = await screen.findByRole('region', { name: 'E-Rechnung' });
    expect(within(eInvoice).queryByRole('checkbox', { name: /netto/ })).toBeNull();
    expect(within(eInvoice).getByText(/Ob Geschäftskunden netto abgerechnet werden, stellst du unter/)).toBeTruthy();
    expect(within(eInvoice).getByRole('button', { name: 'Rechnungen' })).toBeTruthy();
  });

  it('saves a tag list for contact creation, lower-cased, and says so in that card', async () => {
    const api = contactsApi();
    renderRemote(App, { basePath: '/preferences', path: '/contacts', api });
    fireEvent.click(await screen.findByLabelText('Nur Kunden mit bestimmten Tags'));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0); // no empty list saved behind the merchant's back
    expect(screen.getByText(/Füge mindestens einen Tag hinzu/)).toBeTruthy();
    const input = screen.getByLabelText('Tags für Kontakte');
    fireEvent.change(input, { target: { value: 'Großkunde,' } });
    const create = screen.getByRole('region', { name: 'Kontakterstellung' });
    expect(await within(create).findByText('Gespeichert')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ contactCreate: ['großkunde'] });
    expect(within(create).getByText('großkunde')).toBeTruthy();
  });

  it('saves a push switch and a VAT-ID source', async () => {
    const api = contactsApi();
    renderRemote(App, { basePath: '/preferences', path: '/contacts', api });
    fireEvent.click(await screen.findByLabelText('Shopify-Kundennummer in der Kontaktnotiz'));
    expect(await within(screen.getByRole('region', { name: 'Organisieren' })).findByText('Gespeichert')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('region', { name: 'Geschäftskunden' })).getByLabelText('Kunden-Tags'));
    expect(
      await within(screen.getByRole('region', { name: 'Geschäftskunden' })).findByText('Gespeichert'),
    ).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches[0]).toEqual({ contactPushCustomer: true });
    expect(patches[1]).toEqual({
      vatIdPlaces: ['order-note', 'order-attributes', 'order-billing', 'customer-tags', 'company-location'],
    });
  });

  it('shows a refused save in German at the field', async () => {
    const api = fakeApi({
      '/shop': shop,
      'GET /preferences/contacts': {
        section: 'contacts',
        value: { ...DEFAULT_CONTACT_PREFERENCES, contactCreate: ['b2b'] },
      },
      'PATCH /preferences/contacts': new ApiError(400, 'Ungültige Eingabe', 'VALIDATION', {
        error: 'VALIDATION',
        message: 'Ungültige Eingabe',
        field: 'contactCreate.1',
      }),
    });
    renderRemote(App, { basePath: '/preferences', path: '/contacts', api });
    fireEvent.change(await screen.findByLabelText('Tags für Kontakte'), { target: { value: 'x,' } });
    expect(await screen.findByText('Ungültige Eingabe')).toBeTruthy();
  });
});

describe('VAT-ID test dialog (?action=test-vatid)', () => {
  it('finds the ID the worker would find, and names its source', async () => {
    let navigatedTo = '';
    renderRemote(App, {
      basePath: '/preferences',
      path: '/contacts',
      search: '?action=test-vatid',
      api: contactsApi(),
      navigate: (to) => {
        navigatedTo = to;
      },
    });
    fireEvent.change(within(await screen.findByRole('dialog')).getByLabelText('Bestellnotiz'), {
      target: { value: 'Bitte netto, USt-IdNr: ATU12345678' },
    });
    const result = screen.getByRole('region', { name: 'Ergebnis' });
    expect(within(result).getByText('Gefunden: ATU12345678')).toBeTruthy();
    expect(within(result).getByText(/Quelle: Bestellnotiz · Land: Österreich · Format gültig/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(navigatedTo).toBe('/preferences/contacts');
  });

  it('says in German when an ID has the wrong format', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/contacts',
      search: '?action=test-vatid',
      api: contactsApi(),
    });
    fireEvent.change(within(await screen.findByRole('dialog')).getByLabelText('Bestellnotiz'), {
      target: { value: 'USt-IdNr: ATU1234567 danke' },
    });
    expect(screen.getByText('Keine USt-IdNr. gefunden')).toBeTruthy();
    expect(
      screen.getByText('„ATU1234567“ sieht wie eine USt-IdNr. aus, hat aber kein gültiges Format für AT.'),
    ).toBeTruthy();
  });

  it('uses the saved sources: an ID in a switched-off place is not taken', async () => {
    renderRemote(App, {
      basePath: '/preferences',
      path: '/contacts',
      search: '?action=test-vatid',
      api: contactsApi({ vatIdPlaces: ['order-note'] }),
    });
    fireEvent.change(await screen.findByLabelText('Firma (Rechnungsadresse)'), {
      target: { value: 'Muster GmbH DE123456789' },
    });
    expect(screen.getByText('In den gewählten Quellen nicht gefunden')).toBeTruthy();
    expect(screen.getByText(/DE123456789 steht in „Rechnungsadresse \(Firma, Adresszusatz\)“/)).toBeTruthy();
  });
});

describe('checkVatIds', () => {
  it('prefers the ID of the billing country, like the worker', () => {
    const sample = { ...EMPTY_SAMPLE, note: 'ATU12345678', company: 'Muster GmbH, DE123456789', country: 'DE' };
    const places = ['order-note', 'order-billing'] as const;
    expect(checkVatIds(sample, places).found).toMatchObject({
      vatId: 'DE123456789',
      country: 'DE',
      place: 'order-billing',
    });
    expect(checkVatIds(sample, places).domestic).toBe(true);
    expect(checkVatIds({ ...sample, country: 'AT' }, places).found?.vatId).toBe('ATU12345678');
    expect(checkVatIds({ ...EMPTY_SAMPLE, note: 'Deutschland, Rechnung 2024' }, places)).toMatchObject({
      found: null,
      invalid: [],
    });
  });

  it('reads the company location tax ID as its own source', () => {
    const found = checkVatIds({ ...EMPTY_SAMPLE, companyLocation: 'FR40303265045' }, ['company-location']).found;
    expect(found).toMatchObject({ vatId: 'FR40303265045', place: 'company-location', country: 'FR' });
  });

  it('keeps a contact category and says that Lexware Office cannot take it; too long is refused in German', async () => {
    const api = contactsApi();
    renderRemote(App, { basePath: '/preferences', path: '/contacts', api });
    const organise = await screen.findByRole('region', { name: 'Organisieren' });
    expect(within(organise).getByText(/kennt keine Kontaktkategorie/)).toBeTruthy();
    const category = within(organise).getByLabelText('Kontaktkategorie');
    fireEvent.change(category, { target: { value: 'x'.repeat(51) } });
    fireEvent.blur(category);
    expect(await within(organise).findByText('Maximal 50 Zeichen')).toBeTruthy();
    fireEvent.change(category, { target: { value: ' Onlineshop ' } });
    fireEvent.blur(category);
    expect(await within(organise).findByText('Gespeichert')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ contactCategory: ' Onlineshop ' });
  });
});
