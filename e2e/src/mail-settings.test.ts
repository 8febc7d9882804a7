import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import { SMTP_TEST_HOST, type Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser, setCheckbox } from './merchant-browser';
import { mailSendOfShop } from '@belegfluss/db/testing';

/**
 * The merchant's own SMTP sender and automatic invoice mail, clicked through in Chromium
 * against the whole stack: the sandbox's SMTP server demands a login, the check succeeds,
 * a wrong password is shown as interrupted, and a paid order's invoice arrives from the
 * merchant's own address with its PDF.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'mail-settings-laden.myshopify.com';
const SENDER = 'rechnung@mail-settings-laden.de';
const m = () => merchant(stack, shop);
const control = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.sandbox.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
const serverErrors: string[] = [];

interface Caught {
  id: string;
  subject: string;
  from: string | null;
  envelope: { to: string[] };
  attachments: { filename: string; contentType: string }[];
}

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors));
  // The sandbox SMTP server now takes only the merchant's login.
  await control('/control/mail/settings', {
    method: 'PUT',
    body: JSON.stringify({ auth: { user: 'laden', pass: 'geheim' }, requireTls: false }),
  });
});
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('e-mail settings in Chromium', () => {
  it('checks the own SMTP sender, shows a wrong password, and turns on invoice mail', async () => {
    await page.goto(`${frontends.urls.shell}/preferences?shop=${shop}`);
    await page.getByText('Absender: der Standard-Absender der App').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'E-Mail-Versand einrichten' }).click();
    await page.getByRole('heading', { name: 'E-Mail-Versand', level: 1 }).waitFor();
    const smtp = page.getByRole('region', { name: 'Eigener Absender (SMTP)' });
    await smtp.getByText('Standard-Absender der App aktiv').waitFor();
    // The placeholder is the port of the chosen encryption: SSL (the default) listens on 465.
    expect(await smtp.getByLabel('Port').getAttribute('placeholder')).toBe('465');

    const { port } = stack.sandbox.urls.smtp!;
    await smtp.getByLabel('SMTP-Server').fill(SMTP_TEST_HOST);
    await smtp.getByLabel('Port').fill(String(port));
    await smtp.getByLabel('Verschlüsselung').selectOption('TLS');
    await smtp.getByLabel('Benutzername').fill('laden');
    await smtp.getByLabel('Passwort').fill('geheim');
    await smtp.getByLabel('Absender-E-Mail').fill(SENDER);
    await smtp.getByLabel('Absendername').fill('Mail Laden');
    await smtp.getByRole('button', { name: 'Verbindung prüfen' }).click();
    await page.getByText('SMTP-Verbindung erfolgreich hergestellt').first().waitFor({ timeout: 20_000 });
    await smtp.getByText('Verbunden', { exact: true }).waitFor();
    await smtp.getByText(`Belegfluss versendet deine Belege über ${SMTP_TEST_HOST} als ${SENDER}.`).waitFor();
    // The password is stored, never shown back.
    expect(await smtp.getByLabel('Passwort').inputValue()).toBe('');
    await smtp.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.').waitFor();

    await smtp.getByLabel('Passwort').fill('falsch');
    await smtp.getByRole('button', { name: 'Verbindung prüfen' }).click();
    await page.getByText('SMTP-Verbindung fehlgeschlagen', { exact: true }).first().waitFor({ timeout: 20_000 });
    await smtp.getByText('Unterbrochen', { exact: true }).waitFor();
    await smtp.getByText('Verbindung unterbrochen').waitFor();
    await smtp.getByText(/Passwort ist falsch/).waitFor();
    await screenshot(page, 'mail-settings-interrupted');
    const stored = await m().api<{ smtp: { status: string; error: string } }>('/api/shop/smtp');
    expect(stored.smtp).toMatchObject({ status: 'interrupted', error: expect.stringMatching(/Passwort/) });

    await smtp.getByLabel('Passwort').fill('geheim');
    await smtp.getByRole('button', { name: 'Verbindung prüfen' }).click();
    await smtp.getByText('Verbunden', { exact: true }).waitFor({ timeout: 20_000 });

    const invoices = page.getByRole('region', { name: 'Rechnungen per E-Mail' });
    await setCheckbox(invoices.getByLabel('Rechnungen automatisch per E-Mail senden'));
    await invoices.getByLabel('Blindkopie (BCC)').fill('buchhaltung@mail-settings-laden.de');
    await invoices.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert', { exact: true }).first().waitFor();
    const prefs = await m().api<{ value: { invoiceSendMail: { enabled: boolean; copy: string } } }>(
      '/api/preferences/invoices',
    );
    expect(prefs.value.invoiceSendMail).toMatchObject({ enabled: true, copy: 'buchhaltung@mail-settings-laden.de' });
    await screenshot(page, 'mail-settings');
    expect(serverErrors).toEqual([]);
  }, 120_000);

  it("mails a paid order's invoice with its PDF from the merchant's own sender", async () => {
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    const [mail] = await eventually(async () => {
      const list = (await (await control('/control/mail')).json()) as Caught[];
      const mine = list.filter((c) => c.subject.endsWith(` ${order.name}`));
      return mine.length > 0 && mine;
    }, 120_000);
    expect(mail!.from).toContain(SENDER);
    expect(mail!.envelope.to).toContain('buchhaltung@mail-settings-laden.de');
    expect(mail!.attachments).toMatchObject([
      { contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) },
    ]);
    const pdf = await control(`/control/mail/${mail!.id}/attachments/0`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The send is recorded as sent just after the server took the mail.
    expect(
      await eventually(async () => await mailSendOfShop(stack.db, { shopId: shop, status: 'sent' })),
    ).toMatchObject({ sender: 'own' });

    // The order's document card says when it was mailed.
    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    await page.getByRole('heading', { name: order.name }).waitFor({ timeout: 20_000 });
    await page
      .getByText(/^Zuletzt versendet am /)
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'mail-settings-order-emailed');
  }, 180_000);
});
