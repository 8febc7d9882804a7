import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEATURE_INFO, featureRequiredMessage, PLAN_PRESENTATION } from '@belegfluss/shared';
import { subscribe } from './billing-helpers';
import { eventually, merchant } from './merchant';
import { screenshot, type serveFrontends } from './frontends';
import type { Stack } from './stack';
import { closeMerchantBrowser, openMerchantBrowser } from './merchant-browser';
import { documentsTable, eventLogTable, mailSendsTable, webhookInboxTable } from '@belegfluss/db/testing';

/**
 * The plan after a downgrade, the way a merchant does it: a shop subscribed to
 * Business through Shopify's billing set up mail, an exclusion tag and the payment sync, then chose Free
 * in the plan table (its colours, taglines and features shown), which ends the subscription at
 * Shopify. The server refuses the gated settings with the spec's 402 text. Its next order gets its
 * invoice, but no mail and no tag rule (the worker applies the same feature map as the gateway),
 * and the event log says why in German, once per order and feature, with a link to the plan.
 */
let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
let browser: Browser;
let page: Page;
const shop = 'abgestuft-laden.myshopify.com';
const m = () => merchant(stack, shop);
const serverErrors: string[] = [];
const control = (path: string) => fetch(`${stack.sandbox.urls.control}${path}`).then((r) => r.json());
const patch = (section: string, body: unknown) =>
  m().api(`/api/preferences/${section}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  ({ stack, frontends, browser, page } = await openMerchantBrowser(shop, serverErrors, { freePlan: true }));
  // Business, approved on Shopify's billing confirmation page, then set up.
  await subscribe(stack, shop, 'business');
  await patch('invoices', { invoiceSendMail: { enabled: true }, skipTags: ['intern'] });
  await patch('orderHandling', { syncOrderPayment: true });
}, 240_000);
afterAll(() => closeMerchantBrowser({ stack, frontends, browser }));

describe('a downgraded shop in the worker', () => {
  it('no longer gets mail or tag rules on Free, and the log says why', async () => {
    // The plan table: each plan's colour badge with its tagline, and what it adds.
    await page.goto(`${frontends.urls.shell}/plan?shop=${shop}`);
    await page.getByText('Aktiver Tarif: Business').waitFor({ timeout: 60_000 });
    for (const plan of ['free', 'standard', 'premium', 'business'] as const) {
      await page.getByText(PLAN_PRESENTATION[plan].tagline, { exact: true }).waitFor();
    }
    await page.getByText(`+ ${FEATURE_INFO.emails.title}`, { exact: false }).first().waitFor();
    await screenshot(page, 'plan-downgrade-table');
    await page.getByLabel('Free').check({ force: true });
    await page.getByText('Tarif noch nicht gespeichert').waitFor();
    await page.getByRole('button', { name: 'Tarif wechseln' }).click();
    await page.getByText('Aktiver Tarif: Free').waitFor({ timeout: 60_000 });
    // Shopify bills no more: the subscription is cancelled there.
    const atShopify = (await control(`/control/shops/${shop}`)) as { appSubscriptions: { status: string }[] };
    expect(atShopify.appSubscriptions.map((sub) => sub.status)).toEqual(['CANCELLED']);
    // The server refuses what Free lacks and was not set up before, with the spec's text.
    const refused = await fetch(`${stack.gatewayUrl}/api/preferences/invoices`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await m().token()}` },
      body: JSON.stringify({ invoiceDeliveryDate0: { event: 'created', modify: 'add', offset: 3, unit: 'day' } }),
    });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { message: string }).message).toBe(featureRequiredMessage('deliveryDate'));
    // An order with the excluded tag: on Business it would get no invoice; on Free the tag rule is not applied.
    const { order } = await m().createOrder({ scenario: 'de_b2c', tags: ['intern'] });
    await m().payOrder(order.id);
    const invoice = await eventually(
      async () =>
        documentsTable.first(
          stack.db,
          { shopId: shop, orderId: String(order.id), type: 'invoice' },
          { notNull: ['lexwareId'] },
        ),
      120_000,
    );
    // Every webhook of the order handled, so the mail step is over.
    await eventually(async () => {
      const rows = await webhookInboxTable.list(stack.db, { shopId: shop, resourceId: String(order.id) });
      return rows.length > 0 && rows.every((r) => !['received', 'started'].includes(r.status as string));
    }, 120_000);
    expect(invoice.emailedAt).toBeNull();
    expect(await mailSendsTable.list(stack.db, { documentId: invoice.id })).toEqual([]);
    const mails = (await control('/control/mail')) as { subject: string }[];
    expect(mails.filter((mail) => mail.subject.endsWith(` ${order.name}`))).toEqual([]);

    const notes = await eventLogTable.list(
      stack.db,
      { shopId: shop, orderId: String(order.id), event: 'plan.feature.withheld' },
      { orderBy: 'id' },
    );
    expect(notes.map((n) => n.body.feature).sort()).toEqual(['emails', 'orderSync', 'tags']);
    expect(notes.every((n) => n.body.plan === 'free' && n.status === 'warning')).toBe(true);
    // The settings themselves are kept for an upgrade.
    expect((await m().api<{ value: { skipTags: string[] } }>('/api/preferences/invoices')).value.skipTags).toEqual([
      'intern',
    ]);

    await page.goto(`${frontends.urls.shell}/orders/${order.id}?shop=${shop}`);
    const mailNote = page.getByText(
      '„E-Mail-Versand“ ist eingerichtet, aber im Tarif Free nicht enthalten und wurde bei dieser Bestellung übersprungen. Verfügbar ab dem Tarif Basic',
    );
    await mailNote.first().waitFor({ timeout: 60_000 });
    await page
      .getByText('„Tag-Regeln“ ist eingerichtet, aber im Tarif Free nicht enthalten', { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'plan-downgrade-order');

    await page.goto(`${frontends.urls.shell}/log?shop=${shop}`);
    await page
      .getByText('„Zahlstatus-Abgleich“ ist eingerichtet, aber im Tarif Free nicht enthalten', { exact: false })
      .first()
      .waitFor({ timeout: 60_000 });
    const row = page.locator('.Polaris-IndexTable__TableRow', { hasText: '„E-Mail-Versand“ ist eingerichtet' }).first();
    expect(await row.getByRole('link', { name: 'Abonnement' }).getAttribute('href')).toBe('/plan');
    await screenshot(page, 'plan-downgrade-log');
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it('writes each note once per order, however often the order comes back, and only where it applies', async () => {
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    await eventually(
      async () =>
        documentsTable.first(
          stack.db,
          { shopId: shop, orderId: String(order.id), type: 'invoice' },
          { notNull: ['lexwareId'] },
        ),
      120_000,
    );
    const settled = (min: number) =>
      eventually(async () => {
        const rows = await webhookInboxTable.list(stack.db, { shopId: shop, resourceId: String(order.id) });
        return (
          rows.length >= min && rows.every((r) => !['received', 'started'].includes(r.status as string)) && rows.length
        );
      }, 120_000);
    const before = await settled(1);
    await fetch(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/fulfil`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    await settled(before + 1);
    const notes = await eventLogTable.list(stack.db, {
      shopId: shop,
      orderId: String(order.id),
      event: 'plan.feature.withheld',
    });
    // An order without the rule's tag: the tag rule would not have touched it, so its log doesn't name it.
    expect(notes.map((n) => n.body.feature).sort()).toEqual(['emails', 'orderSync']);
  }, 300_000);
});
