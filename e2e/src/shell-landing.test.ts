import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { startStack, type Stack } from './stack';

/** `/` for a visitor without a session: features, prices, and an install that starts Shopify's grant. */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ worker: false });
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await frontends?.stop();
  await stack?.stop();
});

describe('the public landing page, in Chromium', () => {
  it('shows features and prices and sends the install to Shopify through /api/auth', async () => {
    const shop = 'besucher-laden.myshopify.com';
    await fetch(`${stack.sandbox.urls.control}/control/shops`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shop }),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${frontends.urls.shell}/`);
    await page.getByRole('heading', { name: 'Funktionen' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Preise' }).waitFor();
    await page.getByText('Empfohlen zum Start').waitFor();
    await screenshot(page, 'landing');

    await page.getByRole('button', { name: 'Installieren' }).click();
    await page.getByText('Bitte gib die Adresse deines Shops ein').waitFor();
    await page.getByLabel('Adresse deines Shops').fill('besucher-laden');
    await page.getByRole('button', { name: 'Installieren' }).click();
    // The sandbox's Shopify asks for the grant: the real OAuth install has started.
    await page.waitForURL(/\/store\/besucher-laden\.myshopify\.com\/admin\/oauth\/authorize/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${stack.gatewayUrl}/api/auth/callback`);
    await screenshot(page, 'landing-install-grant');
  });
});
