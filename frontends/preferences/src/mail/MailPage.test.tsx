import { ApiError } from '@belegfluss/frontend-kit';
import { fakeApi, renderRemote } from '@belegfluss/frontend-kit/testing';
import { CreditPreferencesSchema, InvoicePreferencesSchema, type SmtpSettingsView } from '@belegfluss/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from '../App';

const invoices = (change: Record<string, unknown> = {}) => ({
  section: 'invoices',
  value: { ...InvoicePreferencesSchema.parse({}), ...change },
});
const credits = (change: Record<string, unknown> = {}) => ({
  section: 'credits',
  value: { ...CreditPreferencesSchema.parse({}), ...change },
});
const sender: SmtpSettingsView = {
  host: 'smtp.mein-laden.de',
  port: 465,
  encryption: 'SSL',
  user: 'laden',
  email: 'rechnung@mein-laden.de',
  name: 'Mein Laden',
  hasPassword: true,
  status: 'connected',
  error: null,
  checkedAt: '2025-11-20T10:00:00Z',
};

function mailPage(routes: Record<string, unknown>) {
  const api = fakeApi({
    '/shop/smtp': { smtp: null },
    '/preferences/invoices': invoices(),
    '/preferences/credits': credits(),
    ...routes,
  });
  renderRemote(App, { basePath: '/preferences', path: '/mail', api });
  return api;
}
const region = async (name: string) => within(await screen.findByRole('region', { name }));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('e-mail page: own SMTP sender', () => {
  it('says the default sender is used, blocks a bad form in the words of the spec, and checks a good one', async () => {
    const api = mailPage({
      'POST /shop/smtp/validate': (body: Record<string, unknown>) => ({
        status: 'connected',
        result: { ok: true, message: 'SMTP-Verbindung erfolgreich hergestellt' },
        smtp: {
          ...sender,
          host: body.host,
          port: null,
          encryption: body.encryption,
          checkedAt: '2025-11-21T09:00:00Z',
        },
      }),
    });
    let smtp = await region('Eigener Absender (SMTP)');
    expect(smtp.getByText('Standard-Absender der App aktiv')).toBeTruthy();
    // SSL is the default, and an empty port means its 465.
    expect(smtp.getByLabelText('Port').getAttribute('placeholder')).toBe('465');

    type(smtp.getByLabelText('SMTP-Server'), 'mail server!');
    type(smtp.getByLabelText('Absender-E-Mail'), 'keine-adresse');
    fireEvent.click(smtp.getByRole('button', { name: 'Verbindung prüfen' }));
    expect(smtp.getByText('Ungültiger Hostname')).toBeTruthy();
    expect(smtp.getByText('Gültige E-Mail-Adresse erforderlich')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    type(smtp.getByLabelText('SMTP-Server'), 'smtp.mein-laden.de');
    type(smtp.getByLabelText('Absender-E-Mail'), 'rechnung@mein-laden.de');
    type(smtp.getByLabelText('Passwort'), 'geheim');
    fireEvent.change(smtp.getByLabelText('Verschlüsselung'), { target: { value: 'TLS' } });
    fireEvent.click(smtp.getByRole('button', { name: 'Verbindung prüfen' }));
    expect(await screen.findByText('SMTP-Verbindung erfolgreich hergestellt')).toBeTruthy();
    // The card starts afresh from the server's answer.
    smtp = await region('Eigener Absender (SMTP)');
    expect(await smtp.findByText('Verbunden')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      host: 'smtp.mein-laden.de',
      port: '',
      encryption: 'TLS',
      user: '',
      pass: 'geheim',
      email: 'rechnung@mein-laden.de',
      name: '',
    });
    // The password is never shown back.
    expect((smtp.getByLabelText('Passwort') as HTMLInputElement).value).toBe('');
  });

  it('shows a failed check as interrupted with the stored error, and keeps the stored password when none is typed', async () => {
    const api = mailPage({
      '/shop/smtp': { smtp: sender },
      'POST /shop/smtp/validate': {
        status: 'interrupted',
        result: { ok: false, message: 'SMTP-Verbindung fehlgeschlagen: Benutzername oder Passwort ist falsch' },
        smtp: { ...sender, status: 'interrupted', error: 'Benutzername oder Passwort ist falsch' },
      },
    });
    let smtp = await region('Eigener Absender (SMTP)');
    expect(smtp.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.')).toBeTruthy();
    expect(
      smtp.getByText('Belegfluss versendet deine Belege über smtp.mein-laden.de als rechnung@mein-laden.de.'),
    ).toBeTruthy();
    fireEvent.click(smtp.getByRole('button', { name: 'Verbindung prüfen' }));
    expect(await screen.findByText('SMTP-Verbindung fehlgeschlagen')).toBeTruthy();
    smtp = await region('Eigener Absender (SMTP)');
    expect(await smtp.findByText('Unterbrochen')).toBeTruthy();
    expect(smtp.getByText('Benutzername oder Passwort ist falsch')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('pass');
  });

  it('asks for the password again once the server or the login differs from the stored one', async () => {
    mailPage({ '/shop/smtp': { smtp: sender } });
    const smtp = await region('Eigener Absender (SMTP)');
    const again = 'Bitte gib das Passwort erneut ein, wenn du den Server oder den Benutzernamen änderst.';
    type(smtp.getByLabelText('SMTP-Server'), 'mail.fremder-server.de');
    expect(await smtp.findByText(again)).toBeTruthy();
    type(smtp.getByLabelText('SMTP-Server'), 'SMTP.mein-laden.de');
    expect(await smtp.findByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.')).toBeTruthy();
    type(smtp.getByLabelText('Benutzername'), 'jemand');
    expect(await smtp.findByText(again)).toBeTruthy();
  });

  it('saves without checking, shows the server field error at its field, and removes the sender', async () => {
    const api = mailPage({
      '/shop/smtp': { smtp: { ...sender, status: 'unchecked', checkedAt: null } },
      'PATCH /shop/smtp': new ApiError(400, 'Bitte gib einen Port zwischen 1 und 65535 ein', 'VALIDATION', {
        error: 'VALIDATION',
        message: 'Bitte gib einen Port zwischen 1 und 65535 ein',
        field: 'port',
      }),
      'DELETE /shop/smtp': undefined,
    });
    const smtp = await region('Eigener Absender (SMTP)');
    expect(smtp.getByText('Ungeprüft')).toBeTruthy();
    fireEvent.click(smtp.getByRole('button', { name: 'Speichern' }));
    expect(await smtp.findByText('Bitte gib einen Port zwischen 1 und 65535 ein')).toBeTruthy();
    fireEvent.click(smtp.getByRole('button', { name: 'Eigenen Absender entfernen' }));
    expect(await screen.findByText('Eigener Absender entfernt')).toBeTruthy();
    expect(await screen.findByText('Standard-Absender der App aktiv')).toBeTruthy();
    expect(api.calls.map((c) => c.method)).toContain('DELETE');
  });
});

describe('e-mail page: automatic sending', () => {
  it('saves the invoice block nested, with tags lower-cased and attachments', async () => {
    const patch = vi.fn((body: Record<string, unknown>) => ({ ...invoices(body), forced: [], warnings: [] }));
    mailPage({ 'PATCH /preferences/invoices': patch });
    const card = await region('Rechnungen per E-Mail');
    fireEvent.click(card.getByLabelText('Rechnungen automatisch per E-Mail senden'));
    type(card.getByLabelText('Blindkopie (BCC)'), 'buchhaltung@mein-laden.de');
    type(card.getByLabelText('Nicht senden bei Tags'), 'Großkunde,');
    fireEvent.click(card.getByRole('button', { name: 'Anhang hinzufügen' }));
    type(card.getByLabelText('Anhang 1'), 'https://mein-laden.de/agb.pdf');
    fireEvent.click(card.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patch.mock.calls[0]![0]).toEqual({
      invoiceSendMail: expect.objectContaining({
        enabled: true,
        copy: 'buchhaltung@mein-laden.de',
        skipTags: ['großkunde'],
        attachments: ['https://mein-laden.de/agb.pdf'],
      }),
    });
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
  });

  it('inserts a placeholder into the credit message at the cursor, previews it and saves it with the block', async () => {
    const message = 'Hallo {ORDER.CUSTOMER_NAME}, anbei die Gutschrift.';
    const patch = vi.fn((body: Record<string, unknown>) => ({ ...credits(body), forced: [], warnings: [] }));
    mailPage({
      'PATCH /preferences/credits': patch,
      [`/lexoffice/vars?${new URLSearchParams({ value: message, type: 'mail', field: 'message' })}`]: {
        value: 'Hallo Erika Muster, anbei die Gutschrift.',
        order: '#1001',
      },
    });
    const credit = await region('Gutschriften per E-Mail');
    const field = credit.getByLabelText('Nachricht') as HTMLTextAreaElement;
    type(field, 'Hallo , anbei die Gutschrift.');
    field.focus();
    field.setSelectionRange(6, 6);
    fireEvent.click(credit.getByRole('button', { name: 'Platzhalter' }));
    expect(
      await credit.findByText('Ein Klick fügt den Platzhalter in „Nachricht“ an der Cursorposition ein.'),
    ).toBeTruthy();
    // The mail is rendered with the order alone.
    expect(credit.getByRole('heading', { name: 'Bestellung' })).toBeTruthy();
    expect(credit.queryByRole('heading', { name: 'Erstattung' })).toBeNull();
    expect(credit.queryByRole('heading', { name: 'Metafelder' })).toBeNull();
    fireEvent.click(credit.getByRole('button', { name: '{ORDER.CUSTOMER_NAME} Name des Kunden einfügen' }));
    expect(field.value).toBe(message);
    expect(await credit.findByText('Hallo Erika Muster, anbei die Gutschrift.')).toBeTruthy();
    fireEvent.click(credit.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(JSON.stringify(patch.mock.calls[0]![0])).toContain(JSON.stringify(message));
  });

  it('refuses a file type before sending, and shows the server errors of the flat credit fields at their field', async () => {
    const api = mailPage({
      'PATCH /preferences/credits': new ApiError(400, 'Maximal 60 Zeichen', 'VALIDATION', {
        error: 'VALIDATION',
        message: 'Maximal 60 Zeichen',
        field: 'creditSendMailSubject',
      }),
    });
    const invoice = await region('Rechnungen per E-Mail');
    fireEvent.click(invoice.getByRole('button', { name: 'Anhang hinzufügen' }));
    type(invoice.getByLabelText('Anhang 1'), 'https://mein-laden.de/tool.exe');
    fireEvent.click(invoice.getByRole('button', { name: 'Speichern' }));
    expect(invoice.getByText('Dateityp nicht erlaubt (html, pdf, doc, docx, jpg, jpeg, png, gif)')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    const credit = await region('Gutschriften per E-Mail');
    type(credit.getByLabelText('Betreff'), 'Gutschrift');
    fireEvent.click(credit.getByRole('button', { name: 'Speichern' }));
    const subject = credit.getByLabelText('Betreff');
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    expect(credit.getByText('Maximal 60 Zeichen')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      creditSendMailSubject: 'Gutschrift',
      creditSendMailEnabled: false,
    });
  });

  it('disables sending while documents are drafts, says why, and offers to finalise', async () => {
    let stored = credits({ creditFinalize: false });
    const api = mailPage({
      'GET /preferences/credits': () => stored,
      'PATCH /preferences/credits': (body: Record<string, unknown>) => {
        stored = credits({ ...stored.value, ...body });
        return { ...stored, forced: [], warnings: [] };
      },
    });
    const credit = await region('Gutschriften per E-Mail');
    expect(credit.getByText('Automatischer Versand nicht möglich')).toBeTruthy();
    expect((credit.getByLabelText('Gutschriften automatisch per E-Mail senden') as HTMLInputElement).disabled).toBe(
      true,
    );
    const invoice = await region('Rechnungen per E-Mail');
    expect((invoice.getByLabelText('Rechnungen automatisch per E-Mail senden') as HTMLInputElement).disabled).toBe(
      false,
    );
    fireEvent.click(credit.getByRole('button', { name: 'Gutschriften automatisch festschreiben' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ creditFinalize: true }));
    await waitFor(() => expect(screen.queryByText('Automatischer Versand nicht möglich')).toBeNull());
    expect(
      (
        (await region('Gutschriften per E-Mail')).getByLabelText(
          'Gutschriften automatisch per E-Mail senden',
        ) as HTMLInputElement
      ).disabled,
    ).toBe(false);
  });
});

describe('settings home', () => {
  it('links to the e-mail page and shows the sender in use', async () => {
    const navigate = vi.fn();
    renderRemote(App, {
      basePath: '/preferences',
      navigate,
      api: fakeApi({
        '/shop/smtp': { smtp: sender },
        '/preferences/invoices': invoices({ invoiceSendMail: { enabled: true } }),
        '/preferences/credits': credits(),
      }),
    });
    expect(await screen.findByText('Eigener Absender: rechnung@mein-laden.de über smtp.mein-laden.de')).toBeTruthy();
    expect(await screen.findByText('Rechnungen: werden automatisch per E-Mail versendet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'E-Mail-Versand einrichten' }));
    expect(navigate).toHaveBeenCalledWith('/preferences/mail');
  });
});
