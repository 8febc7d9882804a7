import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIGNUP_MESSAGES, type ShopView } from '@belegfluss/shared';
import { merchant } from './merchant';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { startStack, type Stack } from './stack';
import { eventLogTable } from '@belegfluss/db/testing';

/**
 * A merchant without a Lexware Office account, in headless Chromium against the whole stack:
 * the account-opening dialog of the connect wizard, the sandbox's registration page in the
 * popup, then the usual consent for the new organisation, and the wizard going on.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'konto-laden.myshopify.com';
const m = () => merchant(stack, shop);

beforeAll(async () => {
  stack = await startStack();
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await frontends?.stop();
  await stack?.stop();
});

describe('opening a Lexware Office account from the connect wizard, in Chromium', () => {
  it('validates, registers in the popup, and connects the new organisation', async () => {
    await m().createShop();
    await m().install();
    await page.goto(`${frontends.urls.shell}/home?shop=${shop}`);
    await page.getByRole('link', { name: 'Jetzt verbinden' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Schritt 1 von 7').waitFor();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check({ force: true });
    await dialog.getByText('Noch kein Lexware-Office-Konto?').waitFor();
    await dialog.getByRole('button', { name: 'Konto eröffnen' }).click();

    // The account-opening dialog: the spec's two texts, and no call before both are right.
    await dialog.getByRole('heading', { name: 'Lexware-Office-Konto eröffnen' }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Konto eröffnen' });
    await submit.click();
    await dialog.getByText(SIGNUP_MESSAGES.emailRequired).waitFor();
    await dialog.getByText(SIGNUP_MESSAGES.acceptTerms).waitFor();
    await dialog.getByLabel('E-Mail-Adresse').fill('nora neu@konto-laden.de');
    await submit.click();
    await dialog.getByText(SIGNUP_MESSAGES.emailInvalid).waitFor();
    await screenshot(page, 'signup-1-validation');
    expect(await eventLogTable.list(stack.db, { shopId: shop, event: 'lexoffice.signup' })).toHaveLength(0);

    await dialog.getByLabel('E-Mail-Adresse').fill('nora@konto-laden.de');
    await dialog.getByRole('checkbox', { name: /AGB/ }).check({ force: true });
    const [popup] = await Promise.all([page.waitForEvent('popup'), submit.click()]);

    // Lexware's registration page (the sandbox's), in the same 800×700 popup as the authorisation.
    await popup.waitForURL(/\/signup\?/);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 700]);
    expect(await popup.getByLabel('E-Mail-Adresse').inputValue()).toBe('nora@konto-laden.de');
    await popup.getByLabel('Firmenname').fill('Noras Konto-Laden GmbH');
    await popup.getByLabel('Vor- und Nachname').fill('Nora Neu');
    await screenshot(popup, 'signup-2-lexware-registration');
    await popup.getByRole('button', { name: 'Konto eröffnen' }).click();
    await popup.waitForEvent('close', { timeout: 20_000 });

    // Back in the wizard, at the authorisation, which offers the new organisation.
    await dialog.getByText('Schritt 2 von 7').waitFor();
    const [consent] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Mit Lexware Office verbinden' }).click(),
    ]);
    await consent.waitForURL(/\/oauth2\/authorize/);
    await consent.selectOption('select[name=organizationId]', { label: 'Noras Konto-Laden GmbH' });
    await screenshot(consent, 'signup-3-lexware-consent');
    await consent.getByRole('button', { name: 'Zugriff erlauben' }).click();
    await consent.waitForEvent('close', { timeout: 20_000 });

    await dialog.getByText(/Schritt [3-7] von 7/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'signup-4-wizard-continues');
    const view = await m().api<ShopView>('/api/shop');
    expect(view.lexoffice).toMatchObject({ isConnected: true, profile: { companyName: 'Noras Konto-Laden GmbH' } });
    const logged = await eventLogTable.list(stack.db, { shopId: shop, event: 'lexoffice.signup' });
    expect(logged.map((row: { body: unknown }) => row.body)).toEqual([
      expect.objectContaining({ email: 'nora@konto-laden.de', acceptTerms: true }),
    ]);
  });
});
