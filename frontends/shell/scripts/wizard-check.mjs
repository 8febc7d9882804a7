// Drives the connect wizard against the running stack (npm start) in headless Chromium.
// node scripts/wizard-check.mjs  → screenshots in test-results/screenshots/
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const SANDBOX = process.env.SANDBOX_CONTROL ?? 'http://127.0.0.1:4000';
const SHELL = process.env.SHELL_URL ?? 'http://127.0.0.1:3000';
const OUT = new URL('../test-results/screenshots/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
const page = await context.newPage();
const shot = async (name, target = page) => {
  await target.screenshot({ path: `${OUT}${name}.png` });
  console.log(`screenshot ${name}`);
};
const api = [];
page.on('response', (response) => {
  if (response.url().includes('/api/'))
    api.push(`${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`);
});

try {
  // The sandbox: a new shop, then install the app for it.
  const name = `wizard-${Date.now().toString(36)}`;
  await page.goto(SANDBOX);
  await page.fill('#shop-form input[name=shop]', name);
  await page.click('#shop-form button');
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('#shop option')].some((o) => o.value.startsWith(n)),
    name,
  );
  const shop = await page.$eval(
    '#shop',
    (select, n) => [...select.options].find((o) => o.value.startsWith(n)).value,
    name,
  );
  console.log('shop', shop);
  await page.selectOption('#shop', shop);
  const [install] = await Promise.all([context.waitForEvent('page'), page.click('#install')]);
  await install.waitForLoadState();
  await install.click('button#install');
  await install.waitForURL(/127\.0\.0\.1:3000\/home/, { timeout: 20_000 });
  await install.close();

  await page.goto(`${SHELL}/home?shop=${encodeURIComponent(shop)}`);
  await page.getByText('Verbleibende Übertragungen').waitFor({ timeout: 20_000 });
  await shot('01-dashboard');

  await page.getByRole('link', { name: 'Jetzt verbinden' }).click();
  await page.getByText('Schritt 1 von 7').waitFor();
  await shot('02-wizard-consent');
  for (const box of await page.getByRole('dialog').getByRole('checkbox').all()) await box.check({ force: true });
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByText('Schritt 2 von 7').waitFor();
  await shot('03-wizard-authorize');

  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Mit Lexware Office verbinden' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.waitForURL(/authorize/, { timeout: 10_000 });
  console.log('popup', popup.url(), await popup.evaluate(() => [window.outerWidth, window.outerHeight]));
  await shot('04-lexware-popup', popup);
  await popup.getByRole('button', { name: 'Zugriff erlauben' }).click();
  await popup.waitForEvent('close', { timeout: 15_000 });

  // Steps 2 and 3 run by themselves; each may stop at an honest error.
  for (const step of ['3', '4']) {
    await page.getByText(new RegExp(`Schritt (${step}|5) von 7`)).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    await shot(`05-wizard-step-${step}`);
    const skip = page.getByRole('button', { name: 'Überspringen' });
    if ((await page.getByText(`Schritt ${step} von 7`).isVisible()) && (await skip.count()) > 0)
      await skip.first().click();
  }

  await page.getByText('Schritt 5 von 7').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(3000);
  await shot('06-wizard-vat');
  await page.getByText('One-Stop-Shop (OSS)', { exact: true }).click();
  await page.waitForTimeout(500);
  await shot('07-wizard-vat-oss');
  await page.getByText('Nur deutsche Umsatzsteuer', { exact: true }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.waitForTimeout(1500);
  await shot('08-wizard-vat-saved');
  if (await page.getByText('Die Auswahl wurde nicht gespeichert').isVisible())
    await page.getByRole('button', { name: 'Überspringen' }).click();

  await page.getByText('Schritt 6 von 7').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await shot('09-wizard-tax-setup');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByText('Schritt 7 von 7').waitFor();
  await shot('10-wizard-activate');
  await page.getByRole('button', { name: 'Testphase starten' }).click();
  await page.waitForTimeout(2000);
  await shot('11-wizard-activated');

  for (const [file, path] of [
    ['12-plan', '/plan'],
    ['13-orders', '/orders'],
    ['14-help-connect', '/help/setup/connect'],
  ]) {
    await page.goto(`${SHELL}${path}?shop=${encodeURIComponent(shop)}`);
    await page.waitForTimeout(2500);
    await shot(file);
  }
} catch (error) {
  console.error('FAILED', error);
  await shot('99-failure').catch(() => undefined);
  process.exitCode = 1;
} finally {
  console.log(api.join('\n'));
  await browser.close();
}
