import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { CreditPreferencesSchema } from '@belegfluss/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from '../App';

type Raw = Record<string, unknown>;
const credits = (change: Raw = {}) => ({
  section: 'credits',
  value: { ...CreditPreferencesSchema.parse({}), ...change },
});

/** A gateway that keeps what is saved, as the real one does, with the mail rule. */
function creditsPage({
  expertMode = false,
  invoiceCreate = true,
  stored = {} as Raw,
  search = '',
  routes = {} as Raw,
} = {}) {
  let value = credits(stored).value as Raw;
  let general: Raw = { language: 'de', home: '', email: '', expertMode };
  const api = fakeApi({
    'GET /preferences/credits': () => ({ section: 'credits', value }),
    'PATCH /preferences/credits': (body: Raw) => {
      value = { ...value, ...body };
      const forced =
        value.creditFinalize === false && value.creditSendMailEnabled === true ? ['creditSendMailEnabled'] : [];
      if (forced.length) value.creditSendMailEnabled = false;
      return { section: 'credits', value, forced, warnings: [] };
    },
    '/preferences/automation': {
      section: 'automation',
      value: {
        invoiceCreate,
        creditCreate: true,
        transactionCreate: false,
        transactionHints: false,
        transactionFees: false,
      },
    },
    'GET /preferences/general': () => ({ section: 'general', value: general }),
    '/lexoffice/vars?value=Gutschrift&type=credit&field=title': { value: 'Gutschrift zu #1001', order: '#1001' },
    'PATCH /preferences/general': (body: Raw) => {
      general = { ...general, ...body };
      return { section: 'general', value: general, forced: [], warnings: [] };
    },
    ...routes,
  });
  const navigate = vi.fn();
  renderRemote(App, { basePath: '/preferences', path: '/credits', search, api, navigate });
  return {
    api,
    navigate,
    patches: () =>
      api.calls.filter((c) => c.method === 'PATCH' && c.path === '/preferences/credits').map((c) => c.body),
  };
}
const leave = (field: HTMLElement, value: string) => {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
};

