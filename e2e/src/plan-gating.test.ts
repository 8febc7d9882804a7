import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot, serveFrontends } from './frontends';
import { openAppPage } from './merchant-browser';
import { merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { shopsTable } from '@belegfluss/db/testing';

/**
 * Plan gating in Chromium against the whole stack: the plan table
 * shows colour, tagline, features and requirements and leaves Basic out for a shop on Shopify
 * Advanced; a feature the plan lacks is under the feature-lock overlay with the server's 402 text
 * and refused by the gateway; on a plan with it the overlay is gone and the setting is saved.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'tarif-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
const FEES_LOCKED = 'Die Funktion „Gebühren“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Standard.';

beforeAll(async () => {
  stack = await startStack();
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  // A shop on Shopify's Advanced plan: Basic is not for it.
  await m().json(`${stack.sandbox.urls.control}/control/shops`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shop, plan: 'advanced' }),
  });
  await m().install();
  await m().connectLexware();
  ({ browser, page } = await openAppPage(serverErrors));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await frontends?.stop();
  await stack?.stop();
});

describe('plans and feature locks in Chromium', () => {
  it('shows each plan with its tagline, features and requirements, and no Basic for a shop on Shopify Advanced', async () => {
    await page.goto(`${frontends.urls.shell}/plan?shop=${shop}`);
    const table = page.locator('#pricing');
    await table.getByText('Für wachsende Shops').waitFor({ timeout: 60_000 });
    for (const text of [
      'Zum Ausprobieren',
      'Für etablierte Shops',
      'Für große Shops mit Shopify Plus',
      'Belege für Bestellungen',
    ])
      await table.getByText(text).first().waitFor();
    // Standard's step up from Free, since Basic is not offered here.
    expect(await table.locator('tr', { hasText: 'Für wachsende Shops' }).innerText()).toContain(
      '+ E-Mail-Versand, Drucklayouts, Lieferdatum, Metafelder, Tag-Regeln, Erweiterte Kontaktdaten, Gebühren, Zahlstatus-Abgleich',
    );
    expect(await page.getByRole('radio', { name: 'Basic' }).count()).toBe(0);
    await screenshot(page, 'plan-table');
  }, 120_000);

  it('locks a feature the plan lacks with the overlay and the gateway refuses it with 402', async () => {
    await page.goto(`${frontends.urls.shell}/preferences/transactions?shop=${shop}`);
    await page.getByText(FEES_LOCKED).waitFor({ timeout: 60_000 });
    const lock = page.locator('[data-feature="fees"]');
    expect(await lock.getAttribute('data-feature-lock')).toBe('feature');
    expect(await lock.getByRole('link', { name: 'Tarif upgraden' }).getAttribute('href')).toBe('/plan#pricing');
    await screenshot(page, 'feature-lock-fees');

    const token = await m().token();
    const refused = await fetch(`${stack.gatewayUrl}/api/preferences/transactions`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transactionCreate: true, transactionFees: true }),
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ message: FEES_LOCKED });
    expect(
      (await m().api<{ value: { transactionFees: boolean } }>('/api/preferences/transactions')).value.transactionFees,
    ).toBe(false);
  }, 120_000);

  it('opens the feature on a plan that has it, and the merchant’s choice is saved', async () => {
    // As after Shopify approved the Standard subscription.
    await shopsTable.update(stack.db, { id: shop }, { planId: 'standard', transfersQuota: 300 });
    await page.goto(`${frontends.urls.shell}/preferences/transactions?shop=${shop}`);
    const create = page.getByLabel('Umsätze automatisch erstellen');
    await create.waitFor({ timeout: 60_000 });
    expect(await page.getByText(FEES_LOCKED).count()).toBe(0);
    // Each switch saves at once and shows what the server kept. The page may still be settling (the
    // plan's data arriving re-renders it): a forced click does not wait, so wait for the switch first.
    await expect.poll(() => create.isVisible(), { timeout: 30_000 }).toBe(true);
    if (!(await create.isChecked())) await create.click({ force: true });
    await expect.poll(() => create.isChecked(), { timeout: 30_000 }).toBe(true);
    const fees = page.getByLabel('Gebühren als eigene Beträge buchen');
    await expectEnabled(fees);
    await fees.click({ force: true });
    await expect.poll(() => fees.isChecked(), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        async () =>
          (await m().api<{ value: { transactionFees: boolean } }>('/api/preferences/transactions')).value
            .transactionFees,
        { timeout: 30_000 },
      )
      .toBe(true);

    // Metafields come with Standard too; the e-mail link wizard only with Premium.
    await page.goto(`${frontends.urls.shell}/preferences/metafields?shop=${shop}`);
    await page
      .getByText(
        'Die Funktion „E-Mail-Integration“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Premium.',
      )
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-feature="metafields"]').count()).toBe(0);
    expect(serverErrors).toEqual([]);
  }, 120_000);
});

async function expectEnabled(locator: import('playwright-core').Locator) {
  await expect.poll(() => locator.isEnabled(), { timeout: 30_000 }).toBe(true);
}
