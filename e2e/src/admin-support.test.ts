import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeLog } from '@belegfluss/db';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { eventually, merchant } from './merchant';
import { screenshot, serveFrontends } from './frontends';
import { openAppPage } from './merchant-browser';
import { startStack, type Stack } from './stack';
import {
  downtimesTable,
  eventLogTable,
  helpRequestsTable,
  ordersTable,
  partnersTable,
  shopsTable,
} from '@belegfluss/db/testing';

/**
 * Help and the admin area in Chromium against the whole stack: a merchant's
 * help request goes by e-mail to the support address through the default sender and shows in the
 * admin area; support finds the shop with its plan, opens it, sees its workflows with Temporal links
 * and its log with stack traces, gives permissions, makes it a partner, restarts and ends a workflow,
 * plans, edits and deletes a downtime, opens the payout runs, and every change is in the shop's log
 * with the acting person. The browser works as the sandbox's default staff user of the support shop,
 * whom the operator lists by name in OPERATOR_STAFF; the shop itself has no special permission.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'hilfe-laden.myshopify.com';
const admin = 'support-zentrale.myshopify.com';
/** How the shops' logs name the person working in the browser. */
const actor = `Betrieb Olga Betrieb (Nutzer ${DEFAULT_STAFF_USER_ID}, ${admin})`;
const serverErrors: string[] = [];
type Caught = { subject: string; text?: string; envelope: { to: string[] } };

beforeAll(async () => {
  process.env.OPERATOR_STAFF = `${admin}:${DEFAULT_STAFF_USER_ID}=Olga Betrieb`;
  stack = await startStack();
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  for (const s of [shop, admin]) {
    await merchant(stack, s).createShop();
    await merchant(stack, s).install();
  }
  await merchant(stack, shop).connectLexware();
  const { order } = await merchant(stack, shop).createOrder({ scenario: 'de_b2c' });
  await merchant(stack, shop).payOrder(order.id);
  await eventually(
    async () => (await eventLogTable.first(stack.db, { shopId: shop, event: 'invoice.created' })) as unknown,
    120_000,
  );
  ({ browser, page } = await openAppPage(serverErrors));
}, 240_000);
afterAll(async () => {
  delete process.env.OPERATOR_STAFF;
  await browser?.close();
  await frontends?.stop();
  await stack?.stop();
});