describe('credit note settings', () => {
  it('switches credit notes and discount lines on change, with the saved feedback', async () => {
    const { patches } = creditsPage({ stored: { creditCreate: false } });
    fireEvent.click(await screen.findByLabelText('Gutschriften automatisch erstellen'));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Rabatte als eigene Position ausweisen'));
    await waitFor(() => expect(patches()).toEqual([{ creditCreate: true }, { useDiscount: true }]));
    expect((screen.getByLabelText('Gutschriften automatisch erstellen') as HTMLInputElement).checked).toBe(true);
  });

  it('disables creation while invoices are off and says why', async () => {
    creditsPage({ invoiceCreate: false });
    expect(await screen.findByText('Rechnungserstellung ist aus')).toBeTruthy();
    expect((screen.getByLabelText('Gutschriften automatisch erstellen') as HTMLInputElement).disabled).toBe(true);
  });

  it('saves a text when it is left, refuses one over the limit in the words of the spec, and shows server field errors', async () => {
    const { api, patches } = creditsPage({
      routes: {
        'PATCH /preferences/credits': new ApiError(400, 'Maximal 2000 Zeichen', 'VALIDATION', {
          error: 'VALIDATION',
          message: 'Maximal 2000 Zeichen',
          field: 'creditLayoutRemark',
        }),
      },
    });
    const title = await screen.findByLabelText('Titel');
    expect((title as HTMLInputElement).value).toBe('Gutschrift');
    expect(await screen.findByText('Gutschrift zu #1001')).toBeTruthy();
    expect(screen.getByText('Lexware Office zeigt nur die ersten 25 Zeichen des Titels.')).toBeTruthy();
    leave(title, 'x'.repeat(257));
    expect(await screen.findByText('Maximal 256 Zeichen')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    leave(screen.getByLabelText('Bemerkung'), 'Danke {ORDER.NAME}');
    expect(await screen.findByText('Maximal 2000 Zeichen')).toBeTruthy();
    expect(patches()).toEqual([{ creditLayoutRemark: 'Danke {ORDER.NAME}' }]);
    expect(screen.getByLabelText('Bemerkung').getAttribute('aria-invalid')).toBe('true');
  });

  it("chooses the credit notes' print layout from Lexware's layouts", async () => {
    const layouts = {
      layouts: [
        { id: 'l-1', name: 'Standard', default: true },
        { id: 'l-2', name: 'Gutschrift mit Logo', default: false },
      ],
    };
    const { patches } = creditsPage({ routes: { '/lexoffice/print-layouts': layouts } });
    const select = (await screen.findByLabelText('Drucklayout')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['', 'l-1', 'l-2']));
    expect(select.options[0]!.textContent).toBe('Standard-Layout von Lexware Office');
    fireEvent.change(select, { target: { value: 'l-2' } });
    await waitFor(() => expect(patches()).toEqual([{ creditLayoutPrintLayout: 'l-2' }]));
    await waitFor(() => expect((screen.getByLabelText('Drucklayout') as HTMLSelectElement).value).toBe('l-2'));
    fireEvent.change(screen.getByLabelText('Drucklayout'), { target: { value: '' } });
    await waitFor(() =>
      expect(patches()).toEqual([{ creditLayoutPrintLayout: 'l-2' }, { creditLayoutPrintLayout: null }]),
    );
  });

  it('hides status, item lines and linking until expert mode is on', async () => {
    creditsPage();
    await screen.findByLabelText('Titel');
    expect(screen.queryByText('Als Entwurf anlegen')).toBeNull();
    expect(screen.queryByLabelText('Positionstitel')).toBeNull();
    expect(screen.queryByText('Bestellbezug einfügen in')).toBeNull();
    fireEvent.click(screen.getByLabelText('Expertenmodus'));
    expect(await screen.findByText('Als Entwurf anlegen')).toBeTruthy();
    expect(screen.getByLabelText('Positionstitel')).toBeTruthy();
    expect(screen.getByText('Bestellbezug einfügen in')).toBeTruthy();
  });

  it('in expert mode: item texts offer the item and refund placeholders, insert them and preview the first item', async () => {
    creditsPage({
      expertMode: true,
      routes: {
        [`/lexoffice/vars?${new URLSearchParams({ value: '{ORDER_ITEM.SKU} ', type: 'credit', field: 'itemTitle' })}`]:
          { value: 'TS-01', order: '#1001' },
      },
    });
    const title = (await screen.findByLabelText('Positionstitel')) as HTMLInputElement;
    fireEvent.change(title, { target: { value: ' ' } });
    title.focus();
    title.setSelectionRange(0, 0);
    fireEvent.click(document.querySelector('[aria-controls="credit-item-placeholders"]')!);
    const picker = within(document.getElementById('credit-item-placeholders')!);
    expect(
      await picker.findByText('Ein Klick fügt den Platzhalter in „Positionstitel“ an der Cursorposition ein.'),
    ).toBeTruthy();
    expect(picker.getByRole('heading', { name: 'Erstattung' })).toBeTruthy();
    fireEvent.click(picker.getByRole('button', { name: '{ORDER_ITEM.SKU} Artikelnummer einfügen' }));
    expect(title.value).toBe('{ORDER_ITEM.SKU} ');
    expect(await screen.findByText('TS-01')).toBeTruthy();
  });

  it('in expert mode: drafts switch mail off with a note, reference places and units save', async () => {
    const { patches } = creditsPage({ expertMode: true, stored: { creditSendMailEnabled: true } });
    const mail = within(await screen.findByRole('region', { name: 'Gutschriften per E-Mail' }));
    expect(mail.getByText('Neue Gutschriften gehen automatisch an {ORDER.EMAIL}.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Als Entwurf anlegen'));
    expect(
      await screen.findByText('Automatischer E-Mail-Versand ausgeschaltet: er braucht festgeschriebene Gutschriften.'),
    ).toBeTruthy();
    expect(await mail.findByText('Kein automatischer Versand.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Titel', { selector: 'input[type=checkbox]' }));
    fireEvent.change(screen.getByLabelText('Einheit'), { target: { value: '-' } });
    await waitFor(() =>
      expect(patches()).toEqual([
        { creditFinalize: false },
        { creditReferencePlaces: ['remark', 'title'] },
        { creditLayoutItemUnit: '-' },
      ]),
    );
    fireEvent.change(screen.getByLabelText('Einheit'), { target: { value: '__custom__' } });
    leave(screen.getByLabelText('Eigene Einheit'), '{ORDER_ITEM.SKU}');
    await waitFor(() => expect(patches().at(-1)).toEqual({ creditLayoutItemUnit: '{ORDER_ITEM.SKU}' }));
  });

  it('links to the mail form, and opens the link wizard from assistant=email-integration and from its button', async () => {
    const { navigate } = creditsPage({
      search: '?assistant=email-integration',
      stored: { creditSendMailSkipTags: ['b2b'] },
      routes: { '/metafields': { write: [], limit: 5, writeScope: { scope: 'write_orders', granted: true } } },
    });
    let wizard = within(await screen.findByRole('dialog'));
    expect(wizard.getByText('E-Mail-Verknüpfung · Schritt 1 von 3: Einführung')).toBeTruthy();
    expect(await wizard.findByRole('button', { name: 'PDF-Link-Metafeld anlegen' })).toBeTruthy();
    fireEvent.click(wizard.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(navigate).toHaveBeenCalledWith('/preferences/credits');
    const mail = within(await screen.findByRole('region', { name: 'Gutschriften per E-Mail' }));
    expect(mail.getByText('Nicht senden bei Tags: b2b · Nicht senden bei Quellen: keine')).toBeTruthy();
    fireEvent.click(mail.getByRole('button', { name: 'E-Mail-Versand bearbeiten' }));
    expect(navigate).toHaveBeenLastCalledWith('/preferences/mail');
    fireEvent.click(mail.getByRole('button', { name: 'Beleg-Link in Shopify-E-Mails einbetten' }));
    wizard = within(await screen.findByRole('dialog'));
    expect(wizard.getByText('E-Mail-Verknüpfung · Schritt 1 von 3: Einführung')).toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/preferences/mail');
  });
});
