/**
 * A look at the historical import dialog in Chromium (not a test): three backdated days, one
 * imported, one whose run support terminates while it waits its turn, then screenshots of the
 * card (per-day progress, imported days with counts, the terminated day) and of the calendar.
 * Run: cd e2e && npx tsx src/import-dialog.look.ts (frontends built, TEMPORAL_CLI_PATH set).
 */
import { germanDay, germanDayBounds } from '@belegfluss/shared';
import { importWorkflowId } from '@belegfluss/orchestration/api';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { merchant } from './merchant';
import { startStack } from './stack';
import { purchasesTable, shopsTable } from '@belegfluss/db/testing';

const shop = 'dialog-blick.myshopify.com';
const stack = await startStack();
const frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
const m = merchant(stack, shop);
const control = stack.sandbox.urls.control;
const post = (url: string, body: unknown) =>
  m.json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
try {
  await post(`${control}/control/shops`, { shop, createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
  const days = [12, 11, 10].map((n) => germanDay(new Date(Date.now() - n * 86_400_000).toISOString()));
  for (const [i, d] of days.entries()) {
    await post(`${control}/control/shops/${shop}/orders`, {
      scenario: 'de_b2c',
      createdAt: new Date(Date.parse(germanDayBounds(d).from) + 10 * 3600_000).toISOString(),
      count: [12, 6, 4][i],
      paid: true,
    });
  }
  await m.install();
  await m.connectLexware();
  await shopsTable.update(stack.db, { id: shop }, { planId: 'standard', transfersQuota: 300 });
  await purchasesTable.insert(stack.db, {
    shopId: shop,
    feature: 'orderImport',
    price: 129,
    status: 'active',
    activatedAt: new Date(),
  });

  await m.api(`/api/orders/import?date=${days[0]}`, { method: 'POST' });
  // The second day waits its turn behind the first; support terminates it meanwhile.
  await m.api(`/api/orders/import?date=${days[1]}`, { method: 'POST' });
  await stack.temporal.client.workflow.getHandle(importWorkflowId(shop, days[1]!)).terminate('vom Support beendet');

  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
  await page.goto(`${frontends.urls.shell}/orders?shop=${shop}`);
  await page.getByText('Importierte Tage').waitFor({ timeout: 60_000 });
  await page.getByText('von Hand beendet', { exact: false }).waitFor({ timeout: 60_000 });
  // Part-way through the first day: some of its invoices made.
  await page.getByText(/12 Bestellungen eingelesen, ([3-9]|1[01]) Rechnungen, /).waitFor({ timeout: 120_000 });
  console.log('card:', await screenshot(page, 'import-card-progress'));
  await page.getByRole('button', { name: 'Zeitraum auswählen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  console.log('weekdays:', (await dialog.getByRole('columnheader').allTextContents()).join(' '));
  console.log('dialog:', await screenshot(page, 'import-dialog-calendar'));
  await page.keyboard.press('Escape');
  await page.getByText('12 Bestellungen eingelesen, 12 Rechnungen · abgeschlossen').waitFor({ timeout: 180_000 });
  console.log('done:', await screenshot(page, 'import-card-done'));
  console.log('days:', JSON.stringify((await m.api<{ days: unknown[] }>('/api/orders/import/days')).days));
  await browser.close();
} finally {
  await frontends.stop();
  await stack.stop();
}
process.exit(0);