describe('help and the admin area in Chromium', () => {
  it('sends a help request by e-mail to support and keeps it for the admin area', async () => {
    await fetch(`${stack.sandbox.urls.control}/control/mail`, { method: 'DELETE' });
    // The contact page takes subject and message from the query, as the 418 page links it.
    const query = new URLSearchParams({
      shop,
      subject: 'Rechnung fehlt',
      message: 'Zu meiner letzten Bestellung finde ich keine Rechnung.',
    });
    await page.goto(`${frontends.urls.shell}/help/contact?${query.toString()}`);
    // The form takes the query once it has rendered; a click before that sends nothing (seen on a cold start).
    await expect.poll(() => page.getByLabel('Betreff').inputValue(), { timeout: 60_000 }).toBe('Rechnung fehlt');
    await page.getByRole('button', { name: 'Senden' }).click();
    await page
      .getByText(/^(Nachricht gesendet|Nachricht gespeichert|Die Nachricht wurde nicht gesendet)$/)
      .waitFor({ timeout: 40_000 });
    await screenshot(page, 'help-contact-sent');
    await page
      .getByText('Deine Anfrage ist bei uns angekommen. Wir antworten dir per E-Mail.')
      .waitFor({ timeout: 1_000 });
    const mails = (await (await fetch(`${stack.sandbox.urls.control}/control/mail`)).json()) as Caught[];
    const mail = mails.find((m) => m.subject === `Supportanfrage von ${shop}: Rechnung fehlt`);
    expect(mail?.envelope.to).toEqual(['support@belegfluss.local']);
    expect(await helpRequestsTable.list(stack.db, { shopId: shop, mailStatus: 'sent' })).toHaveLength(1);

    await page.goto(`${frontends.urls.shell}/admin/help?shop=${admin}`);
    await page.getByText('Zu meiner letzten Bestellung finde ich keine Rechnung.').waitFor({ timeout: 60_000 });
    await page.getByText('E-Mail gesendet').waitFor();
    await screenshot(page, 'admin-help-requests');
  }, 120_000);

  it('opens a shop with its workflows and log, makes it a partner, and the shop’s log names the person', async () => {
    await page.goto(`${frontends.urls.shell}/admin?shop=${admin}`);
    await page.getByPlaceholder('Shop-Domain oder Name').fill('hilfe');
    await page.getByRole('link', { name: shop }).click();
    await page.getByRole('heading', { name: 'Workflows' }).waitFor({ timeout: 60_000 });
    const temporalLink = page.getByRole('link', { name: /^Bestellung #/ }).first();
    await temporalLink.waitFor({ timeout: 60_000 });
    expect(await temporalLink.getAttribute('href')).toContain('/namespaces/default/workflows/');
    await page.getByText('Rechnung in Lexware Office erstellt', { exact: false }).first().waitFor();

    await page.getByLabel('Partner (Partnerprogramm und Coupons)').check({ force: true });
    await page.getByLabel('Provision des Partners').fill('30');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(`${actor}: Berechtigungen oder Partnerstatus geändert`).waitFor({ timeout: 30_000 });
    await page.getByText(`Angemeldet als ${actor.replace(' ', ': ')}`).waitFor();
    await screenshot(page, 'admin-shop-detail');
    expect((await shopsTable.one(stack.db, { id: shop })).partner).toBe(true);
    expect(Number((await partnersTable.one(stack.db, { shopId: shop })).allowance)).toBe(0.3);
    expect(serverErrors).toEqual([]);
  }, 120_000);

  it('lists shops with their plan, gives permissions, restarts and ends a workflow, shows stack traces and the payout runs', async () => {
    await shopsTable.update(stack.db, { id: shop }, { planId: 'standard' });
    await writeLog(stack.db, {
      shopId: shop,
      origin: 'invoice',
      event: 'invoice.failed',
      status: 'critical',
      body: {
        message: 'Die Adresse ist unvollständig',
        stack: 'LexwareError: 406 Not Acceptable\n    at issueDocument (documents.ts:61)',
      },
    });
    await page.goto(`${frontends.urls.shell}/admin?shop=${admin}`);
    await page.getByPlaceholder('Shop-Domain oder Name').fill('hilfe');
    const listed = page.locator('.Polaris-IndexTable__TableRow', { hasText: shop });
    await listed.getByText('Standard', { exact: true }).waitFor({ timeout: 60_000 });
    await listed.getByRole('link', { name: shop }).click();

    await page.getByLabel('Berechtigungen').fill('view_dashboard');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert und im Protokoll des Shops vermerkt').waitFor({ timeout: 30_000 });
    expect((await shopsTable.one(stack.db, { id: shop })).permissions).toEqual(['view_dashboard']);

    const failed = page.locator('.Polaris-IndexTable__TableRow', {
      hasText: 'Rechnung konnte nicht erstellt werden: Die Adresse ist unvollständig',
    });
    await failed.getByRole('button', { name: 'Stacktrace anzeigen' }).click({ timeout: 60_000 });
    await failed.getByText('at issueDocument (documents.ts:61)', { exact: false }).waitFor();

    const orderRow = page
      .locator('.Polaris-IndexTable__TableRow', { has: page.getByRole('link', { name: /^Bestellung #/ }) })
      .first();
    const workflowId = (await ordersTable.one(stack.db, { shopId: shop })).orderId as string;
    await orderRow.getByRole('button', { name: 'Neu starten' }).click();
    await page.getByText('Workflow neu gestartet', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText(`${actor}: Workflow neu gestartet – order:${shop}:${workflowId}`).waitFor({ timeout: 30_000 });
    const running = page
      .locator('.Polaris-IndexTable__TableRow', {
        has: page.getByRole('link', { name: /^Bestellung #/ }),
        hasText: 'RUNNING',
      })
      .first();
    await running.getByRole('button', { name: 'Beenden' }).click({ timeout: 30_000 });
    // Ending stops the order's processing: support confirms it.
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Der Workflow hält sofort an', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Beenden' }).click();
    await page.getByText(`${actor}: Workflow beendet – order:${shop}:${workflowId}`).waitFor({ timeout: 30_000 });
    await eventually(
      async () =>
        (await stack.temporal.client.workflow.getHandle(`order:${shop}:${workflowId}`).describe()).status.name ===
        'TERMINATED',
      30_000,
    );
    await screenshot(page, 'admin-shop-actions');
    const audit = await eventLogTable.select(
      stack.db,
      ['body'],
      { shopId: shop, event: 'admin.action' },
      { orderBy: 'id' },
    );
    expect(
      audit
        .map((a: { body: { action: string; admin: string; adminUser: string } }) => [
          a.body.action,
          a.body.admin,
          a.body.adminUser,
        ])
        .slice(-3),
    ).toEqual([
      ['settings', admin, DEFAULT_STAFF_USER_ID],
      ['workflow.restart', admin, DEFAULT_STAFF_USER_ID],
      ['workflow.terminate', admin, DEFAULT_STAFF_USER_ID],
    ]);

    await page.goto(`${frontends.urls.shell}/admin/payouts?shop=${admin}`);
    await page
      .getByText('Am 1. jedes Monats: PayPal über die Payouts-API', { exact: false })
      .waitFor({ timeout: 60_000 });
    await page.getByText('Noch kein Auszahlungslauf').waitFor();
    expect(serverErrors).toEqual([]);
  }, 180_000);

  it("refuses another staff account of the support shop: the shop's session alone is no admin", async () => {
    await expect(merchant(stack, admin, { userId: '99' }).api('/api/admin/shops')).rejects.toThrow(
      /answered 403: .*namentlich freigeschaltete/,
    );
  });

  it('plans a downtime with a preview of the banner, the shops see it, and support deletes it again', async () => {
    await page.goto(`${frontends.urls.shell}/admin/downtimes?shop=${admin}`);
    await page.getByLabel('Nachricht an die Shops').fill('Heute ab 22 Uhr kurze Wartung.');
    // The preview shows the banner exactly as the shops will see it.
    await page.getByText('Geplante Wartungsarbeiten').waitFor({ timeout: 60_000 });
    await page.getByText('Heute ab 22 Uhr kurze Wartung.').first().waitFor();
    const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Beginn').fill(local(new Date(Date.now() - 3_600_000)));
    await page.getByLabel('Ende (optional)').fill(local(new Date(Date.now() + 3_600_000)));
    await page.getByRole('button', { name: 'Wartung anlegen' }).click();
    await page.getByRole('button', { name: 'Bearbeiten' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-downtimes');
    expect(await downtimesTable.select(stack.db, ['status', 'message'])).toEqual([
      { status: 'warning', message: 'Heute ab 22 Uhr kurze Wartung.' },
    ]);

    await page.goto(`${frontends.urls.shell}/orders?shop=${shop}`);
    await page.getByText('Heute ab 22 Uhr kurze Wartung.').waitFor({ timeout: 60_000 });

    await page.goto(`${frontends.urls.shell}/admin/downtimes?shop=${admin}`);
    await page.getByRole('button', { name: 'Bearbeiten' }).click({ timeout: 60_000 });
    await page.getByLabel('Nachricht an die Shops').fill('Heute ab 23 Uhr kurze Wartung.');
    await page.getByText('Heute ab 23 Uhr kurze Wartung.').first().waitFor();
    await page.getByRole('button', { name: 'Änderung speichern' }).click();
    await eventually(
      async () => (await downtimesTable.first(stack.db))?.message === 'Heute ab 23 Uhr kurze Wartung.',
      30_000,
    );
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Keine Wartungen geplant').waitFor({ timeout: 30_000 });
    expect(await downtimesTable.list(stack.db)).toEqual([]);
    const audit = await eventLogTable.select(
      stack.db,
      ['body'],
      { shopId: admin, event: 'admin.action' },
      { orderBy: 'id' },
    );
    expect(audit.map((a: { body: { action: string } }) => a.body.action)).toEqual([
      'downtime.create',
      'downtime.update',
      'downtime.delete',
    ]);
  }, 120_000);
});
